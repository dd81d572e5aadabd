import { isTrending, marketStatus, premiumPercent, type PriceProvenance, type RelatedProduct, type SearchResultSneaker, type SneakerDetail, type SneakerPrices, type Variant } from '@kicksight/contracts';
import { GENERATED_SOURCE, THIN_MARKET_DAYS, THIN_MARKET_SALES, isThinMarket } from '@kicksight/contracts/provenance';
import type { SizeReading } from '../store/market-models.ts';
import type { SneakerDoc, SummaryDoc } from '../store/models.ts';
import { variantSource } from './market-view.ts';
import { CHANGE_WINDOW_MS, availableSince, changeAt, changeHoldsUntil, changeSteps, isAvailable, median, sneakerChange24h, variantChange24h, type ChangeStep, type VariantState } from './market.ts';
import type { SneakerSummary } from './search-index.ts';

const iso = (at: Date | null | undefined): string | null => (at ? new Date(at).toISOString() : null);

const ms = (at: Date | string | number) => new Date(at).getTime();

/** A size's latest sales (epoch ms, newest first); sneakers stored before they were kept know the last one. */
const variantLatestSales = (v: Pick<VariantState, 'latestSales' | 'lastSaleAt'>): number[] => (v.latestSales?.length ? v.latestSales.map(ms) : v.lastSaleAt ? [ms(v.lastSaleAt)] : []);

/** The sneaker's price source (that of its size sold last) and its latest sales across sizes. */
function sneakerPriceOrigin(doc: SneakerDoc): { priceSource: string; latestSales: number[] } {
  const variants = doc.variants ?? [];
  const last = variants.reduce<VariantState | null>((latest, v) => (v.lastSaleAt && (!latest?.lastSaleAt || ms(v.lastSaleAt) > ms(latest.lastSaleAt)) ? v : latest), null);
  const latestSales = variants
    .flatMap(variantLatestSales)
    .sort((a, b) => b - a)
    .slice(0, THIN_MARKET_SALES);
  return { priceSource: last ? variantSource(doc, last) : variantSource(doc, {}), latestSales };
}

const provenanceOf = (source: string, latestSales: number[], now: Date): PriceProvenance => ({
  source,
  asOf: latestSales.length ? new Date(latestSales[0]!).toISOString() : null,
  thin: isThinMarket(latestSales, now),
});

/**
 * Each size's prices as collection seeds its market from them (what price.changed tells later): the market
 * price and its sequence number, the price the size's sales set with the latest sale's source and time,
 * the size's latest market reading, and its latest sales' times.
 */
export function sizePricesOf(doc: SneakerDoc, readings: SizeReading[]): SneakerPrices['sizes'] {
  const readingOf = new Map(readings.map((r) => [r.size, r]));
  return (doc.variants ?? []).map((v) => {
    const reading = readingOf.get(v.size);
    return {
      size: v.size,
      currentPrice: v.currentPrice ?? null,
      seq: v.seq ?? 0,
      sale: v.recentPrices?.length ? { price: median(v.recentPrices), source: variantSource(doc, v), asOf: iso(v.lastSaleAt) } : null,
      reading: reading ? { highestBid: reading.highestBid, lowestAsk: reading.lowestAsk, source: reading.source, asOf: new Date(reading.asOf).toISOString() } : null,
      latestSales: variantLatestSales(v).map((at) => new Date(at).toISOString()),
    };
  });
}

/** The stored summary of a sneaker (see SummaryDoc). */
export function summaryDocOf(doc: SneakerDoc): SummaryDoc {
  const { id, sizes, ...rest } = summaryOf(doc);
  return { _id: id, ...rest, sizeList: sizes.map((s) => s.size), sizeLastSale: sizes.map((s) => s.lastSaleAt ?? 0), updatedAt: doc.updatedAt ?? new Date(0) };
}

/** Summaries stored before the change's steps: the change stored at the last sale, until that sale is 24 hours old. */
function storedChangeSteps(doc: SummaryDoc & { priceChange24h?: number | null }): ChangeStep[] {
  if (doc.priceChangeSteps?.length) return doc.priceChangeSteps;
  const settled = { until: null, change: typeof doc.currentPrice === 'number' ? 0 : null };
  return doc.lastSaleAt ? [{ until: doc.lastSaleAt + CHANGE_WINDOW_MS, change: doc.priceChange24h ?? null }, settled] : [settled];
}

