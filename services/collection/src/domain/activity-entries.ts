import { randomUUID } from 'node:crypto';
import type { ActivityType } from '@kicksight/contracts';
import type { ActivityEntry } from '../store/activity.ts';
import { centsToDollars } from './money.ts';

const usd = (cents: number) => `$${centsToDollars(cents).replace(/\.00$/, '')}`;
const sizeText = (size: number | null) => (size === null ? 'any size' : `size ${size}`);

function entry(type: ActivityType, userId: string, at: Date, fields: { title: string; description: string; sneakerId: string | null; subjectId: string | null; amount: number | null }): ActivityEntry {
  return { id: randomUUID(), userId, type, occurredAt: at, ...fields };
}

/** The activity feed's entries, worded for people. */
export const activityOf = {
  itemAdded: (item: { id: string; userId: string; sneakerId: string | null; name: string; size: number; purchasePrice: number }, at: Date) =>
    entry('item_added', item.userId, at, { title: `Added ${item.name}`, description: `Size ${item.size}, bought for ${usd(item.purchasePrice)}`, sneakerId: item.sneakerId, subjectId: item.id, amount: item.purchasePrice }),

  itemUpdated: (item: { id: string; userId: string; sneakerId: string | null; name: string }, changes: string[], at: Date) =>
    entry('item_updated', item.userId, at, { title: `Updated ${item.name}`, description: changes.length > 0 ? `Changed ${changes.join(', ')}` : 'No changes', sneakerId: item.sneakerId, subjectId: item.id, amount: null }),

  itemRemoved: (item: { id: string; userId: string; sneakerId: string | null; name: string }, soldPrice: number | null, at: Date) =>
    entry('item_removed', item.userId, at, {
      title: soldPrice === null ? `Removed ${item.name}` : `Sold ${item.name}`,
      description: soldPrice === null ? 'Taken out of the collection' : `Sold for ${usd(soldPrice)}`,
      sneakerId: item.sneakerId,
      subjectId: item.id,
      amount: soldPrice,
    }),

  alertCreated: (alert: { id: string; userId: string; sneakerId: string; size: number | null; targetPrice: number }, name: string, at: Date) =>
    entry('alert_created', alert.userId, at, { title: `Price alert on ${name}`, description: `At ${usd(alert.targetPrice)}, ${sizeText(alert.size)}`, sneakerId: alert.sneakerId, subjectId: alert.id, amount: alert.targetPrice }),

  alertRemoved: (alert: { id: string; userId: string; sneakerId: string; targetPrice: number }, at: Date) =>
    entry('alert_removed', alert.userId, at, { title: 'Price alert removed', description: `It was set at ${usd(alert.targetPrice)}`, sneakerId: alert.sneakerId, subjectId: alert.id, amount: alert.targetPrice }),

  alertTriggered: (alert: { id: string; userId: string; sneakerId: string; sneakerName: string | null; targetPrice: number }, price: number, direction: 'above' | 'below', at: Date) =>
    entry('alert_triggered', alert.userId, at, {
      title: `${alert.sneakerName ?? 'A sneaker you watch'} went ${direction === 'below' ? 'down' : 'up'} to ${usd(price)}`,
      description: `Your alert at ${usd(alert.targetPrice)} fired`,
      sneakerId: alert.sneakerId,
      subjectId: alert.id,
      amount: price,
    }),

  watchlistAdded: (entryOf: { id: string; userId: string; sneakerId: string }, name: string, at: Date) =>
    entry('watchlist_added', entryOf.userId, at, { title: `Watching ${name}`, description: 'Added to the watchlist', sneakerId: entryOf.sneakerId, subjectId: entryOf.id, amount: null }),

  watchlistRemoved: (entryOf: { id: string; userId: string; sneakerId: string }, at: Date) =>
    entry('watchlist_removed', entryOf.userId, at, { title: 'Stopped watching a sneaker', description: 'Removed from the watchlist', sneakerId: entryOf.sneakerId, subjectId: entryOf.id, amount: null }),
};
