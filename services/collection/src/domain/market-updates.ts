import type { EventData } from '@kicksight/contracts';
import { applyOnce, enqueueEvents, type Clock, type OutgoingEvent, type Pool } from '@kicksight/platform';
import { activity, type ActivityEntry } from '../store/activity.ts';
import { alerts } from '../store/alerts.ts';
import { collectors } from '../store/collectors.ts';
import { market } from '../store/market.ts';
import { alertTriggeredEvent } from '../events/publish.ts';
import { activityOf } from './activity-entries.ts';
import { observePrice } from './alert-crossing.ts';

export const MARKET_CONSUMER = 'collection-market';

/**
 * price.changed -> the market-price projection (the price, and the reading or sale behind it: bid, ask,
 * source and time), then the price alerts it concerns. A size's price
 * changes only when the event's seq is newer than the one known, so a late or repeated event never
 * rolls a price back; items are never rewritten (their values are read through the projection).
 * Each alert whose watched price moved across its target fires alert.triggered once (unless paused), through the
 * outbox, in the same transaction as the price and the event's dedupe row, saying whether the member wants an
 * in-app notice of it (their priceAlertNotifications preference).
 */
export function createMarketUpdates({ pool, clock }: { pool: Pool; clock: Clock }) {
  return applyOnce(
    pool,
    MARKET_CONSUMER,
    async (client, event) => {
      const { sneakerId, size, price, seq, source, asOf, highestBid, lowestAsk, latestSales } = event.data as EventData<'price.changed@1'>;
      // Catalog announces sizes' prices; a change without a size says nothing about any size.
      if (size === null) return;
      const at = clock.now();
      // A reading's change carries its bid and ask; any other change is a sale's (older events say no more).
      const observed = { source: source ?? null, asOf: asOf ?? null };
      const read = highestBid !== undefined || lowestAsk !== undefined;
      const part = read ? { reading: { highestBid: highestBid ?? null, lowestAsk: lowestAsk ?? null, ...observed } } : { sale: { price, ...observed } };
      const quote = await market.applyPrice(client, sneakerId, { size, price, seq, ...part, latestSales }, at);
      if (!quote || quote.alerts === 0) return;
      const events: OutgoingEvent[] = [];
      const entries: ActivityEntry[] = [];
      for (const alert of await alerts.watching(client, sneakerId, size)) {
        const watched = alert.size === null ? quote.lowestPrice : price;
        if (watched === null || watched === alert.lastPrice) continue;
        const next = observePrice(alert.lastSide, alert.targetPrice, watched);
        // A paused alert keeps its side current, so resuming it never fires for a crossing it slept through.
        const fires = next.crossed && alert.pausedAt === null;
        await alerts.observed(client, alert.id, { side: next.side, price: watched, fired: fires }, at);
        if (!fires) continue;
        const { priceAlertNotifications } = await collectors.preferences(client, alert.userId);
        events.push(alertTriggeredEvent(alert, watched, next.side, { clock, correlationId: event.correlationId }, priceAlertNotifications !== false));
        entries.push(activityOf.alertTriggered(alert, watched, next.side, at));
      }
      await enqueueEvents(client, events, clock);
      await activity.add(client, entries);
    },
    clock,
  );
}