/** The index's summary from its stored form. */
export function summaryFromDoc(doc: SummaryDoc & { priceChange24h?: number | null }): SneakerSummary {
  const { _id, sizeList, sizeLastSale, updatedAt: _updatedAt, priceChange24h: _stored, ...rest } = doc;
  return { id: _id, ...rest, priceChangeSteps: storedChangeSteps(doc), priceSource: doc.priceSource ?? GENERATED_SOURCE, latestSales: doc.latestSales ?? [], sizes: (sizeList ?? []).map((size, i) => ({ size, lastSaleAt: sizeLastSale?.[i] ? sizeLastSale[i]! : null })) };
}

export function summaryOf(doc: SneakerDoc): SneakerSummary {
  return {
    id: doc._id,
    name: doc.name,
    brand: doc.brand,
    colorway: doc.colorway ?? '',
    sku: doc.sku ?? null,
    model: doc.model ?? null,
    imageUrl: doc.imageUrl ?? null,
    retailPrice: doc.retailPrice ?? null,
    currentPrice: doc.stats?.averagePrice ?? null,
    lowestPrice: doc.stats?.lowestPrice ?? null,
    highestPrice: doc.stats?.highestPrice ?? null,
    priceChangeSteps: changeSteps(doc.variants ?? []),
    releaseDate: doc.releaseDate ?? null,
    gender: doc.gender ?? 'Unisex',
    category: doc.category ?? 'Sneakers',
    sizes: (doc.variants ?? []).map((v) => ({ size: v.size, lastSaleAt: v.lastSaleAt ? new Date(v.lastSaleAt).getTime() : null })),
    salesCount: doc.stats?.salesCount ?? 0,
    lastSaleAt: doc.stats?.lastSaleAt ? new Date(doc.stats.lastSaleAt).getTime() : null,
    ...sneakerPriceOrigin(doc),
    version: doc.version ?? 0,
  };
}

const availableSizes = (summary: SneakerSummary, now: Date): number[] => {
  const since = availableSince(now);
  return summary.sizes.filter((s) => s.lastSaleAt !== null && s.lastSaleAt >= since).map((s) => s.size);
};

const THIN_WINDOW_MS = THIN_MARKET_DAYS * 86_400_000;

/** A sneaker's 24-hour change at a moment (what the trending rule reads). */
export const change24hOf = (summary: SneakerSummary, now: Date): number | null => changeAt(summary.priceChangeSteps, now);

/** The trending rule over a sneaker and its 24-hour change at the moment read (change24hOf). */
export const isTrendingWith = (summary: Pick<SneakerSummary, 'currentPrice' | 'retailPrice'>, change: number | null): boolean =>
  isTrending({ currentPrice: summary.currentPrice, retailPrice: summary.retailPrice, priceChange24h: change });

/**
 * The last moment (ms) at which these sneakers' results still read as at `now` (Infinity when
 * nothing they show ages): every size shown as available still is, no price shown as resting on
 * enough sales has become thin and no 24-hour change shown has stepped. Until then later moments
 * show the same, unless a sneaker changes.
 */
export function searchResultsHoldUntil(summaries: readonly SneakerSummary[], now: Date): number {
  const since = availableSince(now);
  const window = now.getTime() - since;
  let until = Infinity;
  for (const summary of summaries) {
    for (const s of summary.sizes) if (s.lastSaleAt !== null && s.lastSaleAt >= since) until = Math.min(until, s.lastSaleAt + window);
    const enough = summary.latestSales[THIN_MARKET_SALES - 1];
    if (enough !== undefined && !isThinMarket(summary.latestSales, now)) until = Math.min(until, enough + THIN_WINDOW_MS);
    until = Math.min(until, changeHoldsUntil(summary.priceChangeSteps, now));
  }
  return until;
}

export function searchResultOf(summary: SneakerSummary, now: Date): SearchResultSneaker {
  return {
    id: summary.id,
    name: summary.name,
    brand: summary.brand,
    colorway: summary.colorway,
    sku: summary.sku,
    imageUrl: summary.imageUrl,
    retailPrice: summary.retailPrice,
    currentPrice: summary.currentPrice,
    lowestPrice: summary.lowestPrice,
    highestPrice: summary.highestPrice,
    priceChange24h: change24hOf(summary, now),
    releaseDate: summary.releaseDate,
    availableSizes: availableSizes(summary, now),
    provenance: provenanceOf(summary.priceSource, summary.latestSales, now),
  };
}

