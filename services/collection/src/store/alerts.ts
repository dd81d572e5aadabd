import type { PoolClient, Queryable } from '@kicksight/platform';
import type { Side } from '../domain/alert-crossing.ts';
import { UUID } from './items.ts';

export interface AlertRow {
  id: string;
  userId: string;
  sneakerId: string;
  sneakerName: string | null;
  imageUrl: string | null;
  size: number | null;
  targetPrice: number;
  lastSide: Side | null;
  lastPrice: number | null;
  triggerCount: number;
  lastTriggeredAt: Date | null;
  /** When the member paused it (null: it fires). */
  pausedAt: Date | null;
  createdAt: Date;
  /** The price the alert watches now: its size's, or the lowest across sizes. */
  currentPrice: number | null;
}

type Row = Record<string, unknown>;
const alertOf = (row: Row): AlertRow => ({
  id: row.id as string,
  userId: row.user_id as string,
  sneakerId: row.sneaker_id as string,
  sneakerName: (row.name as string | null) ?? null,
  imageUrl: (row.image_url as string | null) ?? null,
  size: row.size as number | null,
  targetPrice: row.target_price as number,
  lastSide: row.last_side as Side | null,
  lastPrice: row.last_price as number | null,
  triggerCount: row.trigger_count as number,
  lastTriggeredAt: row.last_triggered_at as Date | null,
  pausedAt: (row.paused_at as Date | null) ?? null,
  createdAt: row.created_at as Date,
  currentPrice: (row.current_price as number | null) ?? null,
});

const WATCHED = `
  SELECT a.*, ts.name, ts.image_url, CASE WHEN a.size IS NULL THEN sm.lowest_price ELSE mp.price END AS current_price
    FROM price_alert a
    LEFT JOIN tracked_sneaker ts ON ts.sneaker_id = a.sneaker_id
    LEFT JOIN sneaker_market sm ON sm.sneaker_id = a.sneaker_id
    LEFT JOIN market_price mp ON mp.sneaker_id = a.sneaker_id AND mp.size = a.size`;

export const alerts = {
  async list(q: Queryable, userId: string): Promise<AlertRow[]> {
    const { rows } = await q.query(`${WATCHED} WHERE a.user_id = $1 ORDER BY a.created_at DESC, a.id DESC`, [userId]);
    return rows.map(alertOf);
  },

  async get(q: Queryable, userId: string, id: string): Promise<AlertRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await q.query(`${WATCHED} WHERE a.user_id = $1 AND a.id = $2`, [userId, id]);
    return rows[0] ? alertOf(rows[0] as Row) : undefined;
  },

  async count(client: PoolClient, userId: string): Promise<number> {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::integer AS n FROM price_alert WHERE user_id = $1', [userId]);
    return rows[0]!.n;
  },

  async insert(client: PoolClient, alert: { id: string; userId: string; sneakerId: string; size: number | null; targetPrice: number; lastSide: Side | null; lastPrice: number | null }, at: Date): Promise<void> {
    await client.query(
      `INSERT INTO price_alert (id, user_id, sneaker_id, size, target_price, last_side, last_price, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [alert.id, alert.userId, alert.sneakerId, alert.size, alert.targetPrice, alert.lastSide, alert.lastPrice, at],
    );
  },

  /** The member's alert, locked until the transaction ends. */
  async lock(client: PoolClient, userId: string, id: string): Promise<AlertRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await client.query('SELECT a.* FROM price_alert a WHERE a.user_id = $1 AND a.id = $2 FOR UPDATE', [userId, id]);
    return rows[0] ? alertOf(rows[0] as Row) : undefined;
  },

  /** A new target (with the side and price it starts from) and whether it is paused. */
  async update(client: PoolClient, id: string, change: { targetPrice: number; lastSide: Side | null; lastPrice: number | null; pausedAt: Date | null }): Promise<void> {
    await client.query('UPDATE price_alert SET target_price = $2, last_side = $3, last_price = $4, paused_at = $5 WHERE id = $1', [id, change.targetPrice, change.lastSide, change.lastPrice, change.pausedAt]);
  },

  async delete(client: PoolClient, userId: string, id: string): Promise<{ sneakerId: string; size: number | null; targetPrice: number } | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await client.query<{ sneaker_id: string; size: number | null; target_price: number }>('DELETE FROM price_alert WHERE user_id = $1 AND id = $2 RETURNING sneaker_id, size, target_price', [userId, id]);
    return rows[0] && { sneakerId: rows[0].sneaker_id, size: rows[0].size, targetPrice: rows[0].target_price };
  },

  /** The alerts a price change of a sneaker's size concerns (that size's, and those without a size), locked. */
  async watching(client: PoolClient, sneakerId: string, size: number): Promise<AlertRow[]> {
    const { rows } = await client.query(
      `SELECT a.*, ts.name FROM price_alert a LEFT JOIN tracked_sneaker ts ON ts.sneaker_id = a.sneaker_id
        WHERE a.sneaker_id = $1 AND (a.size = $2 OR a.size IS NULL) ORDER BY a.id FOR UPDATE OF a`,
      [sneakerId, size],
    );
    return rows.map(alertOf);
  },

  async observed(client: PoolClient, id: string, state: { side: Side; price: number; fired: boolean }, at: Date): Promise<void> {
    await client.query(
      `UPDATE price_alert SET last_side = $2, last_price = $3,
              trigger_count = trigger_count + CASE WHEN $4 THEN 1 ELSE 0 END,
              last_triggered_at = CASE WHEN $4 THEN $5 ELSE last_triggered_at END
        WHERE id = $1`,
      [id, state.side, state.price, state.fired, at],
    );
  },
};
