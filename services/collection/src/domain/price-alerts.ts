import { randomUUID } from 'node:crypto';
import { CollectionErrorCode, PRICE_ALERTS_PER_USER, isAtPrice, targetAtCurrentPriceMessage, type PriceAlertBody, type PriceAlertUpdate } from '@kicksight/contracts';
import { AppError, enqueueEvents, withTransaction, type Clock, type Pool, type PoolClient } from '@kicksight/platform';
import { activity } from '../store/activity.ts';
import { alerts, type AlertRow } from '../store/alerts.ts';
import { collectors } from '../store/collectors.ts';
import { market } from '../store/market.ts';
import { alertEvent } from '../events/publish.ts';
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
  paused: alert.pausedAt !== null,
  triggerCount: alert.triggerCount,
  lastTriggeredAt: alert.lastTriggeredAt?.toISOString() ?? null,
  createdAt: alert.createdAt.toISOString(),
});

/** The price an alert watches now: its size's market price, or the lowest across sizes (null: none known). */
async function watchedPrice(client: PoolClient, sneakerId: string, size: number | null): Promise<number | null> {
  return size === null ? (await market.quote(client, sneakerId)).lowestPrice : market.sizePrice(client, sneakerId, size);
}

/**
 * Where an alert at `targetPrice` starts: the side of its target the watched price is on now (so it
 * fires on the first crossing after it was set). A target at that price (to the dollar shown) is
 * refused: it would not say which way the member waits for the price to go.
 */
function startingPoint(size: number | null, targetPrice: number, watched: number | null) {
  if (watched !== null && isAtPrice(targetPrice, watched)) throw AppError.badRequest(targetAtCurrentPriceMessage(size, watched), CollectionErrorCode.TARGET_AT_CURRENT_PRICE);
  return { lastSide: watched === null ? null : observePrice(null, targetPrice, watched).side, lastPrice: watched };
}

/**
 * Price alerts: a sneaker, an optional size and a target, watched from the side of the target the
 * price is on when it is set or changed; paused alerts follow the price without firing.
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
        const start = startingPoint(size, body.targetPrice, await watchedPrice(client, body.sneakerId, size));
        const alert = { id, userId: caller.id, sneakerId: body.sneakerId, size, targetPrice: body.targetPrice };
        await alerts.insert(client, { ...alert, ...start }, at);
        await enqueueEvents(client, [alertEvent('alert.created@1', alert, { clock, correlationId: caller.requestId })], clock);
        await activity.add(client, [activityOf.alertCreated(alert, facts.name, at)]);
      });
      const created = await alerts.get(pool, caller.id, id);
      if (!created) throw notFound();
      return alertView(created);
    },

    /** A new target (watched afresh from the side the price is on now), and/or a pause or resume. */
    async update(caller: Caller, id: string, change: PriceAlertUpdate) {
      await withTransaction(pool, async (client) => {
        const alert = await alerts.lock(client, caller.id, id);
        if (!alert) throw notFound();
        const retarget = change.targetPrice !== undefined && change.targetPrice !== alert.targetPrice;
        const targetPrice = change.targetPrice ?? alert.targetPrice;
        const start = retarget ? startingPoint(alert.size, targetPrice, await watchedPrice(client, alert.sneakerId, alert.size)) : { lastSide: alert.lastSide, lastPrice: alert.lastPrice };
        const pausedAt = change.paused === undefined ? alert.pausedAt : change.paused ? (alert.pausedAt ?? clock.now()) : null;
        await alerts.update(client, id, { targetPrice, ...start, pausedAt });
      });
      const updated = await alerts.get(pool, caller.id, id);
      if (!updated) throw notFound();
      return alertView(updated);
    },

    async remove(caller: Caller, id: string) {
      await withTransaction(pool, async (client) => {
        const removed = await alerts.delete(client, caller.id, id);
        if (!removed) throw notFound();
        await enqueueEvents(client, [alertEvent('alert.removed@1', { id, userId: caller.id, ...removed }, { clock, correlationId: caller.requestId })], clock);
        await activity.add(client, [activityOf.alertRemoved({ id, userId: caller.id, ...removed }, clock.now())]);
      });
      return { id, removed: true };
    },
  };
}
