import type { SealedStockxTokens } from '@kicksight/stockx';
import type { Queryable } from '@kicksight/platform';

export interface StockxLinkRow extends SealedStockxTokens {
  linkedAt: Date;
  lastImportAt: Date | null;
}

type Row = Record<string, unknown>;
const rowOf = (row: Row): StockxLinkRow => ({
  accessToken: row.access_token as string,
  refreshToken: row.refresh_token as string,
  expiresAt: row.expires_at as Date,
  scope: row.scope as string | null,
  linkedAt: row.linked_at as Date,
  lastImportAt: row.last_import_at as Date | null,
});

/** Members' own StockX links: sealed tokens only, one row a member. */
export const stockxLinks = {
  async get(q: Queryable, userId: string): Promise<StockxLinkRow | null> {
    const { rows } = await q.query('SELECT access_token, refresh_token, expires_at, scope, linked_at, last_import_at FROM stockx_link WHERE user_id = $1', [userId]);
    return rows[0] ? rowOf(rows[0] as Row) : null;
  },

  /** A new link replaces the member's previous one (and its last import). */
  async save(q: Queryable, userId: string, tokens: SealedStockxTokens, linkedAt: Date): Promise<void> {
    await q.query(
      `INSERT INTO stockx_link (user_id, access_token, refresh_token, expires_at, scope, linked_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET access_token = EXCLUDED.access_token, refresh_token = EXCLUDED.refresh_token, expires_at = EXCLUDED.expires_at,
         scope = EXCLUDED.scope, linked_at = EXCLUDED.linked_at, refreshed_at = NULL, last_import_at = NULL`,
      [userId, tokens.accessToken, tokens.refreshToken, tokens.expiresAt, tokens.scope, linkedAt],
    );
  },

  async refreshed(q: Queryable, userId: string, tokens: SealedStockxTokens, at: Date): Promise<void> {
    await q.query('UPDATE stockx_link SET access_token = $2, refresh_token = $3, expires_at = $4, scope = $5, refreshed_at = $6 WHERE user_id = $1', [userId, tokens.accessToken, tokens.refreshToken, tokens.expiresAt, tokens.scope, at]);
  },

  async imported(q: Queryable, userId: string, at: Date): Promise<void> {
    await q.query('UPDATE stockx_link SET last_import_at = $2 WHERE user_id = $1', [userId, at]);
  },

  async delete(q: Queryable, userId: string): Promise<void> {
    await q.query('DELETE FROM stockx_link WHERE user_id = $1', [userId]);
  },
};
