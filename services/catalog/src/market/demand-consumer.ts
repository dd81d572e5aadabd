import { MANUAL_ITEM_SNEAKER_ID, Topic, type Envelope, type EventData } from '@kicksight/contracts';
import { createEventConsumer, type EventConsumer, type Kafka, type Logger } from '@kicksight/platform';
import type { MarketModels } from '../store/market-models.ts';

export const DEMAND_GROUP = 'catalog-market-demand';

/**
 * The sizes members hold, from collection's events (one consumer group for all pods, from the topic's
 * start): an added or updated item holds its sneaker's size, a removed one lets it go. Kept per item, so a
 * repeated event changes nothing. The StockX sync reads these sizes.
 */
export function demandConsumer(options: { kafka: Kafka; prefix: string; logger: Logger; marketModels: MarketModels; sessionTimeoutMs: number }): EventConsumer {
  const { Demand } = options.marketModels;
  return createEventConsumer({
    kafka: options.kafka,
    groupId: options.prefix ? `${options.prefix}.${DEMAND_GROUP}` : DEMAND_GROUP,
    topics: [Topic.collection],
    prefix: options.prefix,
    logger: options.logger,
    sessionTimeoutMs: options.sessionTimeoutMs,
    fromBeginning: true,
    handle: async (event: Envelope) => {
      if (event.type !== 'collection.item_added' && event.type !== 'collection.item_updated' && event.type !== 'collection.item_removed') return;
      const { itemId, sneakerId, size } = event.data as EventData<'collection.item_added@1'>;
      if (event.type === 'collection.item_removed' || sneakerId === MANUAL_ITEM_SNEAKER_ID) {
        await Demand.deleteOne({ _id: itemId });
        return;
      }
      await Demand.replaceOne({ _id: itemId }, { sneakerId, size }, { upsert: true });
    },
  });
}
