import { MANUAL_ITEM_SNEAKER_ID, Topic, isEvent, type Envelope } from '@kicksight/contracts';
import { createEventConsumer, type Clock, type EventConsumer, type Kafka, type Logger } from '@kicksight/platform';
import type { DemandDoc, MarketModels } from '../store/market-models.ts';

export const DEMAND_GROUP = 'catalog-market-demand';

/**
 * The sizes members care about, from collection's events (one consumer group for all pods, from the
 * topics' start): an added or updated item holds its sneaker's size, a price alert its size (or every
 * size), a watchlist entry every size of its sneaker; a removal lets it go, and so does a sale (undoing
 * it holds the size again). A deleted member's account lets go of all of theirs: collection erases them
 * without an event per item. Kept per item, alert and entry, with the member's id, so a repeated event
 * changes nothing. The StockX sync reads these sizes.
 */
export function demandConsumer(options: { kafka: Kafka; prefix: string; logger: Logger; marketModels: MarketModels; sessionTimeoutMs: number; clock: Clock }): EventConsumer {
  const { Demand } = options.marketModels;
  const keep = (doc: Omit<DemandDoc, 'updatedAt'>) => Demand.replaceOne({ _id: doc._id }, { ...doc, updatedAt: options.clock.now() }, { upsert: true });
  const owned = ({ itemId, sneakerId, size, userId }: { itemId: string; sneakerId: string; size: number; userId: string }) =>
    sneakerId === MANUAL_ITEM_SNEAKER_ID ? release(itemId) : keep({ _id: itemId, sneakerId, size, kind: 'owned', userId });
  const release = (id: string) => Demand.deleteOne({ _id: id });
  return createEventConsumer({
    kafka: options.kafka,
    groupId: options.prefix ? `${options.prefix}.${DEMAND_GROUP}` : DEMAND_GROUP,
    topics: [Topic.collection, Topic.user],
    prefix: options.prefix,
    logger: options.logger,
    sessionTimeoutMs: options.sessionTimeoutMs,
    fromBeginning: true,
    handle: async (event: Envelope) => {
      if (
        isEvent(event, 'collection.item_added@1') ||
        isEvent(event, 'collection.item_updated@1') ||
        isEvent(event, 'collection.sale_undone@1') ||
        isEvent(event, 'collection.sale_undone@2')
      ) {
        await owned(event.data);
      } else if (isEvent(event, 'collection.item_removed@1') || isEvent(event, 'collection.item_sold@1') || isEvent(event, 'collection.item_sold@2')) {
        await release(event.data.itemId);
      } else if (isEvent(event, 'alert.created@1')) {
        const { alertId, sneakerId, size, userId } = event.data;
        await keep({ _id: alertId, sneakerId, size, kind: 'alerted', userId });
      } else if (isEvent(event, 'alert.removed@1')) {
        await release(event.data.alertId);
      } else if (isEvent(event, 'watchlist.added@1')) {
        const { entryId, sneakerId, userId } = event.data;
        await keep({ _id: entryId, sneakerId, size: null, kind: 'watched', userId });
      } else if (isEvent(event, 'watchlist.removed@1')) {
        await release(event.data.entryId);
      } else if (isEvent(event, 'user.deleted@1')) {
        await Demand.deleteMany({ userId: event.data.userId });
      }
    },
  });
}
