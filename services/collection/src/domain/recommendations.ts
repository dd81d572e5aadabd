import { marketStatus, type RelatedProduct } from '@kicksight/contracts';

/** A trending sneaker as catalog's internal trending call gives it (the fields used here). */
export interface TrendingSneaker {
  id: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string | null;
  retailPrice: number | null;
  currentPrice: number | null;
  lowestPrice: number | null;
  highestPrice: number | null;
  priceChange24h: number | null;
}

/** A collection item that can seed recommendations (a catalogue sneaker). */
export interface Seed {
  sneakerId: string;
  name: string;
  brand: string;
  addedAt: Date;
}

/**
 * Takes products from each list in turn (the first of each, then the second...), skipping
 * duplicates and excluded ids, until `limit`: every seed contributes its best matches first.
 */
export function mergeRecommendations(lists: RelatedProduct[][], exclude: ReadonlySet<string>, limit: number): RelatedProduct[] {
  const picked = new Map<string, RelatedProduct>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest && picked.size < limit; rank++) {
    for (const list of lists) {
      const product = list[rank];
      if (!product || exclude.has(product.id) || picked.has(product.id)) continue;
      picked.set(product.id, product);
      if (picked.size === limit) break;
    }
  }
  return [...picked.values()];
}

/**
 * The seeds of user-behaviour recommendations: the member's catalogue sneakers, brands they collect
 * most first and the latest added first within a brand, one per sneaker, at most `count`.
 */
export function behaviourSeeds(items: Seed[], count = 3): Seed[] {
  const perBrand = new Map<string, number>();
  for (const item of items) perBrand.set(item.brand, (perBrand.get(item.brand) ?? 0) + 1);
  const ordered = [...items].sort((a, b) => perBrand.get(b.brand)! - perBrand.get(a.brand)! || b.addedAt.getTime() - a.addedAt.getTime() || (a.sneakerId < b.sneakerId ? -1 : 1));
  const seen = new Set<string>();
  return ordered.filter((item) => !seen.has(item.sneakerId) && seen.add(item.sneakerId)).slice(0, count);
}

/** The seeds of the other strategies: the latest added catalogue sneakers, at most `count`. */
export function recentSeeds(items: Seed[], count = 3): Seed[] {
  const seen = new Set<string>();
  return [...items]
    .sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime() || (a.sneakerId < b.sneakerId ? -1 : 1))
    .filter((item) => !seen.has(item.sneakerId) && seen.add(item.sneakerId))
    .slice(0, count);
}

/** A trending sneaker shown as a related product. */
export function trendingAsRelated(sneaker: TrendingSneaker, reason: string): RelatedProduct {
  return {
    id: sneaker.id,
    name: sneaker.name,
    brand: sneaker.brand,
    colorway: sneaker.colorway,
    imageUrl: sneaker.imageUrl,
    currentPrice: sneaker.currentPrice,
    retailPrice: sneaker.retailPrice,
    lowestPrice: sneaker.lowestPrice,
    highestPrice: sneaker.highestPrice,
    priceChange24h: sneaker.priceChange24h,
    recommendationReason: reason,
    marketStatus: marketStatus(sneaker.currentPrice, sneaker.retailPrice),
  };
}
