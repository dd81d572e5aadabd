import type { PoolClient, Queryable } from '@kicksight/platform';

/** A sneaker's facts as the catalogue gave them when members started tracking it. */
export interface SneakerFacts {
  sneakerId: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string | null;
  retailPrice: number | null;
}

/** A size's market price as price.changed (or the catalogue, when seeding) gives it. */
export interface SizePrice {
  size: number;
  price: number;
  seq: number;
  /** The latest market reading of the size: its bid and ask (null where the market had none), source and time (ISO). */
  reading?: { highestBid: number | null; lowestAsk: number | null; source: string | null; asOf: string | null };
  /** The price the size's sales set, with its latest sale's source and time (ISO). */
  sale?: { price: number; source: string | null; asOf: string | null };
  /** The size's latest sales' times (ISO), newest first. */
  latestSales?: string[];
}

/** One size's row as the statement below reads it (a part left out keeps what the store holds; a reading without a time counts as old). */
const incomingRow = ({ size, price, seq, reading, sale, latestSales }: SizePrice) => ({
  size,
  price,
  seq,
  highest_bid: reading?.highestBid ?? null,
  lowest_ask: reading?.lowestAsk ?? null,
  reading_source: reading?.source ?? null,
  reading_at: reading ? (reading.asOf ?? new Date(0).toISOString()) : null,
  sale_price: sale?.price ?? null,
  sale_source: sale?.source ?? null,
  sale_at: sale?.asOf ?? null,
  latest_sales: latestSales ?? null,
});

/** What the market says about a sneaker now. */
export interface SneakerQuote {
  averagePrice: number | null;
  lowestPrice: number | null;
}

/**
 * Upserts size prices whose seq is newer than the stored one (an older or repeated seq changes
 * nothing), then recomputes the sneaker's average and lowest price from its sizes, in one statement.
 * A reading replaces the size's reading (bid, ask, source, time) and a sale's price the size's sale
 * price (with its source and time); each keeps the other. Answers the sneaker's new quote, or
 * undefined when no price changed. The quote also says how many price alerts watch the sneaker, so
 * callers skip looking for them when there are none.
 */
async function upsertPrices(client: Queryable, sneakerId: string, prices: SizePrice[], at: Date): Promise<(SneakerQuote & { alerts: number }) | undefined> {
  const { rows } = await client.query<{ average_price: number | null; lowest_price: number | null; alerts: number }>(
    `WITH incoming AS (
       SELECT x.* FROM jsonb_to_recordset($2::jsonb) AS x(size double precision, price integer, seq bigint, highest_bid integer, lowest_ask integer,
              reading_source text, reading_at timestamptz, sale_price integer, sale_source text, sale_at timestamptz, latest_sales timestamptz[])
     ),
     applied AS (
       INSERT INTO market_price AS mp (sneaker_id, size, price, seq, updated_at, highest_bid, lowest_ask, reading_source, reading_at, sale_price, sale_source, sale_at, latest_sales)
       SELECT $1, size, price, seq, $3, highest_bid, lowest_ask, reading_source, reading_at, sale_price, sale_source, sale_at, latest_sales FROM incoming
       ON CONFLICT (sneaker_id, size) DO UPDATE SET
         price = EXCLUDED.price, seq = EXCLUDED.seq, updated_at = EXCLUDED.updated_at,
         highest_bid = CASE WHEN EXCLUDED.reading_at IS NULL THEN mp.highest_bid ELSE EXCLUDED.highest_bid END,
         lowest_ask = CASE WHEN EXCLUDED.reading_at IS NULL THEN mp.lowest_ask ELSE EXCLUDED.lowest_ask END,
         reading_source = CASE WHEN EXCLUDED.reading_at IS NULL THEN mp.reading_source ELSE EXCLUDED.reading_source END,
         reading_at = COALESCE(EXCLUDED.reading_at, mp.reading_at),
         sale_price = COALESCE(EXCLUDED.sale_price, mp.sale_price),
         sale_source = CASE WHEN EXCLUDED.sale_price IS NULL THEN mp.sale_source ELSE EXCLUDED.sale_source END,
         sale_at = CASE WHEN EXCLUDED.sale_price IS NULL THEN mp.sale_at ELSE EXCLUDED.sale_at END,
         latest_sales = COALESCE(EXCLUDED.latest_sales, mp.latest_sales)
        WHERE mp.seq < EXCLUDED.seq
       RETURNING size, price
     ),
     prices AS (
       SELECT size, price FROM market_price WHERE sneaker_id = $1 AND size NOT IN (SELECT size FROM applied)
       UNION ALL
       SELECT size, price FROM applied
     )
     INSERT INTO sneaker_market (sneaker_id, average_price, lowest_price, sizes, updated_at)
     SELECT $1, round(avg(price))::integer, min(price), count(*)::integer, $3 FROM prices
     HAVING EXISTS (SELECT 1 FROM applied)
     ON CONFLICT (sneaker_id) DO UPDATE
       SET average_price = EXCLUDED.average_price, lowest_price = EXCLUDED.lowest_price, sizes = EXCLUDED.sizes, updated_at = EXCLUDED.updated_at
     RETURNING average_price, lowest_price, (SELECT count(*)::integer FROM price_alert WHERE sneaker_id = $1) AS alerts`,
    [sneakerId, JSON.stringify(prices.map(incomingRow)), at],
  );
  const row = rows[0];
  return row && { averagePrice: row.average_price, lowestPrice: row.lowest_price, alerts: row.alerts };
}

