import { Topic, isEvent, type Envelope } from '@kicksight/contracts';
import { createEventConsumer, type EventConsumer, type Logger, type Kafka } from '@kicksight/platform';

export const COLLECTION_GROUP = 'collection';

export interface CollectionConsumerDeps {
  kafka: Kafka;
  prefix: string;
  logger: Logger;
  /** price.changed -> market prices and alerts. */
  applyPriceChange: (event: Envelope) => Promise<unknown>;
  /** user.deleted -> the member's data erased. */
  eraseMember: (event: Envelope<{ userId: string }>) => Promise<void>;
  sessionTimeoutMs?: number;
}

/** What collection learns from other services: market prices from the catalogue, and deleted accounts. */
export function collectionConsumer({ kafka, prefix, logger, applyPriceChange, eraseMember, sessionTimeoutMs }: CollectionConsumerDeps): EventConsumer {
  return createEventConsumer({
    kafka,
    prefix,
    logger,
    groupId: prefix ? `${prefix}.${COLLECTION_GROUP}` : COLLECTION_GROUP,
    topics: [Topic.catalog, Topic.user],
    sessionTimeoutMs,
    handle: async (event) => {
      if (isEvent(event, 'price.changed@1')) await applyPriceChange(event);
      else if (isEvent(event, 'user.deleted@1')) await eraseMember(event);
    },
  });
}
