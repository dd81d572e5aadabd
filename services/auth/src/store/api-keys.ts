import type { Queryable } from '@kicksight/platform';

export interface ApiKeyRecord {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

type Row = { id: string; user_id: string; name: string; prefix: string; created_at: Date; last_used_at: Date | null };
const toRecord = (r: Row): ApiKeyRecord => ({ id: r.id, userId: r.user_id, name: r.name, prefix: r.prefix, createdAt: r.created_at, lastUsedAt: r.last_used_at });

export const apiKeys = {
  insert: (db: Queryable, k: { id: string; userId: string; name: string; prefix: string; hash: string; now: Date }) =>
    db.query('INSERT INTO api_keys (id, user_id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [k.id, k.userId, k.name, k.prefix, k.hash, k.now]),

  activeOfUser: async (db: Queryable, userId: string) => {
    const { rows } = await db.query<Row>(
      'SELECT id, user_id, name, prefix, created_at, last_used_at FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC',
      [userId],
    );
    return rows.map(toRecord);
  },

  activeByHash: async (db: Queryable, hash: string) => {
    const { rows } = await db.query<Row>('SELECT id, user_id, name, prefix, created_at, last_used_at FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [hash]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  },

  /** Revokes one of the user's own keys and answers its hash; undefined when the user has no such active key. */
  async revoke(db: Queryable, userId: string, id: string, now: Date): Promise<string | undefined> {
    const { rows } = await db.query<{ key_hash: string }>(
      'UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING key_hash',
      [id, userId, now],
    );
    return rows[0]?.key_hash;
  },

  /** Records use at most once a minute per key, to keep reads cheap. */
  touch: (db: Queryable, id: string, now: Date) =>
    db.query(`UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`, [id, now]),
};
