import type { Condition, ItemStatus, ItemValueBasis, SalePlatform } from '@kicksight/contracts';
import type { PoolClient, Queryable } from '@kicksight/platform';
import type { ItemOrder, SortKey } from '../domain/sorting.ts';
import type { SizeMarket } from '../domain/valuation.ts';
import { basisSql, marketJoins, valueSql } from './valuation-sql.ts';

/** An item with what the market says about it now. */
export interface ValuedItem {
  id: string;
  userId: string;
  sneakerId: string | null;
  name: string;
  brand: string;
  colorway: string;
  size: number;
  imageUrl: string | null;
  retailPrice: number | null;
  purchasePrice: number;
  purchaseDate: string;
  condition: Condition;
  notes: string;
  lastValue: number;
  addedAt: Date;
  updatedAt: Date;
  /** What the market says about the item's size and sneaker. */
  market: SizeMarket;
  /** The valuation rule (store/valuation-sql.ts), so pages can be sorted by value and gain, and the number it took. */
  currentValue: number;
  valueBasis: ItemValueBasis;
  photoCount: number;
  sku: string | null;
  purchasedFrom: string | null;
  purchaseShipping: number;
  purchaseTax: number;
  /** False for a sold pair imported without its purchase (its cost basis is to be completed). */
  costKnown: boolean;
  status: ItemStatus;
  listing: { platform: SalePlatform; askPrice: number } | null;
}

/** An item as written (its value is read, never stored, except the last known one). */
export interface NewItem {
  id: string;
  sneakerId: string | null;
  name: string;
  brand: string;
  brandKey: string;
  colorway: string;
  size: number;
  imageUrl: string | null;
  retailPrice: number | null;
  purchasePrice: number;
  purchaseDate: string;
  condition: Condition;
  notes: string;
  sku?: string | null;
  purchasedFrom?: string | null;
  purchaseShipping?: number;
  purchaseTax?: number;
  /** A sold pair imported without its purchase: its cost basis is to be completed. */
  costKnown?: boolean;
  status?: ItemStatus;
}

export interface Totals {
  items: number;
  value: number;
  cost: number;
}

/** The placeholder of the earliest time a market reading still counts, in every valued statement (its last parameter). */
const valued = (freshSince: string) => `${valueSql(freshSince)} AS current_value, ${basisSql(freshSince)} AS value_basis`;
const LEDGER_COLUMNS = 'i.sku, i.purchased_from, i.purchase_shipping, i.purchase_tax, i.cost_known, i.status, i.listing_platform, i.ask_price';
/** Pairs still held (owned or listed); a sold pair lives on in the sales. */
export const HELD = "i.status <> 'sold'";

/** The market columns an item's valuation shows (its basis' source and time, stale, thin). */
const MARKET_COLUMNS = `mp.highest_bid, mp.lowest_ask, mp.reading_source, mp.reading_at, mp.sale_price, mp.sale_source, mp.sale_at, mp.latest_sales, sm.average_price`;

const VALUED = (freshSince: string) => `
  SELECT i.id, i.user_id, i.sneaker_id, i.name, i.brand, i.brand_key, i.colorway, i.size, i.image_url, i.retail_price,
         i.purchase_price, to_char(i.purchase_date, 'YYYY-MM-DD') AS purchase_date, i.condition, i.notes, i.last_value,
         i.added_at, i.updated_at, ${LEDGER_COLUMNS}, ${MARKET_COLUMNS}, ${valued(freshSince)}
    FROM item i ${marketJoins()}`;

const PHOTO_COUNT = '(SELECT count(*) FROM photo ph WHERE ph.item_id = v.id) AS photo_count';

type Row = Record<string, unknown>;
const itemOf = (row: Row): ValuedItem => ({
  id: row.id as string,
  userId: row.user_id as string,
  sneakerId: row.sneaker_id as string | null,
  name: row.name as string,
  brand: row.brand as string,
  colorway: row.colorway as string,
  size: row.size as number,
  imageUrl: row.image_url as string | null,
  retailPrice: row.retail_price as number | null,
  purchasePrice: row.purchase_price as number,
  purchaseDate: row.purchase_date as string,
  condition: row.condition as Condition,
  notes: row.notes as string,
  lastValue: row.last_value as number,
  addedAt: row.added_at as Date,
  updatedAt: row.updated_at as Date,
  market: {
    highestBid: row.highest_bid as number | null,
    lowestAsk: row.lowest_ask as number | null,
    readingSource: row.reading_source as string | null,
    readingAt: row.reading_at as Date | null,
    salePrice: row.sale_price as number | null,
    saleSource: row.sale_source as string | null,
    saleAt: row.sale_at as Date | null,
    latestSales: row.latest_sales as Date[] | null,
    averagePrice: row.average_price as number | null,
  },
  currentValue: row.current_value as number,
  valueBasis: row.value_basis as ItemValueBasis,
  photoCount: Number(row.photo_count ?? 0),
  sku: (row.sku as string | null | undefined) ?? null,
  purchasedFrom: (row.purchased_from as string | null | undefined) ?? null,
  purchaseShipping: (row.purchase_shipping as number | undefined) ?? 0,
  purchaseTax: (row.purchase_tax as number | undefined) ?? 0,
  costKnown: (row.cost_known as boolean | undefined) ?? true,
  status: (row.status as ItemStatus | undefined) ?? 'owned',
  listing: row.listing_platform ? { platform: row.listing_platform as SalePlatform, askPrice: row.ask_price as number } : null,
});

