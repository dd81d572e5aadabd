import type { FeeLine, MonthlySales, SalePlatform, SaleSource } from '@kicksight/contracts';
import type { PoolClient, Queryable } from '@kicksight/platform';
import { UUID } from './items.ts';

/** A sale as written. */
export interface NewSale {
  id: string;
  itemId: string;
  soldAt: string;
  platform: SalePlatform;
  salePrice: number;
  /** Shipping the buyer paid on top of the price: part of the proceeds (and of eBay's fee base). */
  buyerShipping: number;
  fees: FeeLine[];
  feesTotal: number;
  feeSchedule: { version: string; sourceUrl: string } | null;
  shippingCost: number;
  otherFees: number;
  source: SaleSource;
  externalId: string | null;
}

/** A sale with the pair it sold and that pair's cost basis. */
export interface SaleRecord extends NewSale {
  userId: string;
  createdAt: Date;
  sneakerId: string | null;
  name: string;
  brand: string;
  colorway: string;
  size: number;
  sku: string | null;
  imageUrl: string | null;
  purchaseDate: string;
  purchasePrice: number;
  purchaseShipping: number;
  purchaseTax: number;
  costKnown: boolean;
}

const RECORD = `
  SELECT s.id, s.user_id, s.item_id, to_char(s.sold_at, 'YYYY-MM-DD') AS sold_at, s.platform, s.sale_price, s.buyer_shipping, s.fees, s.fees_total,
         s.fee_schedule, s.fee_source, s.shipping_cost, s.other_fees, s.source, s.external_id, s.created_at,
         i.sneaker_id, i.name, i.brand, i.colorway, i.size, i.sku, i.image_url, to_char(i.purchase_date, 'YYYY-MM-DD') AS purchase_date,
         i.purchase_price, i.purchase_shipping, i.purchase_tax, i.cost_known
    FROM sale s
    JOIN item i ON i.id = s.item_id`;

type Row = Record<string, unknown>;
const recordOf = (row: Row): SaleRecord => ({
  id: row.id as string,
  userId: row.user_id as string,
  itemId: row.item_id as string,
  soldAt: row.sold_at as string,
  platform: row.platform as SalePlatform,
  salePrice: row.sale_price as number,
  buyerShipping: row.buyer_shipping as number,
  fees: row.fees as FeeLine[],
  feesTotal: row.fees_total as number,
  feeSchedule: row.fee_schedule ? { version: row.fee_schedule as string, sourceUrl: row.fee_source as string } : null,
  shippingCost: row.shipping_cost as number,
  otherFees: row.other_fees as number,
  source: row.source as SaleSource,
  externalId: row.external_id as string | null,
  createdAt: row.created_at as Date,
  sneakerId: row.sneaker_id as string | null,
  name: row.name as string,
  brand: row.brand as string,
  colorway: row.colorway as string,
  size: row.size as number,
  sku: row.sku as string | null,
  imageUrl: row.image_url as string | null,
  purchaseDate: row.purchase_date as string,
  purchasePrice: row.purchase_price as number,
  purchaseShipping: row.purchase_shipping as number,
  purchaseTax: row.purchase_tax as number,
  costKnown: row.cost_known as boolean,
});

/** Every selling cost of a sale, and its cost basis (0 while it waits for one): the summary's and the export's terms. */
const SELLING_COSTS = '(s.fees_total + s.shipping_cost + s.other_fees)';
/** What the buyer paid: the price and the shipping they paid on top. */
const PROCEEDS = '(s.sale_price + s.buyer_shipping)';
const COST_OR_ZERO = 'CASE WHEN i.cost_known THEN i.purchase_price + i.purchase_shipping + i.purchase_tax ELSE 0 END';

/** A year's sales of one month on one platform, summed. */
export interface SalesGroup {
  /** 1 to 12. */
  month: number;
  platform: SalePlatform;
  sales: number;
  revenue: number;
  fees: number;
  cost: number;
  /** Days held summed over the `timed` sales whose purchase is known. */
  daysHeld: number;
  timed: number;
  incomplete: number;
}

/** One sale as the tax export writes it. */
export interface ExportRow {
  name: string;
  size: number;
  sku: string | null;
  purchaseDate: string | null;
  soldAt: string;
  platform: SalePlatform;
  revenue: number;
  fees: number;
  cost: number;
  daysHeld: number | null;
}

export interface SalesFilter {
  year?: number;
  platform?: SalePlatform;
  /** A brand's name, compared without case. */
  brand?: string;
}

