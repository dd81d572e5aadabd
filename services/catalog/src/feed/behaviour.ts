import { DAY_MS } from '@kicksight/contracts';
import type { SneakerDoc } from '../store/models.ts';
import { gaussian, poisson } from '../domain/random.ts';

/** A product's spread of sale prices around its market price (log scale): its own, within these bounds. */
const MIN_DISPERSION = 0.01;
const MAX_DISPERSION = 0.12;
const DEFAULT_DISPERSION = 0.04;
/** Prices are whole dollars, never below $10. */
const PRICE_STEP = 100;
const MIN_PRICE = 1_000;

export interface SizeBehaviour {
  size: number;
  /** The size's market price (cents), moved by the feed's own sales. */
  price: number;
  /** How often this size sells relative to the others (its past sales, plus one). */
  weight: number;
}

/** How a product trades, measured from its own history. */
export interface ProductBehaviour {
  sneakerId: string;
  /** Sales per day over the product's history. */
  salesPerDay: number;
  /** Standard deviation of the log of a sale's price over its size's market price. */
  dispersion: number;
  sizes: SizeBehaviour[];
}

export interface FeedSale {
  sneakerId: string;
  size: number;
  amount: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * A product's behaviour from its sneaker document: its rate of sales over the span it traded, the
 * sizes that trade (weighted by their past sales, at their market prices) and the spread of its
 * recent sale prices around each size's market price. Null for a product with no priced size.
 */
export function calibrate(doc: Pick<SneakerDoc, '_id' | 'variants' | 'stats'>): ProductBehaviour | null {
  const sizes = (doc.variants ?? [])
    .filter((v) => v.currentPrice !== null && v.currentPrice > 0)
    .map((v) => ({ size: v.size, price: v.currentPrice!, weight: (v.salesCount ?? 0) + 1 }));
  if (sizes.length === 0) return null;

  const deviations = (doc.variants ?? []).flatMap((v) => {
    const prices = (v.recentPrices ?? []).filter((p) => p > 0);
    if (prices.length < 2) return [];
    const centre = median(prices);
    return prices.map((p) => Math.log(p / centre));
  });
  const dispersion =
    deviations.length < 4 ? DEFAULT_DISPERSION : Math.min(MAX_DISPERSION, Math.max(MIN_DISPERSION, Math.sqrt(deviations.reduce((a, d) => a + d * d, 0) / (deviations.length - 1))));

  const count = doc.stats?.salesCount ?? 0;
  const first = doc.stats?.firstSaleAt ? new Date(doc.stats.firstSaleAt).getTime() : null;
  const last = doc.stats?.lastSaleAt ? new Date(doc.stats.lastSaleAt).getTime() : null;
  const spanDays = first !== null && last !== null ? Math.max(1, (last - first) / DAY_MS) : 1;
  return { sneakerId: doc._id, salesPerDay: count / spanDays, dispersion, sizes };
}

function pickSize(sizes: SizeBehaviour[], random: () => number): SizeBehaviour {
  const total = sizes.reduce((a, s) => a + s.weight, 0);
  let r = random() * total;
  for (const size of sizes) {
    r -= size.weight;
    if (r <= 0) return size;
  }
  return sizes[sizes.length - 1]!;
}

/** A sale price around the size's market price, with the product's own spread, in whole dollars. */
export const drawPrice = (price: number, dispersion: number, random: () => number): number =>
  Math.max(MIN_PRICE, Math.round((price * Math.exp(dispersion * gaussian(random))) / PRICE_STEP) * PRICE_STEP);

/**
 * The sales of `marketMs` of market time: each product sells a Poisson number of pairs at its own
 * rate, in sizes drawn by their weights, at prices drawn around each size's market price. At most
 * `max` sales, in a random order across products.
 */
export function drawSales(products: ProductBehaviour[], marketMs: number, random: () => number, max = Number.POSITIVE_INFINITY): FeedSale[] {
  const days = marketMs / DAY_MS;
  const sales: FeedSale[] = [];
  for (const product of products) {
    for (let n = poisson(product.salesPerDay * days, random); n > 0; n--) {
      const size = pickSize(product.sizes, random);
      sales.push({ sneakerId: product.sneakerId, size: size.size, amount: drawPrice(size.price, product.dispersion, random) });
    }
  }
  for (let i = sales.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sales[i], sales[j]] = [sales[j]!, sales[i]!];
  }
  return sales.slice(0, max);
}