/** Columns of the sort keys (a fixed list: nothing from the request reaches the SQL text). */
const SORT_COLUMNS: Record<SortKey, string> = {
  value: 'current_value',
  gain: '(current_value - purchase_price)',
  purchaseDate: 'purchase_date',
  addedAt: 'added_at',
};

function orderBy({ key, direction }: ItemOrder, alias: string): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const column = (name: string) => name.replace(/[a-z_]+/g, (word) => `${alias}.${word}`);
  const first = key === 'addedAt' ? [] : [`${column(SORT_COLUMNS[key])} ${dir}`];
  return [...first, `${alias}.added_at ${dir}`, `${alias}.id ${dir}`].join(', ');
}

/** The whole collection's totals and how many items the brand filter keeps, in one pass. */
const TOTALS = `
  SELECT count(*) AS items, COALESCE(sum(current_value), 0) AS value, COALESCE(sum(purchase_price), 0) AS cost,
         count(*) FILTER (WHERE $2::text[] IS NULL OR brand_key = ANY($2::text[])) AS matching
    FROM valued`;

/** Every item of the member, valued with the narrow columns sorting and the totals need. */
const NARROW_VALUED = `
  SELECT i.id, i.brand_key, i.added_at, i.purchase_date, i.purchase_price, ${valueSql('$5')} AS current_value
    FROM item i ${marketJoins()}
   WHERE i.user_id = $1 AND ${HELD}`;

/** The page's rows read in full, valued, in the page's order. */
const pageRows = (order: ItemOrder) => `
  SELECT i.id, i.user_id, i.sneaker_id, i.name, i.brand, i.colorway, i.size, i.image_url, i.retail_price, i.purchase_price,
         to_char(i.purchase_date, 'YYYY-MM-DD') AS purchase_date, i.condition, i.notes, i.last_value, i.added_at, i.updated_at, ${LEDGER_COLUMNS},
         ${MARKET_COLUMNS}, ${valued('$5')},
         (SELECT count(*) FROM photo ph WHERE ph.item_id = i.id) AS photo_count
    FROM page p
    JOIN item i ON i.id = p.id ${marketJoins()}
   ORDER BY ${orderBy(order, 'p')}`;

/**
 * A page of a member's items with the whole collection's totals, in one statement, prepared per
 * sort (each connection keeps its plan). Sorted by date added, the page comes straight from the
 * member's index and the totals from one aggregate pass; sorted by value or gain, every item is
 * valued once, and both the totals and the page are taken from that.
 */
