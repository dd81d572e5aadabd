import { randomUUID } from 'node:crypto';
import { CollectionErrorCode, WATCHLIST_ENTRIES_PER_USER } from '@kicksight/contracts';
import { AppError, enqueueEvents, withTransaction, type Clock, type Pool } from '@kicksight/platform';
import { activity } from '../store/activity.ts';
import { collectors } from '../store/collectors.ts';
import { watchlist, type WatchlistRow } from '../store/watchlist.ts';
import { watchlistEvent } from '../events/publish.ts';
import { activityOf } from './activity-entries.ts';
import type { Caller } from './caller.ts';
import type { SneakerTracker } from './sneaker-tracker.ts';

const notFound = () => AppError.notFound('Watchlist entry not found');

const entryView = (entry: WatchlistRow) => ({ ...entry, addedAt: entry.addedAt.toISOString() });

/** Sneakers a member watches, with their current prices from the market projection. */
export function createWatchlist({ pool, clock, tracker }: { pool: Pool; clock: Clock; tracker: SneakerTracker }) {
  return {
    list: async (caller: Caller) => (await watchlist.list(pool, caller.id)).map(entryView),

    async add(caller: Caller, sneakerId: string) {
      const facts = await tracker.track(sneakerId, caller);
      const id = randomUUID();
      await withTransaction(pool, async (client) => {
        const at = clock.now();
        await collectors.lock(client, caller.id, at);
        if ((await watchlist.count(client, caller.id)) >= WATCHLIST_ENTRIES_PER_USER) {
          throw AppError.conflict(`You can watch at most ${WATCHLIST_ENTRIES_PER_USER} sneakers`, CollectionErrorCode.WATCHLIST_LIMIT);
        }
        if (!(await watchlist.insert(client, { id, userId: caller.id, sneakerId }, at))) {
          throw AppError.conflict('This sneaker is already on your watchlist', CollectionErrorCode.ALREADY_ON_WATCHLIST);
        }
        await enqueueEvents(client, [watchlistEvent('watchlist.added@1', { id, userId: caller.id, sneakerId }, { clock, correlationId: caller.requestId })], clock);
        await activity.add(client, [activityOf.watchlistAdded({ id, userId: caller.id, sneakerId }, facts.name, at)]);
      });
      const entry = await watchlist.get(pool, caller.id, id);
      if (!entry) throw notFound();
      return entryView(entry);
    },

    async remove(caller: Caller, id: string) {
      await withTransaction(pool, async (client) => {
        const removed = await watchlist.delete(client, caller.id, id);
        if (!removed) throw notFound();
        await enqueueEvents(client, [watchlistEvent('watchlist.removed@1', { id, userId: caller.id, sneakerId: removed.sneakerId }, { clock, correlationId: caller.requestId })], clock);
        await activity.add(client, [activityOf.watchlistRemoved({ id, userId: caller.id, sneakerId: removed.sneakerId }, clock.now())]);
      });
      return { id, removed: true };
    },
  };
}
