import type { Notification } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

export interface NewNotification {
  id: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  sneakerId: string | null;
}

type Row = { id: string; type: string; title: string; message: string; link: string | null; sneaker_id: string | null; read_at: Date | null; created_at: Date };
const toNotification = (r: Row): Notification => ({
  id: r.id,
  type: r.type,
  title: r.title,
  message: r.message,
  link: r.link,
  sneakerId: r.sneaker_id,
  read: r.read_at !== null,
  readAt: r.read_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});
const COLUMNS = 'id, type, title, message, link, sneaker_id, read_at, created_at';

export async function insertNotification(q: Queryable, n: NewNotification, at: Date): Promise<void> {
  await q.query('INSERT INTO notification (id, user_id, type, title, message, link, sneaker_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    n.id,
    n.userId,
    n.type,
    n.title,
    n.message,
    n.link,
    n.sneakerId,
    at,
  ]);
}

export async function listNotifications(q: Queryable, userId: string, { offset, limit, unreadOnly }: { offset: number; limit: number; unreadOnly: boolean }): Promise<{ rows: Notification[]; total: number; unread: number }> {
  const filter = unreadOnly ? 'AND read_at IS NULL' : '';
  const [page, counts] = await Promise.all([
    q.query<Row>(`SELECT ${COLUMNS} FROM notification WHERE user_id = $1 ${filter} ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`, [userId, offset, limit]),
    q.query<{ total: string; unread: string }>('SELECT count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM notification WHERE user_id = $1', [userId]),
  ]);
  const total = Number(counts.rows[0]?.total ?? 0);
  const unread = Number(counts.rows[0]?.unread ?? 0);
  return { rows: page.rows.map(toNotification), total: unreadOnly ? unread : total, unread };
}

/** Marks one of the member's notifications read (kept read at its first reading); undefined when it is not theirs. */
export async function markRead(q: Queryable, userId: string, id: string, at: Date): Promise<Notification | undefined> {
  const { rows } = await q.query<Row>(`UPDATE notification SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`, [id, userId, at]);
  return rows[0] ? toNotification(rows[0]) : undefined;
}

export async function markAllRead(q: Queryable, userId: string, at: Date): Promise<number> {
  const { rowCount } = await q.query('UPDATE notification SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [userId, at]);
  return rowCount ?? 0;
}

export async function deleteNotification(q: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM notification WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount === 1;
}

export async function unreadCount(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: string }>('SELECT count(*) AS n FROM notification WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return Number(rows[0]?.n ?? 0);
}