/** The filter as SQL over `s` and `i`, with its values numbered after `first`. */
function where(userId: string, filter: SalesFilter): { text: string; values: unknown[] } {
  const clauses = ['s.user_id = $1'];
  const values: unknown[] = [userId];
  if (filter.year !== undefined) {
    values.push(`${filter.year}-01-01`);
    clauses.push(`s.sold_at >= $${values.length}::date AND s.sold_at < ($${values.length}::date + interval '1 year')`);
  }
  if (filter.platform !== undefined) {
    values.push(filter.platform);
    clauses.push(`s.platform = $${values.length}`);
  }
  if (filter.brand !== undefined) {
    values.push(filter.brand.toLowerCase());
    clauses.push(`lower(i.brand) = $${values.length}`);
  }
  return { text: clauses.join(' AND '), values };
}

export const sales = {
  async insert(client: PoolClient, userId: string, rows: NewSale[], at: Date): Promise<void> {
    const records = rows.map((sale) => ({
      id: sale.id,
      item_id: sale.itemId,
      sold_at: sale.soldAt,
      platform: sale.platform,
      sale_price: sale.salePrice,
      buyer_shipping: sale.buyerShipping,
      fees: sale.fees,
      fees_total: sale.feesTotal,
      fee_schedule: sale.feeSchedule?.version ?? null,
      fee_source: sale.feeSchedule?.sourceUrl ?? null,
      shipping_cost: sale.shippingCost,
      other_fees: sale.otherFees,
      source: sale.source,
      external_id: sale.externalId,
    }));
    await client.query(
      `INSERT INTO sale (id, user_id, item_id, sold_at, platform, sale_price, buyer_shipping, fees, fees_total, fee_schedule, fee_source, shipping_cost, other_fees, source, external_id, created_at)
       SELECT x.id, $1, x.item_id, x.sold_at, x.platform, x.sale_price, x.buyer_shipping, x.fees, x.fees_total, x.fee_schedule, x.fee_source, x.shipping_cost, x.other_fees, x.source, x.external_id, $2
         FROM jsonb_to_recordset($3::jsonb) AS x(id uuid, item_id uuid, sold_at date, platform text, sale_price integer, buyer_shipping integer, fees jsonb, fees_total integer,
              fee_schedule text, fee_source text, shipping_cost integer, other_fees integer, source text, external_id text)`,
      [userId, at, JSON.stringify(records)],
    );
  },

  async ofItem(q: Queryable, userId: string, itemId: string): Promise<SaleRecord | undefined> {
    if (!UUID.test(itemId)) return undefined;
    const { rows } = await q.query(`${RECORD} WHERE s.user_id = $1 AND s.item_id = $2`, [userId, itemId]);
    return rows[0] ? recordOf(rows[0] as Row) : undefined;
  },

  async ofItems(q: Queryable, userId: string, itemIds: string[]): Promise<SaleRecord[]> {
    if (itemIds.length === 0) return [];
    const { rows } = await q.query(`${RECORD} WHERE s.user_id = $1 AND s.item_id = ANY($2::uuid[])`, [userId, itemIds]);
    return rows.map(recordOf);
  },

  async delete(client: PoolClient, id: string): Promise<void> {
    await client.query('DELETE FROM sale WHERE id = $1', [id]);
  },

  /** A page of a member's sales, newest sale first, and how many match. */
  async page(q: Queryable, userId: string, filter: SalesFilter, limit: number, offset: number): Promise<{ rows: SaleRecord[]; total: number }> {
    const { text, values } = where(userId, filter);
    const [{ rows }, counted] = await Promise.all([
      q.query(`${RECORD} WHERE ${text} ORDER BY s.sold_at DESC, s.created_at DESC, s.id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`, [...values, limit, offset]),
      q.query<{ total: number }>(`SELECT count(*)::int AS total FROM sale s JOIN item i ON i.id = s.item_id WHERE ${text}`, values),
    ]);
    return { rows: rows.map(recordOf), total: counted.rows[0]!.total };
  },

  /** The marketplace order numbers of a member's sales already imported from `source`. */
  async externalIds(q: Queryable, userId: string, source: SaleSource): Promise<Set<string>> {
    const { rows } = await q.query<{ external_id: string }>('SELECT external_id FROM sale WHERE user_id = $1 AND source = $2 AND external_id IS NOT NULL', [userId, source]);
    return new Set(rows.map((row) => row.external_id));
  },

  /** Every sale whose purchase is known, summed: what the ledger has realised (net of selling costs, against the cost basis). */
  async realised(q: Queryable, userId: string): Promise<{ sales: number; netProceeds: number; cost: number }> {
    const { rows } = await q.query<{ sales: number; net: string; cost: string }>(
      `SELECT count(*)::int AS sales, COALESCE(sum(${PROCEEDS} - ${SELLING_COSTS}), 0)::bigint AS net, COALESCE(sum(${COST_OR_ZERO}), 0)::bigint AS cost
         FROM sale s JOIN item i ON i.id = s.item_id
        WHERE s.user_id = $1 AND i.cost_known`,
      [userId],
    );
    return { sales: rows[0]!.sales, netProceeds: Number(rows[0]!.net), cost: Number(rows[0]!.cost) };
  },

  /** A year's sales summed by month and platform (at most 48 groups): what the summary folds. */
  async yearGroups(q: Queryable, userId: string, year: number): Promise<SalesGroup[]> {
    const { text, values } = where(userId, { year });
    const { rows } = await q.query<Record<string, string | number>>(
      `SELECT extract(month FROM s.sold_at)::int AS month, s.platform, count(*)::int AS sales,
              sum(${PROCEEDS})::bigint AS revenue, sum(${SELLING_COSTS})::bigint AS fees, sum(${COST_OR_ZERO})::bigint AS cost,
              COALESCE(sum(s.sold_at - i.purchase_date) FILTER (WHERE i.cost_known), 0)::bigint AS days_held,
              count(*) FILTER (WHERE i.cost_known)::int AS timed, count(*) FILTER (WHERE NOT i.cost_known)::int AS incomplete
         FROM sale s JOIN item i ON i.id = s.item_id
        WHERE ${text}
        GROUP BY 1, 2`,
      values,
    );
    return rows.map((row) => ({
      month: Number(row.month),
      platform: row.platform as SalePlatform,
      sales: Number(row.sales),
      revenue: Number(row.revenue),
      fees: Number(row.fees),
      cost: Number(row.cost),
      daysHeld: Number(row.days_held),
      timed: Number(row.timed),
      incomplete: Number(row.incomplete),
    }));
  },

  /** A year's sales as the tax export writes them, oldest first: the amounts summed as the summary sums them. */
  async exportRows(q: Queryable, userId: string, year: number): Promise<ExportRow[]> {
    const { text, values } = where(userId, { year });
    const { rows } = await q.query<Record<string, string | number | boolean | null>>(
      `SELECT i.name, i.size, i.sku, CASE WHEN i.cost_known THEN to_char(i.purchase_date, 'YYYY-MM-DD') END AS purchase_date,
              to_char(s.sold_at, 'YYYY-MM-DD') AS sold_at, s.platform, ${PROCEEDS} AS proceeds, ${SELLING_COSTS} AS fees, ${COST_OR_ZERO} AS cost,
              CASE WHEN i.cost_known THEN s.sold_at - i.purchase_date END AS days_held
         FROM sale s JOIN item i ON i.id = s.item_id
        WHERE ${text}
        ORDER BY s.sold_at, s.created_at, s.id`,
      values,
    );
    return rows.map((row) => ({
      name: row.name as string,
      size: row.size as number,
      sku: row.sku as string | null,
      purchaseDate: row.purchase_date as string | null,
      soldAt: row.sold_at as string,
      platform: row.platform as SalePlatform,
      revenue: row.proceeds as number,
      fees: row.fees as number,
      cost: row.cost as number,
      daysHeld: row.days_held as number | null,
    }));
  },

  /**
   * Members with sales in the month starting `monthStart`, after member `after`, with the month's figures;
   * those who turned the monthly email off (ledger settings) are left out.
   */
  async monthByMember(q: Queryable, monthStart: string, after: string, limit: number): Promise<MonthlySales[]> {
    const { rows } = await q.query<Record<string, string | number>>(
      `SELECT s.user_id, count(*)::int AS sales, sum(${PROCEEDS})::bigint AS revenue, sum(${PROCEEDS} - ${SELLING_COSTS})::bigint AS net_proceeds,
              COALESCE(sum(${PROCEEDS} - ${SELLING_COSTS} - ${COST_OR_ZERO}) FILTER (WHERE i.cost_known), 0)::bigint AS realised_gain,
              count(*) FILTER (WHERE NOT i.cost_known)::int AS incomplete
         FROM sale s JOIN item i ON i.id = s.item_id LEFT JOIN collector c ON c.user_id = s.user_id
        WHERE s.sold_at >= $1::date AND s.sold_at < ($1::date + interval '1 month') AND s.user_id > $2
          AND COALESCE((c.ledger_settings->>'monthlyReport')::boolean, true)
        GROUP BY s.user_id
        ORDER BY s.user_id
        LIMIT $3`,
      [monthStart, after, limit],
    );
    return rows.map((row) => ({
      userId: row.user_id as string,
      sales: Number(row.sales),
      revenue: Number(row.revenue),
      netProceeds: Number(row.net_proceeds),
      realisedGain: Number(row.realised_gain),
      incomplete: Number(row.incomplete),
    }));
  },

  /** How many pairs a member still holds (owned or listed): the other half of sell-through. */
  async heldCount(q: Queryable, userId: string): Promise<number> {
    const { rows } = await q.query<{ held: number }>("SELECT count(*)::int AS held FROM item WHERE user_id = $1 AND status <> 'sold'", [userId]);
    return rows[0]!.held;
  },
};
