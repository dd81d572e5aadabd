import { describe, expect, it } from 'vitest';
import { DEMO_COLLECTION, DEMO_PRODUCTS } from '@kicksight/contracts/demo';
import { searchProducts, sortCollection, suggestionsFor } from './demo-search.ts';

describe('demo search', () => {
  it('suggests at most 5 names', () => {
    expect(suggestionsFor(DEMO_PRODUCTS, 'a').length).toBe(5);
    expect(suggestionsFor(DEMO_PRODUCTS, 'panda')).toEqual(['Nike Dunk Low Panda']);
    expect(suggestionsFor(DEMO_PRODUCTS, '  ')).toEqual([]);
  });

  it('filters by brand and price range and sorts', () => {
    const jordans = searchProducts(DEMO_PRODUCTS, { text: '', brand: 'Jordan', priceRange: '300-500', sort: 'price-asc' });
    expect(jordans.map((p) => p.price)).toEqual([335, 412]);
    expect(searchProducts(DEMO_PRODUCTS, { text: '', brand: 'All', priceRange: 'over-1000', sort: 'relevance' }).map((p) => p.id)).toEqual(['p6']);
    expect(searchProducts(DEMO_PRODUCTS, { text: '', brand: 'All', priceRange: 'all', sort: 'release' })[0]!.id).toBe('p8');
  });

  it('sorts the collection by performance and searches it', () => {
    expect(sortCollection(DEMO_COLLECTION, 'performance', '')[0]!.id).toBe('d1');
    expect(sortCollection(DEMO_COLLECTION, 'name', 'dunk').map((i) => i.id)).toEqual(['d2']);
  });
});