function pageQuery(order: ItemOrder): { name: string; text: string } {
  const filter = '($2::text[] IS NULL OR brand_key = ANY($2::text[]))';
  const ctes =
    order.key === 'addedAt'
      ? `valued AS NOT MATERIALIZED (${NARROW_VALUED}),
         totals AS (${TOTALS}),
         page AS (SELECT i.id, i.added_at FROM item i WHERE i.user_id = $1 AND ${HELD} AND ${filter} ORDER BY ${orderBy(order, 'i')} LIMIT $3 OFFSET $4)`
      : `valued AS MATERIALIZED (${NARROW_VALUED}),
         totals AS (${TOTALS}),
         page AS (SELECT * FROM valued m WHERE ${filter} ORDER BY ${orderBy(order, 'm')} LIMIT $3 OFFSET $4)`;
  return {
    name: `collection-page-${order.key}-${order.direction}`,
    text: `WITH ${ctes}
           SELECT t.items AS total_items, t.value AS total_value, t.cost AS total_cost, t.matching AS matching_count, v.*
             FROM totals t
             LEFT JOIN LATERAL (${pageRows(order)}) v ON true`,
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const items = {
  /**
   * One page of a member's items (of the given brand keys), the matching count and the whole collection's totals, in one round trip.
   * Every valued read takes `freshSince`: the earliest time a market reading still counts.
   */
  async page(q: Queryable, userId: string, options: { brandKeys: string[]; order: ItemOrder; limit: number; offset: number }, freshSince: Date): Promise<{ items: ValuedItem[]; total: number; totals: Totals }> {
    const { rows } = await q.query({
      ...pageQuery(options.order),
      values: [userId, options.brandKeys.length > 0 ? options.brandKeys : null, options.limit, options.offset, freshSince],
    });
    const first = rows[0] as Row;
    return {
      items: rows.filter((row) => row.id !== null).map(itemOf),
      total: first.matching_count as number,
      totals: { items: first.total_items as number, value: first.total_value as number, cost: first.total_cost as number },
    };
  },

  async get(q: Queryable, userId: string, id: string, freshSince: Date): Promise<ValuedItem | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await q.query(`SELECT v.*, ${PHOTO_COUNT} FROM (${VALUED('$3')} WHERE i.user_id = $1 AND i.id = $2) v`, [userId, id, freshSince]);
    return rows[0] ? itemOf(rows[0] as Row) : undefined;
  },

  /** Whether the item is the member's; with `lock`, its row is locked for this transaction. */
  async isOwned(q: Queryable, userId: string, id: string, { lock = false } = {}): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const { rowCount } = await q.query(`SELECT 1 FROM item WHERE user_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [userId, id]);
    return rowCount === 1;
  },

  /** The item, locked for a change in this transaction. */
  async lock(client: PoolClient, userId: string, id: string, freshSince: Date): Promise<ValuedItem | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await client.query(`${VALUED('$3')} WHERE i.user_id = $1 AND i.id = $2 FOR UPDATE OF i`, [userId, id, freshSince]);
    return rows[0] ? itemOf(rows[0] as Row) : undefined;
  },

  async byIds(q: Queryable, userId: string, ids: string[], freshSince: Date): Promise<ValuedItem[]> {
    const { rows } = await q.query(`SELECT v.*, ${PHOTO_COUNT} FROM (${VALUED('$3')} WHERE i.user_id = $1 AND i.id = ANY($2::uuid[])) v ORDER BY v.added_at, v.id`, [userId, ids, freshSince]);
    return rows.map(itemOf);
  },

  /** Every pair a member holds, valued (analytics, export, recommendations, net value), latest added first. */
  async all(q: Queryable, userId: string, freshSince: Date): Promise<ValuedItem[]> {
    const { rows } = await q.query(`${VALUED('$2')} WHERE i.user_id = $1 AND ${HELD} ORDER BY i.added_at DESC, i.id DESC`, [userId, freshSince]);
    return rows.map(itemOf);
  },

  async totals(q: Queryable, userId: string, freshSince: Date): Promise<Totals> {
    const { rows } = await q.query(
      `SELECT count(*) AS items, COALESCE(sum(${valueSql('$2')}), 0) AS value, COALESCE(sum(i.purchase_price), 0) AS cost
         FROM item i ${marketJoins()}
        WHERE i.user_id = $1 AND ${HELD}`,
      [userId, freshSince],
    );
    const row = rows[0] as Row;
    return { items: row.items as number, value: row.value as number, cost: row.cost as number };
  },

  /** Held pairs whose SKU is one of `skus` (any case), locked for a sale in this transaction, longest held first. */
  async heldBySku(client: PoolClient, userId: string, skus: string[]): Promise<{ id: string; sku: string; size: number; purchaseDate: string }[]> {
    if (skus.length === 0) return [];
    const { rows } = await client.query<{ id: string; sku: string; size: number; purchase_date: string }>(
      `SELECT id, sku, size, to_char(purchase_date, 'YYYY-MM-DD') AS purchase_date FROM item
        WHERE user_id = $1 AND ${HELD.replace('i.', '')} AND lower(sku) = ANY($2::text[])
        ORDER BY purchase_date, id FOR UPDATE`,
      [userId, skus.map((sku) => sku.toLowerCase())],
    );
    return rows.map((row) => ({ id: row.id, sku: row.sku, size: Number(row.size), purchaseDate: row.purchase_date }));
  },

  /** Inserts items; each starts with its market value as last known value (its purchase price without one). */
  async insert(client: PoolClient, userId: string, newItems: NewItem[], at: Date, freshSince: Date): Promise<void> {
    const records = newItems.map((item, ord) => ({
      ord,
      id: item.id,
      sneaker_id: item.sneakerId,
      name: item.name,
      brand: item.brand,
      brand_key: item.brandKey,
      colorway: item.colorway,
      size: item.size,
      image_url: item.imageUrl,
      retail_price: item.retailPrice,
      purchase_price: item.purchasePrice,
      purchase_date: item.purchaseDate,
      condition: item.condition,
      notes: item.notes,
      sku: item.sku ?? null,
      purchased_from: item.purchasedFrom ?? null,
      purchase_shipping: item.purchaseShipping ?? 0,
      purchase_tax: item.purchaseTax ?? 0,
      cost_known: item.costKnown ?? true,
      status: item.status ?? 'owned',
    }));
    await client.query(
      `INSERT INTO item (id, user_id, sneaker_id, name, brand, brand_key, colorway, size, image_url, retail_price, purchase_price,
                         purchase_date, condition, notes, sku, purchased_from, purchase_shipping, purchase_tax, cost_known, status, last_value, added_at, updated_at)
       SELECT x.id, $1, x.sneaker_id, x.name, x.brand, x.brand_key, x.colorway, x.size, x.image_url, x.retail_price, x.purchase_price,
              x.purchase_date, x.condition, x.notes, x.sku, x.purchased_from, x.purchase_shipping, x.purchase_tax, x.cost_known, x.status, ${valueSql('$4', 'x.purchase_price')},
              $2::timestamptz + x.ord * interval '1 microsecond', $2::timestamptz + x.ord * interval '1 microsecond'
         FROM jsonb_to_recordset($3::jsonb) AS x(ord integer, id uuid, sneaker_id text, name text, brand text, brand_key text, colorway text,
              size double precision, image_url text, retail_price integer, purchase_price integer, purchase_date date, condition text, notes text,
              sku text, purchased_from text, purchase_shipping integer, purchase_tax integer, cost_known boolean, status text)
         ${marketJoins('x')}`,
      [userId, at, JSON.stringify(records), freshSince],
    );
  },

  async update(
    client: PoolClient,
    id: string,
    fields: Partial<Pick<NewItem, 'name' | 'brand' | 'brandKey' | 'colorway' | 'size' | 'imageUrl' | 'purchasePrice' | 'purchaseDate' | 'condition' | 'notes' | 'purchaseShipping' | 'purchaseTax'>> & {
      lastValue?: number;
      sku?: string | null;
      purchasedFrom?: string | null;
      costKnown?: boolean;
      status?: ItemStatus;
      listing?: { platform: SalePlatform; askPrice: number } | null;
    },
    at: Date,
  ): Promise<void> {
    const columns: Record<string, unknown> = {
      name: fields.name,
      brand: fields.brand,
      brand_key: fields.brandKey,
      colorway: fields.colorway,
      size: fields.size,
      image_url: fields.imageUrl,
      purchase_price: fields.purchasePrice,
      purchase_date: fields.purchaseDate,
      condition: fields.condition,
      notes: fields.notes,
      sku: fields.sku,
      purchased_from: fields.purchasedFrom,
      purchase_shipping: fields.purchaseShipping,
      purchase_tax: fields.purchaseTax,
      cost_known: fields.costKnown,
      status: fields.status,
      listing_platform: fields.listing === undefined ? undefined : (fields.listing?.platform ?? null),
      ask_price: fields.listing === undefined ? undefined : (fields.listing?.askPrice ?? null),
      last_value: fields.lastValue,
      updated_at: at,
    };
    const set = Object.entries(columns).filter(([, value]) => value !== undefined);
    await client.query(`UPDATE item SET ${set.map(([column], i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...set.map(([, value]) => value)]);
  },

  async delete(client: PoolClient, id: string): Promise<void> {
    await client.query('DELETE FROM item WHERE id = $1', [id]);
  },

  /** The distinct catalogue sneakers a member owns. */
  async ownedSneakers(q: Queryable, userId: string): Promise<string[]> {
    const { rows } = await q.query<{ sneaker_id: string }>(`SELECT DISTINCT sneaker_id FROM item i WHERE user_id = $1 AND sneaker_id IS NOT NULL AND ${HELD}`, [userId]);
    return rows.map((row) => row.sneaker_id);
  },
};

/** Items taken out of collections (realised gains when sold). */
export const removedItems = {
  async add(client: PoolClient, item: ValuedItem, soldPrice: number | null, at: Date): Promise<void> {
    await client.query(
      `INSERT INTO removed_item (id, user_id, sneaker_id, name, brand, size, purchase_price, sold_price, value_at_removal, removed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [item.id, item.userId, item.sneakerId, item.name, item.brand, item.size, item.purchasePrice, soldPrice, item.currentValue, at],
    );
  },
  async list(q: Queryable, userId: string): Promise<{ purchasePrice: number; soldPrice: number | null }[]> {
    const { rows } = await q.query<{ purchase_price: number; sold_price: number | null }>('SELECT purchase_price, sold_price FROM removed_item WHERE user_id = $1', [userId]);
    return rows.map((row) => ({ purchasePrice: row.purchase_price, soldPrice: row.sold_price }));
  },
};
