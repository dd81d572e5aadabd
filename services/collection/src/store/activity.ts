import { ACTIVITY_FEED_SIZE, type ActivityType } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

export interface ActivityEntry {
  id: string;
  userId: string;
  type: ActivityType;
  title: string;
  description: string;
  sneakerId: string | null;
  subjectId: string | null;
  amount: number | null;
  occurredAt: Date;
}

export const activity = {
  /** Records entries and drops each member's entries beyond the newest ones the feed keeps. */
  async add(q: Queryable, entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await q.query(
      `INSERT INTO activity (id, user_id, type, title, description, sneaker_id, subject_id, amount, occurred_at)
       SELECT x.id, x.user_id, x.type, x.title, x.description, x.sneaker_id, x.subject_id, x.amount, x.occurred_at
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, user_id text, type text, title text, description text, sneaker_id text, subject_id uuid, amount integer, occurred_at timestamptz)`,
      [
        JSON.stringify(
          entries.map((e) => ({ id: e.id, user_id: e.userId, type: e.type, title: e.title, description: e.description, sneaker_id: e.sneakerId, subject_id: e.subjectId, amount: e.amount, occurred_at: e.occurredAt.toISOString() })),
        ),
      ],
    );
    await q.query(
      `DELETE FROM activity WHERE user_id = ANY($1::text[]) AND id IN (
         SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY occurred_at DESC, id DESC) AS n FROM activity WHERE user_id = ANY($1::text[])) ranked
          WHERE n > $2)`,
      [[...new Set(entries.map((e) => e.userId))], ACTIVITY_FEED_SIZE],
    );
  },

  async newest(q: Queryable, userId: string): Promise<ActivityEntry[]> {
    const { rows } = await q.query(
      'SELECT id, user_id, type, title, description, sneaker_id, subject_id, amount, occurred_at FROM activity WHERE user_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT $2',
      [userId, ACTIVITY_FEED_SIZE],
    );
    return rows.map((row: Record<string, unknown>) => ({
      id: row.id as string,
      userId: row.user_id as string,
      type: row.type as ActivityType,
      title: row.title as string,
      description: row.description as string,
      sneakerId: row.sneaker_id as string | null,
      subjectId: row.subject_id as string | null,
      amount: row.amount as number | null,
      occurredAt: row.occurred_at as Date,
    }));
  },
};
