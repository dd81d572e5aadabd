import type { Queryable } from '@kicksight/platform';

export async function saveTrial(q: Queryable, userId: string, endsAt: string): Promise<void> {
  await q.query('INSERT INTO trial (user_id, trial_ends_at) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET trial_ends_at = EXCLUDED.trial_ends_at', [userId, endsAt]);
}

export async function endTrial(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM trial WHERE user_id = $1', [userId]);
}

/** Trials ending after `from` and no later than `until`. */
export async function trialsEndingBetween(q: Queryable, from: Date, until: Date): Promise<{ userId: string; trialEndsAt: Date }[]> {
  const { rows } = await q.query<{ user_id: string; trial_ends_at: Date }>(
    'SELECT user_id, trial_ends_at FROM trial WHERE trial_ends_at > $1 AND trial_ends_at <= $2 ORDER BY trial_ends_at, user_id',
    [from, until],
  );
  return rows.map((r) => ({ userId: r.user_id, trialEndsAt: r.trial_ends_at }));
}
