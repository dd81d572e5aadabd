import type { MarketInterestPage } from '@kicksight/contracts';
import type { Clock, Logger } from '@kicksight/platform';
import type { MarketModels } from '../store/market-models.ts';

/** Reads collection's pages of what members hold, watch and set alerts on. */
export type MarketInterestSource = (after: string | undefined) => Promise<MarketInterestPage>;

/**
 * Sizes an event touched this recently are kept though collection's pages lack them: their own event is on its way
 * (and another pod's clock may run a little behind this one's).
 */
export const RECENT_EVENT_MARGIN_MS = 5 * 60_000;

/**
 * Makes the sizes members care about match collection's own records. The demand consumer follows collection's
 * events, but the topics keep only days of them: a new catalog store, or events from before watchlists and alerts
 * were published, would leave sizes out. Every size collection lists is kept (stamped with this round's start); every
 * size it no longer lists, and no event touched lately, goes.
 */
export function createDemandReconcile({ interests, marketModels, clock, logger }: { interests: MarketInterestSource; marketModels: MarketModels; clock: Clock; logger: Logger }) {
  const { Demand } = marketModels;
  return async function reconcile(): Promise<{ kept: number; released: number }> {
    const started = clock.now();
    let after: string | undefined;
    let kept = 0;
    do {
      const page = await interests(after);
      if (page.interests.length > 0) {
        await Demand.bulkWrite(
          page.interests.map(({ id, userId, sneakerId, size, kind }) => ({
            replaceOne: { filter: { _id: id }, replacement: { _id: id, sneakerId, size, kind, userId, updatedAt: started }, upsert: true },
          })),
          { ordered: false },
        );
      }
      kept += page.interests.length;
      after = page.next ?? undefined;
    } while (after);
    const before = new Date(started.getTime() - RECENT_EVENT_MARGIN_MS);
    const { deletedCount } = await Demand.deleteMany({ $or: [{ updatedAt: { $lt: before } }, { updatedAt: { $exists: false } }] });
    logger.info({ kept, released: deletedCount }, 'market demand reconciled with collection');
    return { kept, released: deletedCount };
  };
}

/** After a failed round (collection or the store away), the next try comes this much later. */
export const RECONCILE_RETRY_MS = 60_000;
