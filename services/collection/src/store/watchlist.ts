import type { PoolClient, Queryable } from '@kicksight/platform';
import { UUID } from './items.ts';

export interface WatchlistRow {
  id: string;
  sneakerId: string;
  name: string | null;
  brand: string | null;
  imageUrl: string | null;
  retailPrice: number | null;
  currentPrice: number | null;
  averagePrice: number | null;
  addedAt: Date;
}

const ENTRIES = `
  SELECT w.id, w.sneaker_id, w.created_at, ts.name, ts.brand, ts.image_url, ts.retail_price, sm.lowest_price, sm.average_price
    FROM watchlist_entry w
    LEFT JOIN tracked_sneaker ts ON ts.sneaker_id = w.sneaker_id
    LEFT JOIN sneaker_market sm ON sm.sneaker_id = w.sneaker_id`;

const entryOf = (row: Record<string, unknown>): WatchlistRow => ({
  id: row.id as string,
  sneakerId: row.sneaker_id as string,
  name: row.name as string | null,
  brand: row.brand as string | null,
  imageUrl: row.image_url as string | null,
  retailPrice: row.retail_price as number | null,
  currentPrice: row.lowest_price as number | null,
  averagePrice: row.average_price as number | null,
  addedAt: row.created_at as Date,
});

export const watchlist = {
  async list(q: Queryable, userId: string): Promise<WatchlistRow[]> {
    const { rows } = await q.query(`${ENTRIES} WHERE w.user_id = $1 ORDER BY w.created_at DESC, w.id DESC`, [userId]);
    return rows.map(entryOf);
  },

  async get(q: Queryable, userId: string, id: string): Promise<WatchlistRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await q.query(`${ENTRIES} WHERE w.user_id = $1 AND w.id = $2`, [userId, id]);
    return rows[0] ? entryOf(rows[0] as Record<string, unknown>) : undefined;
  },

  async count(client: PoolClient, userId: string): Promise<number> {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::integer AS n FROM watchlist_entry WHERE user_id = $1', [userId]);
    return rows[0]!.n;
  },

  /** Adds an entry; false when the member already watches that sneaker. */
  async insert(client: PoolClient, entry: { id: string; userId: string; sneakerId: string }, at: Date): Promise<boolean> {
    const { rowCount } = await client.query(
      'INSERT INTO watchlist_entry (id, user_id, sneaker_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, sneaker_id) DO NOTHING',
      [entry.id, entry.userId, entry.sneakerId, at],
    );
    return rowCount === 1;
  },

  async delete(client: PoolClient, userId: string, id: string): Promise<{ sneakerId: string } | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await client.query<{ sneaker_id: string }>('DELETE FROM watchlist_entry WHERE user_id = $1 AND id = $2 RETURNING sneaker_id', [userId, id]);
    return rows[0] && { sneakerId: rows[0].sneaker_id };
  },
};