export const market = {
  /** Applies one size's price change when its seq is newer than the one known. */
  applyPrice: (client: Queryable, sneakerId: string, price: SizePrice, at: Date) => upsertPrices(client, sneakerId, [price], at),

  /** Seeds a sneaker's prices from the catalogue (each size only if the catalogue's seq is newer). */
  seedPrices: (client: Queryable, sneakerId: string, prices: SizePrice[], at: Date) => (prices.length === 0 ? Promise.resolve(undefined) : upsertPrices(client, sneakerId, prices, at)),

  async quote(q: Queryable, sneakerId: string): Promise<SneakerQuote> {
    const { rows } = await q.query<{ average_price: number | null; lowest_price: number | null }>('SELECT average_price, lowest_price FROM sneaker_market WHERE sneaker_id = $1', [sneakerId]);
    return { averagePrice: rows[0]?.average_price ?? null, lowestPrice: rows[0]?.lowest_price ?? null };
  },

  async sizePrice(q: Queryable, sneakerId: string, size: number): Promise<number | null> {
    const { rows } = await q.query<{ price: number }>('SELECT price FROM market_price WHERE sneaker_id = $1 AND size = $2', [sneakerId, size]);
    return rows[0]?.price ?? null;
  },
};

export const trackedSneakers = {
  async get(q: Queryable, sneakerId: string): Promise<SneakerFacts | undefined> {
    const { rows } = await q.query(
      'SELECT sneaker_id, name, brand, colorway, image_url, retail_price FROM tracked_sneaker WHERE sneaker_id = $1',
      [sneakerId],
    );
    const row = rows[0] as Record<string, unknown> | undefined;
    return row && { sneakerId: row.sneaker_id as string, name: row.name as string, brand: row.brand as string, colorway: row.colorway as string, imageUrl: row.image_url as string | null, retailPrice: row.retail_price as number | null };
  },

  async add(client: PoolClient, facts: SneakerFacts, at: Date): Promise<void> {
    await client.query(
      `INSERT INTO tracked_sneaker (sneaker_id, name, brand, colorway, image_url, retail_price, seeded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (sneaker_id) DO UPDATE SET name = EXCLUDED.name, brand = EXCLUDED.brand, colorway = EXCLUDED.colorway,
         image_url = EXCLUDED.image_url, retail_price = EXCLUDED.retail_price`,
      [facts.sneakerId, facts.name, facts.brand, facts.colorway, facts.imageUrl, facts.retailPrice, at],
    );
  },
};
