import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Topic, type Envelope } from '@kicksight/contracts';
import { createEventConsumer, type EventConsumer, type Kafka, type Logger } from '@kicksight/platform';
import type { SearchIndex } from '../domain/search-index.ts';
import { summaryFromDoc } from '../domain/views.ts';
import type { Models, SummaryDoc } from '../store/models.ts';


/** A consumer group of this process alone: every pod reads every product change. */
export const searchGroupId = (): string => `catalog-search-${hostname().replace(/[^\w.-]/g, '_')}-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Brings one sneaker of the index up to date with the store (if the event is newer than what it holds). */
export async function refreshSneaker(models: Models, index: SearchIndex, sneakerId: string, version: number): Promise<void> {
  const held = index.get(sneakerId);
  if (held && held.version >= version) return;
  const doc = await models.Summary.findById(sneakerId).lean<SummaryDoc>();
  if (doc) index.upsert(summaryFromDoc(doc));
  else index.remove(sneakerId);
}

/**
 * This pod's reader of the `catalog` topic: each `catalog.product_changed` refreshes the sneaker in
 * the pod's search index. It starts at the topic's end (the index is built from the store after
 * it joined); other catalog events are not the index's concern.
 */
export function searchUpdatesConsumer(options: { kafka: Kafka; prefix: string; logger: Logger; models: Models; index: SearchIndex; sessionTimeoutMs: number; groupId?: string }): EventConsumer {
  const { models, index } = options;
  return createEventConsumer({
    kafka: options.kafka,
    groupId: options.groupId ?? searchGroupId(),
    topics: [Topic.catalog],
    prefix: options.prefix,
    logger: options.logger,
    sessionTimeoutMs: options.sessionTimeoutMs,
    fromBeginning: false,
    handle: async (event: Envelope) => {
      if (event.type !== 'catalog.product_changed') return;
      const { sneakerId, version } = event.data as { sneakerId: string; version: number };
      await refreshSneaker(models, index, sneakerId, version);
    },
  });
}
