import type { PhotoContentType } from '@kicksight/contracts';
import type { PoolClient, Queryable } from '@kicksight/platform';
import { UUID } from './items.ts';

export interface PhotoRow {
  id: string;
  itemId: string;
  contentType: PhotoContentType;
  size: number;
  createdAt: Date;
}

const photoOf = (row: Record<string, unknown>): PhotoRow => ({
  id: row.id as string,
  itemId: row.item_id as string,
  contentType: row.content_type as PhotoContentType,
  size: row.byte_size as number,
  createdAt: row.created_at as Date,
});

export const photos = {
  async list(q: Queryable, itemId: string): Promise<PhotoRow[]> {
    const { rows } = await q.query('SELECT id, item_id, content_type, byte_size, created_at FROM photo WHERE item_id = $1 ORDER BY created_at, id', [itemId]);
    return rows.map(photoOf);
  },

  async count(client: PoolClient, itemId: string): Promise<number> {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::integer AS n FROM photo WHERE item_id = $1', [itemId]);
    return rows[0]!.n;
  },

  async insert(client: PoolClient, photo: { id: string; itemId: string; userId: string; contentType: PhotoContentType; bytes: Buffer }, at: Date): Promise<void> {
    await client.query(
      'INSERT INTO photo (id, item_id, user_id, content_type, byte_size, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [photo.id, photo.itemId, photo.userId, photo.contentType, photo.bytes.length, photo.bytes, at],
    );
  },

  /** A member's photo of an item, with its bytes. */
  async content(q: Queryable, userId: string, itemId: string, id: string): Promise<(PhotoRow & { bytes: Buffer }) | undefined> {
    if (!UUID.test(id) || !UUID.test(itemId)) return undefined;
    const { rows } = await q.query('SELECT id, item_id, content_type, byte_size, created_at, bytes FROM photo WHERE user_id = $1 AND item_id = $2 AND id = $3', [userId, itemId, id]);
    const row = rows[0] as Record<string, unknown> | undefined;
    return row && { ...photoOf(row), bytes: row.bytes as Buffer };
  },

  async delete(q: Queryable, userId: string, itemId: string, id: string): Promise<boolean> {
    if (!UUID.test(id) || !UUID.test(itemId)) return false;
    const { rowCount } = await q.query('DELETE FROM photo WHERE user_id = $1 AND item_id = $2 AND id = $3', [userId, itemId, id]);
    return rowCount === 1;
  },
};
