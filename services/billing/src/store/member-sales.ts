import type { EventData } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

/** Value sold through the product in one month (cents). */
export interface MonthOfSales {
  sales: number;
  value: number;
  netProceeds: number;
}

/** Members' sales as collection announces them: recorded, undone, summed per month. */
export const memberSales = {
  record: (db: Queryable, sale: EventData<'collection.item_sold@1'>) =>
    db.query(
      `INSERT INTO member_sales (sale_id, user_id, sold_at, platform, sale_price, net_proceeds) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (sale_id) DO NOTHING`,
      [sale.saleId, sale.userId, sale.soldAt, sale.platform, sale.salePrice, sale.netProceeds],
    ),
  undo: (db: Queryable, saleId: string) => db.query('DELETE FROM member_sales WHERE sale_id = $1', [saleId]),
  eraseUser: (db: Queryable, userId: string) => db.query('DELETE FROM member_sales WHERE user_id = $1', [userId]),

  /** Sales per calendar month (`YYYY-MM`) of the sale days from `start` to before `end`. */
  async byMonth(db: Queryable, { start, end }: { start: Date; end: Date }): Promise<Map<string, MonthOfSales>> {
    const { rows } = await db.query<{ month: string; sales: number; value: string; net: string }>(
      `SELECT to_char(sold_at, 'YYYY-MM') AS month, count(*)::int AS sales, sum(sale_price)::bigint AS value, sum(net_proceeds)::bigint AS net
         FROM member_sales WHERE sold_at >= $1::date AND sold_at < $2::date GROUP BY 1`,
      [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)],
    );
    return new Map(rows.map((r) => [r.month, { sales: r.sales, value: Number(r.value), netProceeds: Number(r.net) }]));
  },
};
