import { Topic, isEvent } from '@kicksight/contracts';
import { createEventConsumer, type Clock, type EventConsumer, type Logger, type Kafka } from '@kicksight/platform';

export const PREDICTION_GROUP = 'prediction';

export interface PredictionConsumerDeps {
  kafka: Kafka;
  prefix: string;
  logger: Logger;
  clock: Clock;
  /** Sales older than this cannot be behind a cached forecast (it expired since), so they are skipped. */
  cacheTtlMs: number;
  saleRecorded: (sneakerId: string, size: number) => Promise<void>;
  sessionTimeoutMs?: number;
}

/**
 * What prediction learns from the catalogue: a sale of a sneaker makes its cached forecasts, and its size's, stale.
 * The replicas share one group (the cache is shared, one of them dropping a key is enough).
 */
export function predictionConsumer({ kafka, prefix, logger, clock, cacheTtlMs, saleRecorded, sessionTimeoutMs }: PredictionConsumerDeps): EventConsumer {
  return createEventConsumer({
    kafka,
    prefix,
    logger,
    groupId: prefix ? `${prefix}.${PREDICTION_GROUP}` : PREDICTION_GROUP,
    topics: [Topic.catalog],
    sessionTimeoutMs,
    handle: async (event) => {
      if (!isEvent(event, 'sale.recorded@1')) return;
      if (Date.parse(event.occurredAt) < clock.now().getTime() - cacheTtlMs) return;
      await saleRecorded(event.data.sneakerId, event.data.size);
    },
  });
}
