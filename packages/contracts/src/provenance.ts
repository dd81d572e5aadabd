// Where a price comes from and how much it rests on: plain values and functions without zod, shared by the web and the services.

/** Why the price guard refused a value (the quarantine keeps it with this reason). */
export const PRICE_REFUSAL_REASONS = ['placeholder', 'repeated_value', 'above_ceiling', 'wrong_currency', 'duplicate', 'outlier_vs_retail', 'outlier_vs_sales'] as const;
export type PriceRefusalReason = (typeof PRICE_REFUSAL_REASONS)[number];

/** What each refusal reason means, as an administrator reads it. */
export const PRICE_REFUSAL_DESCRIPTIONS: Record<PriceRefusalReason, string> = {
  placeholder: 'A placeholder, not a price (0, negative, or a 9999-style sentinel)',
  repeated_value: 'The same value given to several unrelated products, far above their retail prices',
  above_ceiling: 'Above the highest price a sneaker is shown at',
  wrong_currency: 'Not in US dollars, and no dated rate converts it',
  duplicate: 'The same observation again',
  outlier_vs_retail: "Too far from the product's retail price",
  outlier_vs_sales: "Too far from the product's own sales (median and median absolute deviation)",
};

/** A price resting on fewer sales than this in the last THIN_MARKET_DAYS days is a thin market. */
export const THIN_MARKET_SALES = 3;
export const THIN_MARKET_DAYS = 90;

/** Sales files replayed to end today, and the sample each holds. */
const REPLAYED_SAMPLES: Record<string, string> = {
  'stockx-2019-sales.csv': '2019 sample',
  'stockx-yeezy-2017-recent-sales-by-size.csv': '2017 sample',
  'ebay-2025-sold-listings-aj1-yeezy350.csv': 'eBay 2025 sample',
};

/** The live market of the local stack: sales drawn from each product's own replayed history. */
export const MARKET_FEED_SOURCE = 'replay:market-feed';
/** Sales recorded through the end-to-end tests' route. */
export const TEST_SOURCE = 'test';
/** Sneakers and sales made up for breadth. */
export const GENERATED_SOURCE = 'generated';
/** StockX's official API. */
export const STOCKX_API_SOURCE = 'stockx-api';

/** The source of replayed sales of a data file ('replay:stockx-2019-sales.csv'). */
export const replaySource = (file: string): string => `replay:${file}`;

/** True for a price observed on a live market now; replayed, simulated or generated prices never are. */
export const isLiveSource = (source: string): boolean => source === STOCKX_API_SOURCE;

/**
 * How a price's source reads on screen: 'StockX', 'Replayed public sales (2019 sample, shifted to
 * today)', 'Simulated around a StockX market snapshot (stockx-2023-03-market-summary.csv)'.
 */
export function priceSourceLabel(source: string): string {
  if (source === STOCKX_API_SOURCE) return 'StockX';
  if (source === MARKET_FEED_SOURCE) return 'Replayed market (drawn from public sales, shifted to today)';
  if (source.startsWith('replay:')) {
    const sample = REPLAYED_SAMPLES[source.slice('replay:'.length)];
    return sample ? `Replayed public sales (${sample}, shifted to today)` : 'Replayed public sales (shifted to today)';
  }
  if (source.startsWith('estimate:')) return 'Simulated around a catalogue estimate (The Sneaker Database)';
  if (source.startsWith('snapshot:')) return `Simulated around a StockX market snapshot (${source.slice('snapshot:'.length)})`;
  if (source === TEST_SOURCE) return 'Test sale';
  return 'Generated sample data';
}

const MINUTE_MS = 60_000;

/** How old an observation is, in words: 'just now', '4 min ago', '3 h ago', '2 days ago'. */
export function ageOf(asOf: string | Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(asOf).getTime());
  if (ms < MINUTE_MS) return 'just now';
  if (ms < 60 * MINUTE_MS) return `${Math.floor(ms / MINUTE_MS)} min ago`;
  if (ms < 24 * 60 * MINUTE_MS) return `${Math.floor(ms / (60 * MINUTE_MS))} h ago`;
  const days = Math.floor(ms / (24 * 60 * MINUTE_MS));
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A price's provenance in one line: 'StockX · 4 min ago'. */
export const provenanceLine = (provenance: { source: string; asOf: string | null }, now: Date): string =>
  provenance.asOf ? `${priceSourceLabel(provenance.source)} · ${ageOf(provenance.asOf, now)}` : priceSourceLabel(provenance.source);

/** Thin: fewer than THIN_MARKET_SALES sales in the THIN_MARKET_DAYS days before `now` (`latestSales` are epoch ms, any order). */
export function isThinMarket(latestSales: readonly number[], now: Date): boolean {
  const since = now.getTime() - THIN_MARKET_DAYS * 24 * 60 * MINUTE_MS;
  return latestSales.filter((at) => at >= since).length < THIN_MARKET_SALES;
}