export function trendingItemOf(summary: SneakerSummary, now: Date) {
  const result = searchResultOf(summary, now);
  return {
    ...result,
    premiumPercent: roundPercent(premiumPercent(summary.currentPrice, summary.retailPrice)),
    marketStatus: marketStatus(summary.currentPrice, summary.retailPrice),
    trending: isTrendingWith(summary, result.priceChange24h),
    lastSaleAt: summary.lastSaleAt === null ? null : new Date(summary.lastSaleAt).toISOString(),
  };
}

export const roundPercent = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);

export function relatedOf(summary: SneakerSummary, recommendationReason: string, now: Date): RelatedProduct {
  return {
    id: summary.id,
    name: summary.name,
    brand: summary.brand,
    colorway: summary.colorway,
    imageUrl: summary.imageUrl,
    currentPrice: summary.currentPrice,
    retailPrice: summary.retailPrice,
    lowestPrice: summary.lowestPrice,
    highestPrice: summary.highestPrice,
    priceChange24h: change24hOf(summary, now),
    recommendationReason,
    marketStatus: marketStatus(summary.currentPrice, summary.retailPrice),
    provenance: provenanceOf(summary.priceSource, summary.latestSales, now),
  };
}

const variantAvailable = (v: { lastSaleAt?: Date | string | null }, now: Date) => isAvailable({ lastSaleAt: v.lastSaleAt ? new Date(v.lastSaleAt) : null }, now);

/** All `detailOf` takes from a moment: which of a sneaker's sizes are available, which prices are thin (the sneaker's last) and each size's 24-hour change. */
export const availabilityOf = (doc: SneakerDoc, now: Date): string =>
  (doc.variants ?? []).map((v) => `${variantAvailable(v, now) ? '1' : '0'}${isThinMarket(variantLatestSales(v), now) ? 't' : ''}${variantChange24h(v, now) ?? '-'}`).join(',') +
  (isThinMarket(sneakerPriceOrigin(doc).latestSales, now) ? 't' : '');

export function variantsOf(doc: SneakerDoc, now: Date): Variant[] {
  return (doc.variants ?? []).map((v) => ({
    id: `${doc._id}-${v.size}`,
    size: v.size,
    sizeType: v.sizeType ?? 'US',
    colorway: doc.colorway ?? '',
    currentPrice: v.currentPrice ?? null,
    lastSalePrice: v.lastSalePrice ?? null,
    lastSaleAt: iso(v.lastSaleAt),
    priceChange24h: variantChange24h(v, now),
    availability: variantAvailable(v, now) ? 'available' : 'sold_out',
    seq: v.seq ?? 0,
    provenance: provenanceOf(variantSource(doc, v), variantLatestSales(v), now),
  }));
}

export function detailOf(doc: SneakerDoc, now: Date): SneakerDetail {
  const stats = doc.stats;
  const currentPrice = stats?.averagePrice ?? null;
  const priceChange24h = sneakerChange24h(doc.variants ?? [], now);
  const origin = sneakerPriceOrigin(doc);
  return {
    id: doc._id,
    name: doc.name,
    brand: { name: doc.brand },
    colorway: doc.colorway ?? '',
    modelCode: doc.sku ?? null,
    sku: doc.sku ?? null,
    model: doc.model ?? null,
    releaseDate: doc.releaseDate ?? null,
    retailPrice: doc.retailPrice ?? null,
    category: doc.category || 'Sneakers',
    gender: doc.gender || 'Unisex',
    imageUrl: doc.imageUrl ?? null,
    description: doc.description ?? null,
    currentPrice,
    lowestPrice: stats?.lowestPrice ?? null,
    highestPrice: stats?.highestPrice ?? null,
    priceChange24h,
    marketStatus: marketStatus(currentPrice, doc.retailPrice),
    trending: isTrending({ currentPrice, retailPrice: doc.retailPrice ?? null, priceChange24h }),
    variants: variantsOf(doc, now),
    stats: {
      averagePrice: currentPrice,
      priceRange: { min: stats?.lowestPrice ?? null, max: stats?.highestPrice ?? null },
      salesCount: stats?.salesCount ?? 0,
      lastSaleAt: iso(stats?.lastSaleAt),
    },
    provenance: provenanceOf(origin.priceSource, origin.latestSales, now),
    source: doc.source,
    dataAsOf: doc.dataAsOf ?? null,
    dataShiftDays: doc.dataShiftDays ?? null,
  };
}
