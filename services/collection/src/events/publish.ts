import { MANUAL_ITEM_SNEAKER_ID } from '@kicksight/contracts';
import { newEvent, type Clock, type OutgoingEvent } from '@kicksight/platform';
import type { Side } from '../domain/alert-crossing.ts';

type ItemEventKey = 'collection.item_added@1' | 'collection.item_updated@1' | 'collection.item_removed@1';

/** An item event, keyed by the member so a collection's events stay in order (billing projects the item count from them). */
export function itemEvent(
  key: ItemEventKey,
  item: { id: string; userId: string; sneakerId: string | null; size: number },
  itemCount: number,
  context: { clock: Clock; correlationId?: string },
): OutgoingEvent {
  const data = { userId: item.userId, itemId: item.id, sneakerId: item.sneakerId ?? MANUAL_ITEM_SNEAKER_ID, size: item.size, itemCount };
  return { key: item.userId, envelope: newEvent(key, data, context) };
}

export function alertTriggeredEvent(
  alert: { id: string; userId: string; sneakerId: string; sneakerName: string | null; size: number | null; targetPrice: number },
  price: number,
  direction: Side,
  context: { clock: Clock; correlationId?: string },
  notifyInApp = true,
): OutgoingEvent {
  const data = {
    userId: alert.userId,
    alertId: alert.id,
    sneakerId: alert.sneakerId,
    size: alert.size,
    targetPrice: alert.targetPrice,
    price,
    direction,
    ...(alert.sneakerName ? { sneakerName: alert.sneakerName } : {}),
    notifyInApp,
  };
  return { key: alert.userId, envelope: newEvent('alert.triggered@1', data, context) };
}

/** A price alert set or removed: catalog reads the market of the sizes members alert on. Keyed by the member. */
export function alertEvent(key: 'alert.created@1' | 'alert.removed@1', alert: { id: string; userId: string; sneakerId: string; size: number | null }, context: { clock: Clock; correlationId?: string }): OutgoingEvent {
  return { key: alert.userId, envelope: newEvent(key, { userId: alert.userId, alertId: alert.id, sneakerId: alert.sneakerId, size: alert.size }, context) };
}

/** A sneaker watched or no longer: catalog reads the market of every size members watch. Keyed by the member. */
export function watchlistEvent(key: 'watchlist.added@1' | 'watchlist.removed@1', entry: { id: string; userId: string; sneakerId: string }, context: { clock: Clock; correlationId?: string }): OutgoingEvent {
  return { key: entry.userId, envelope: newEvent(key, { userId: entry.userId, entryId: entry.id, sneakerId: entry.sneakerId }, context) };
}
