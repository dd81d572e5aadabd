import type { DemoCollectionItem, DemoSearchProduct } from '@kicksight/contracts';
import { DEMO_PRICE_RANGES } from './demo-data.ts';

const MAX_SUGGESTIONS = 5;
export const SEARCH_DELAY_MS = 500;

export type SearchSort = 'relevance' | 'price-asc' | 'price-desc' | 'popularity' | 'release';
export type CollectionSort = 'name' | 'value' | 'performance' | 'date';

const matches = (name: string, brand: string, text: string) => `${brand} ${name}`.toLowerCase().includes(text.trim().toLowerCase());

/** Up to 5 names that contain the typed text. */
export function suggestionsFor(products: readonly DemoSearchProduct[], text: string): string[] {
  if (!text.trim()) return [];
  return products.filter((p) => matches(p.name, p.brand, text)).slice(0, MAX_SUGGESTIONS).map((p) => p.name);
}

export function searchProducts(products: readonly DemoSearchProduct[], { text, brand, priceRange, sort }: { text: string; brand: string; priceRange: string; sort: SearchSort }): DemoSearchProduct[] {
  const range = DEMO_PRICE_RANGES.find((r) => r.id === priceRange) ?? DEMO_PRICE_RANGES[0];
  const found = products.filter((p) => (brand === 'All' || p.brand === brand) && p.price >= range.min && p.price < range.max && (!text.trim() || matches(p.name, p.brand, text)));
  const by: Record<SearchSort, (a: DemoSearchProduct, b: DemoSearchProduct) => number> = {
    relevance: () => 0,
    'price-asc': (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
    popularity: (a, b) => b.popularity - a.popularity,
    release: (a, b) => b.releaseDate.localeCompare(a.releaseDate),
  };
  return [...found].sort(by[sort]);
}

export function sortCollection(items: readonly DemoCollectionItem[], sort: CollectionSort, text: string): DemoCollectionItem[] {
  const by: Record<CollectionSort, (a: DemoCollectionItem, b: DemoCollectionItem) => number> = {
    name: (a, b) => a.name.localeCompare(b.name),
    value: (a, b) => b.currentPrice - a.currentPrice,
    performance: (a, b) => b.gain - a.gain,
    date: (a, b) => b.acquiredDate.localeCompare(a.acquiredDate),
  };
  return items.filter((i) => !text.trim() || matches(i.name, i.brand, text)).sort(by[sort]);
}
