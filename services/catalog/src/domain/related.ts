import { premiumPercent, type RelatedProduct, type RelatedStrategy } from '@kicksight/contracts';
import type { SneakerSummary } from './search-index.ts';
import { change24hOf, isTrendingWith, relatedOf } from './views.ts';

/** A price within this share of the sneaker's own counts as the same price range. */
export const PRICE_RANGE_SHARE = 0.25;

type Candidate = { summary: SneakerSummary; reason: string };
const byPopularity = (a: SneakerSummary, b: SneakerSummary) => b.salesCount - a.salesCount || (a.id < b.id ? -1 : 1);
const money = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/** The model line of a sneaker: its silhouette, or its name's first three words. */
export const modelOf = (s: SneakerSummary): string => (s.model ?? s.name.split(' ').slice(0, 3).join(' ')).toLowerCase();

const strategies: Record<Exclude<RelatedStrategy, 'mixed'>, (target: SneakerSummary, pool: SneakerSummary[], now: Date) => Candidate[]> = {
  brand: (target, pool) =>
    pool
      .filter((s) => s.brand === target.brand)
      .sort(byPopularity)
      .map((summary) => ({ summary, reason: `More from ${target.brand}` })),
  category: (target, pool) => {
    const model = modelOf(target);
    return pool
      .filter((s) => modelOf(s) === model)
      .sort(byPopularity)
      .map((summary) => ({ summary, reason: `Same model: ${target.model ?? summary.name.split(' ').slice(0, 3).join(' ')}` }));
  },
  'price-range': (target, pool) => {
    const price = target.currentPrice;
    if (price === null) return [];
    return pool
      .filter((s) => s.currentPrice !== null && Math.abs(s.currentPrice - price) <= price * PRICE_RANGE_SHARE)
      .sort((a, b) => Math.abs(a.currentPrice! - price) - Math.abs(b.currentPrice! - price) || (a.id < b.id ? -1 : 1))
      .map((summary) => ({ summary, reason: `Similar price: around ${money(price)}` }));
  },
  trending: (_target, pool, now) =>
    pool
      .map((summary) => ({ summary, change: change24hOf(summary, now) }))
      .filter(({ summary, change }) => isTrendingWith(summary, change))
      .sort((a, b) => Math.abs(b.change ?? 0) - Math.abs(a.change ?? 0) || (premiumPercent(b.summary.currentPrice, b.summary.retailPrice) ?? 0) - (premiumPercent(a.summary.currentPrice, a.summary.retailPrice) ?? 0) || (a.summary.id < b.summary.id ? -1 : 1))
      .map(({ summary, change: moved }) => {
        const change = moved ?? 0;
        const premium = premiumPercent(summary.currentPrice, summary.retailPrice);
        const reason = Math.abs(change) > 5_000 ? `Trending: ${change > 0 ? 'up' : 'down'} ${money(Math.abs(change))} in 24 hours` : `Trending: ${Math.round(premium ?? 0)}% over retail`;
        return { summary, reason };
      }),
};

/**
 * Sneakers related to one, by a strategy, each with the reason it was picked and its market status.
 * `mixed` takes from brand, model, price range and trending in turn, without repeats.
 */
export function relatedProducts(target: SneakerSummary, all: SneakerSummary[], strategy: RelatedStrategy, limit: number, now: Date): RelatedProduct[] {
  const pool = all.filter((s) => s.id !== target.id);
  if (strategy !== 'mixed') return strategies[strategy](target, pool, now).slice(0, limit).map((c) => relatedOf(c.summary, c.reason, now));
  const lists = (['category', 'brand', 'price-range', 'trending'] as const).map((name) => strategies[name](target, pool, now));
  const picked = new Map<string, Candidate>();
  const cursors = lists.map(() => 0);
  while (picked.size < limit && cursors.some((c, i) => c < lists[i]!.length)) {
    lists.forEach((list, i) => {
      while (cursors[i]! < list.length && picked.size < limit) {
        const candidate = list[cursors[i]!++]!;
        if (!picked.has(candidate.summary.id)) {
          picked.set(candidate.summary.id, candidate);
          break;
        }
      }
    });
  }
  return [...picked.values()].map((c) => relatedOf(c.summary, c.reason, now));
}
