import { isTrending, marketStatus, premiumPercent, type RelatedProduct, type SearchResultSneaker, type SneakerDetail, type Variant } from '@kicksight/contracts';
import type { SneakerDoc, SummaryDoc } from '../store/models.ts';
import { availableSince, isAvailable } from './market.ts';
import type { SneakerSummary } from './search-index.ts';

const iso = (at: Date | null | undefined): string | null => (at ? new Date(at).toISOString() : null);

/** The part of a sneaker document that search results and lists show. */
/** The stored summary of a sneaker (see SummaryDoc). */
export function summaryDocOf(doc: SneakerDoc): SummaryDoc {
  const { id, sizes, ...rest } = summaryOf(doc);
  return { _id: id, ...rest, sizeList: sizes.map((s) => s.size), sizeLastSale: sizes.map((s) => s.lastSaleAt ?? 0), updatedAt: doc.updatedAt ?? new Date(0) };
}

/** The index's summary from its stored form. */
export function summaryFromDoc(doc: SummaryDoc): SneakerSummary {
  const { _id, sizeList, sizeLastSale, updatedAt: _updatedAt, ...rest } = doc;
  return { id: _id, ...rest, sizes: (sizeList ?? []).map((size, i) => ({ size, lastSaleAt: sizeLastSale?.[i] ? sizeLastSale[i]! : null })) };
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
    priceChange24h: doc.stats?.priceChange24h ?? null,
    releaseDate: doc.releaseDate ?? null,
    gender: doc.gender ?? 'Unisex',
    category: doc.category ?? 'Sneakers',
    sizes: (doc.variants ?? []).map((v) => ({ size: v.size, lastSaleAt: v.lastSaleAt ? new Date(v.lastSaleAt).getTime() : null })),
    salesCount: doc.stats?.salesCount ?? 0,
    lastSaleAt: doc.stats?.lastSaleAt ? new Date(doc.stats.lastSaleAt).getTime() : null,
    version: doc.version ?? 0,
  };
}

const availableSizes = (summary: SneakerSummary, now: Date): number[] => {
  const since = availableSince(now);
  return summary.sizes.filter((s) => s.lastSaleAt !== null && s.lastSaleAt >= since).map((s) => s.size);
};

/**
 * The last moment (ms) at which every size these sneakers show as available at `now` still is
 * (Infinity when none is): until then, later moments show the same sizes, unless a sneaker changes.
 */
export function availableSizesHoldUntil(summaries: readonly SneakerSummary[], now: Date): number {
  const since = availableSince(now);
  const window = now.getTime() - since;
  let until = Infinity;
  for (const summary of summaries) {
    for (const s of summary.sizes) if (s.lastSaleAt !== null && s.lastSaleAt >= since) until = Math.min(until, s.lastSaleAt + window);
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
    priceChange24h: summary.priceChange24h,
    releaseDate: summary.releaseDate,
    availableSizes: availableSizes(summary, now),
  };
}

export function trendingItemOf(summary: SneakerSummary, now: Date) {
  return {
    ...searchResultOf(summary, now),
    premiumPercent: roundPercent(premiumPercent(summary.currentPrice, summary.retailPrice)),
    marketStatus: marketStatus(summary.currentPrice, summary.retailPrice),
    trending: isTrending(summary),
    lastSaleAt: summary.lastSaleAt === null ? null : new Date(summary.lastSaleAt).toISOString(),
  };
}

export const roundPercent = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);

export function relatedOf(summary: SneakerSummary, recommendationReason: string): RelatedProduct {
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
    priceChange24h: summary.priceChange24h,
    recommendationReason,
    marketStatus: marketStatus(summary.currentPrice, summary.retailPrice),
  };
}

const variantAvailable = (v: { lastSaleAt?: Date | string | null }, now: Date) => isAvailable({ lastSaleAt: v.lastSaleAt ? new Date(v.lastSaleAt) : null }, now);

/** Which of a sneaker's sizes are available at a moment (all `detailOf` takes from the moment). */
export const availabilityOf = (doc: SneakerDoc, now: Date): string => (doc.variants ?? []).map((v) => (variantAvailable(v, now) ? '1' : '0')).join('');

export function variantsOf(doc: SneakerDoc, now: Date): Variant[] {
  return (doc.variants ?? []).map((v) => ({
    id: `${doc._id}-${v.size}`,
    size: v.size,
    sizeType: v.sizeType ?? 'US',
    colorway: doc.colorway ?? '',
    currentPrice: v.currentPrice ?? null,
    lastSalePrice: v.lastSalePrice ?? null,
    lastSaleAt: iso(v.lastSaleAt),
    priceChange24h: v.priceChange24h ?? null,
    availability: variantAvailable(v, now) ? 'available' : 'sold_out',
    seq: v.seq ?? 0,
  }));
}

export function detailOf(doc: SneakerDoc, now: Date): SneakerDetail {
  const stats = doc.stats;
  const currentPrice = stats?.averagePrice ?? null;
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
    priceChange24h: stats?.priceChange24h ?? null,
    marketStatus: marketStatus(currentPrice, doc.retailPrice),
    trending: isTrending({ currentPrice, retailPrice: doc.retailPrice ?? null, priceChange24h: stats?.priceChange24h ?? null }),
    variants: variantsOf(doc, now),
    stats: {
      averagePrice: currentPrice,
      priceRange: { min: stats?.lowestPrice ?? null, max: stats?.highestPrice ?? null },
      salesCount: stats?.salesCount ?? 0,
      lastSaleAt: iso(stats?.lastSaleAt),
    },
    source: doc.source,
    dataAsOf: doc.dataAsOf ?? null,
    dataShiftDays: doc.dataShiftDays ?? null,
  };
}
