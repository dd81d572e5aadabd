import type { SneakerSummary } from './search-index.ts';

let made = 0;

/** A sneaker as the search index holds it, for tests: a new id each time, priced, with no sales unless given. */
export const sneakerSummary = (name: string, brand: string, extra: Partial<SneakerSummary> = {}): SneakerSummary => ({
  id: `id${String(++made).padStart(3, '0')}`,
  name,
  brand,
  colorway: '',
  sku: null,
  model: null,
  imageUrl: null,
  retailPrice: 20_000,
  currentPrice: 30_000,
  lowestPrice: 25_000,
  highestPrice: 35_000,
  priceChangeSteps: [{ until: null, change: 0 }],
  releaseDate: '2020-01-01',
  gender: 'Men',
  category: 'Sneakers',
  sizes: [],
  salesCount: 0,
  lastSaleAt: null,
  priceSource: 'generated',
  latestSales: [],
  version: 1,
  ...extra,
});
