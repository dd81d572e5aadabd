import type { MarketInterestPage } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

/**
 * What members hold (owned or listed pairs of catalogue sneakers), watch and set alerts on, in id order after a
 * cursor: one ordered scan of each table's primary key, merged.
 */
const INTERESTS = `
  SELECT id, user_id, sneaker_id, size, kind FROM (
      SELECT id, user_id, sneaker_id, size, 'owned' AS kind FROM item WHERE status <> 'sold' AND sneaker_id IS NOT NULL
      UNION ALL
      SELECT id, user_id, sneaker_id, size, 'alerted' FROM price_alert
      UNION ALL
      SELECT id, user_id, sneaker_id, NULL::double precision, 'watched' FROM watchlist_entry
    ) interest
   WHERE $1::uuid IS NULL OR id > $1::uuid
   ORDER BY id
   LIMIT $2`;

export async function marketInterestPage(q: Queryable, after: string | undefined, limit: number): Promise<MarketInterestPage> {
  const { rows } = await q.query(INTERESTS, [after ?? null, limit + 1]);
  const page = rows.slice(0, limit).map((row) => ({
    id: row.id as string,
    userId: row.user_id as string,
    sneakerId: row.sneaker_id as string,
    size: row.size as number | null,
    kind: row.kind as MarketInterestPage['interests'][number]['kind'],
  }));
  return { interests: page, next: rows.length > limit ? page[page.length - 1]!.id : null };
}
