import type { Envelope } from '@kicksight/contracts';
import { applyOnce, type Clock, type Logger, type Pool } from '@kicksight/platform';
import { eraseMember } from '../store/erasure.ts';

export const ERASURE_CONSUMER = 'collection-erasure';

/** user.deleted -> every item, photo, alert, watchlist entry, activity, valuation and preference of the member, gone. */
export function createMemberErasure({ pool, clock, logger, forget }: { pool: Pool; clock: Clock; logger: Logger; forget: (userId: string) => Promise<void> }) {
  const erase = applyOnce(
    pool,
    ERASURE_CONSUMER,
    async (client, event) => {
      const { userId } = event.data as { userId: string };
      const deleted = await eraseMember(client, userId);
      logger.info({ userId, deleted }, 'member data erased');
    },
    clock,
  );
  return async (event: Envelope<{ userId: string }>): Promise<void> => {
    await erase(event);
    // Cached recommendations expire within the hour anyway; dropping them is a courtesy.
    await forget(event.data.userId).catch((err: unknown) => logger.warn({ err }, 'could not drop cached recommendations'));
  };
}
