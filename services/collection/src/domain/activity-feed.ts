import type { Pool } from '@kicksight/platform';
import { activity } from '../store/activity.ts';

/** The dashboard's activity feed: a member's newest item, alert and watchlist events. */
export function createActivityFeed({ pool }: { pool: Pool }) {
  return {
    async newest(userId: string) {
      const entries = await activity.newest(pool, userId);
      return {
        activities: entries.map((entry) => ({
          id: entry.id,
          type: entry.type,
          title: entry.title,
          description: entry.description,
          sneakerId: entry.sneakerId,
          subjectId: entry.subjectId,
          amount: entry.amount,
          occurredAt: entry.occurredAt.toISOString(),
        })),
      };
    },
  };
}
