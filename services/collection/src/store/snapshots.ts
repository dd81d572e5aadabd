import type { Queryable } from '@kicksight/platform';
import { HELD } from './items.ts';
import { pointOf, type ValuationPoint } from '../domain/portfolio.ts';
import { marketJoins, valueSql } from './valuation-sql.ts';

export const snapshots = {
  /**
   * Stores every member's valuation for `day`: the items they held by the end of that day, valued
   * at the market prices known now (a day's snapshot taken again replaces the earlier one).
   * Answers how many members were valued.
   */
  async takeAll(q: Queryable, day: string, at: Date, freshSince: Date): Promise<number> {
    const { rowCount } = await q.query(
      `INSERT INTO valuation_snapshot (user_id, day, total_value, total_cost, item_count, taken_at)
       SELECT i.user_id, $1::date, sum(${valueSql('$3')}), sum(i.purchase_price), count(*), $2
         FROM item i ${marketJoins()}
        WHERE i.added_at < ($1::date + 1)::timestamp AT TIME ZONE 'UTC' AND ${HELD}
        GROUP BY i.user_id
       ON CONFLICT (user_id, day) DO UPDATE
         SET total_value = EXCLUDED.total_value, total_cost = EXCLUDED.total_cost, item_count = EXCLUDED.item_count, taken_at = EXCLUDED.taken_at`,
      [day, at, freshSince],
    );
    return rowCount ?? 0;
  },

  /** A member's stored valuations from `from` to `to` (days, inclusive), oldest first. */
  async between(q: Queryable, userId: string, from: string, to: string): Promise<ValuationPoint[]> {
    const { rows } = await q.query<{ day: string; total_value: number; total_cost: number; item_count: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, total_value, total_cost, item_count FROM valuation_snapshot
        WHERE user_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
      [userId, from, to],
    );
    return rows.map((row) => pointOf(row.day, { items: row.item_count, value: row.total_value, cost: row.total_cost }));
  },

  async on(q: Queryable, userId: string, day: string): Promise<ValuationPoint | undefined> {
    return (await snapshots.between(q, userId, day, day))[0];
  },
};
