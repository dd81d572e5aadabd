import type { PoolClient } from '@kicksight/platform';

/** Everything collection holds about a member. */
const TABLES = ['photo', 'item', 'removed_item', 'price_alert', 'watchlist_entry', 'activity', 'valuation_snapshot', 'stockx_link', 'collector'] as const;

/** Deletes all of a member's data; answers the rows deleted per table. */
export async function eraseMember(client: PoolClient, userId: string): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const table of TABLES) {
    const { rowCount } = await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    deleted[table] = rowCount ?? 0;
  }
  return deleted;
}
