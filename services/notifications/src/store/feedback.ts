import type { z } from 'zod';
import type { feedbackSchema } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

export type Feedback = z.infer<typeof feedbackSchema>;
type Row = { id: string; user_id: string | null; email: string | null; message: string; created_at: Date };
const toFeedback = (r: Row): Feedback => ({ id: r.id, userId: r.user_id, email: r.email, message: r.message, createdAt: r.created_at.toISOString() });

export async function insertFeedback(q: Queryable, f: { id: string; userId: string | null; email: string | null; message: string }, at: Date): Promise<Feedback> {
  const { rows } = await q.query<Row>('INSERT INTO feedback (id, user_id, email, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id, user_id, email, message, created_at', [
    f.id,
    f.userId,
    f.email,
    f.message,
    at,
  ]);
  return toFeedback(rows[0]!);
}

export async function listFeedback(q: Queryable, userId: string, offset: number, limit: number): Promise<{ rows: Feedback[]; total: number }> {
  const [page, count] = await Promise.all([
    q.query<Row>('SELECT id, user_id, email, message, created_at FROM feedback WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3', [userId, offset, limit]),
    q.query<{ n: string }>('SELECT count(*) AS n FROM feedback WHERE user_id = $1', [userId]),
  ]);
  return { rows: page.rows.map(toFeedback), total: Number(count.rows[0]?.n ?? 0) };
}
