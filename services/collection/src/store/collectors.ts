import type { PoolClient, Queryable } from '@kicksight/platform';

/**
 * A member's own row: the item count the collection limit is checked against, and preferences.
 * Every change of the count locks the row first (an upsert takes the row lock), so concurrent adds
 * of one member run one after the other and each sees the count the previous one left.
 */
export const collectors = {
  /** Locks the member's row for this transaction (creating it), and answers the item count. */
  async lock(client: PoolClient, userId: string, at: Date): Promise<number> {
    const { rows } = await client.query<{ item_count: number }>(
      `INSERT INTO collector (user_id, updated_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id
       RETURNING item_count`,
      [userId, at],
    );
    return rows[0]!.item_count;
  },

  /** The item count as it stands (not locked: for refusing early, before any work). */
  async count(q: Queryable, userId: string): Promise<number> {
    const { rows } = await q.query<{ item_count: number }>('SELECT item_count FROM collector WHERE user_id = $1', [userId]);
    return rows[0]?.item_count ?? 0;
  },

  /** Moves the item count (on a row locked by `lock`); answers the new count. */
  async addToCount(client: PoolClient, userId: string, delta: number, at: Date): Promise<number> {
    const { rows } = await client.query<{ item_count: number }>(
      'UPDATE collector SET item_count = item_count + $2, updated_at = $3 WHERE user_id = $1 RETURNING item_count',
      [userId, delta, at],
    );
    return rows[0]!.item_count;
  },

  async preferences(q: Queryable, userId: string): Promise<Record<string, unknown>> {
    const { rows } = await q.query<{ preferences: Record<string, unknown> }>('SELECT preferences FROM collector WHERE user_id = $1', [userId]);
    return rows[0]?.preferences ?? {};
  },

  async savePreferences(q: Queryable, userId: string, preferences: Record<string, unknown>, at: Date): Promise<void> {
    await q.query(
      `INSERT INTO collector (user_id, preferences, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET preferences = EXCLUDED.preferences, updated_at = EXCLUDED.updated_at`,
      [userId, preferences, at],
    );
  },

  async ledgerSettings(q: Queryable, userId: string): Promise<Record<string, unknown>> {
    const { rows } = await q.query<{ ledger_settings: Record<string, unknown> }>('SELECT ledger_settings FROM collector WHERE user_id = $1', [userId]);
    return rows[0]?.ledger_settings ?? {};
  },

  async saveLedgerSettings(q: Queryable, userId: string, settings: Record<string, unknown>, at: Date): Promise<void> {
    await q.query(
      `INSERT INTO collector (user_id, ledger_settings, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET ledger_settings = EXCLUDED.ledger_settings, updated_at = EXCLUDED.updated_at`,
      [userId, settings, at],
    );
  },

  /** Moves the version of the member's sales (in the transaction that changes them). */
  async moveLedgerVersion(client: PoolClient, userId: string, at: Date): Promise<void> {
    await client.query(
      `INSERT INTO collector (user_id, ledger_version, updated_at) VALUES ($1, 1, $2)
       ON CONFLICT (user_id) DO UPDATE SET ledger_version = collector.ledger_version + 1, updated_at = EXCLUDED.updated_at`,
      [userId, at],
    );
  },

  async ledgerVersion(q: Queryable, userId: string): Promise<number> {
    const { rows } = await q.query<{ ledger_version: string }>('SELECT ledger_version FROM collector WHERE user_id = $1', [userId]);
    return Number(rows[0]?.ledger_version ?? 0);
  },
};
