import { randomUUID } from 'node:crypto';
import { CollectionErrorCode, PRICE_ALERTS_PER_USER, type PriceAlertBody } from '@kicksight/contracts';
import { AppError, withTransaction, type Clock, type Pool } from '@kicksight/platform';
import { activity } from '../store/activity.ts';
import { alerts, type AlertRow } from '../store/alerts.ts';
import { collectors } from '../store/collectors.ts';
import { market } from '../store/market.ts';
import { activityOf } from './activity-entries.ts';
import { observePrice } from './alert-crossing.ts';
import type { Caller } from './caller.ts';
import type { SneakerTracker } from './sneaker-tracker.ts';

const notFound = () => AppError.notFound('Price alert not found');

export const alertView = (alert: AlertRow) => ({
  id: alert.id,
  sneakerId: alert.sneakerId,
  sneakerName: alert.sneakerName,
  imageUrl: alert.imageUrl,
  size: alert.size,
  targetPrice: alert.targetPrice,
  currentPrice: alert.currentPrice,
  side: alert.lastSide,
  triggerCount: alert.triggerCount,
  lastTriggeredAt: alert.lastTriggeredAt?.toISOString() ?? null,
  createdAt: alert.createdAt.toISOString(),
});

/**
 * Price alerts: a sneaker, an optional size and a target. An alert starts on the side of its target
 * the watched price is on now (that size's market price, or the lowest across sizes), so it fires
 * on the first crossing after it was set.
 */
export function createPriceAlerts({ pool, clock, tracker }: { pool: Pool; clock: Clock; tracker: SneakerTracker }) {
  return {
    list: async (caller: Caller) => (await alerts.list(pool, caller.id)).map(alertView),

    async create(caller: Caller, body: PriceAlertBody) {
      const facts = await tracker.track(body.sneakerId, caller);
      const id = randomUUID();
      const size = body.size ?? null;
      await withTransaction(pool, async (client) => {
        const at = clock.now();
        await collectors.lock(client, caller.id, at);
        if ((await alerts.count(client, caller.id)) >= PRICE_ALERTS_PER_USER) {
          throw AppError.conflict(`You can have at most ${PRICE_ALERTS_PER_USER} price alerts`, CollectionErrorCode.ALERT_LIMIT);
        }
        const watched = size === null ? (await market.quote(client, body.sneakerId)).lowestPrice : await market.sizePrice(client, body.sneakerId, size);
        const lastSide = watched === null ? null : observePrice(null, body.targetPrice, watched).side;
        const alert = { id, userId: caller.id, sneakerId: body.sneakerId, size, targetPrice: body.targetPrice };
        await alerts.insert(client, { ...alert, lastSide, lastPrice: watched }, at);
        await activity.add(client, [activityOf.alertCreated(alert, facts.name, at)]);
      });
      const created = await alerts.get(pool, caller.id, id);
      if (!created) throw notFound();
      return alertView(created);
    },

    async remove(caller: Caller, id: string) {
      await withTransaction(pool, async (client) => {
        const removed = await alerts.delete(client, caller.id, id);
        if (!removed) throw notFound();
        await activity.add(client, [activityOf.alertRemoved({ id, userId: caller.id, ...removed }, clock.now())]);
      });
      return { id, removed: true };
    },
  };
}
