import { describe, expect, it } from 'vitest';
import type { RelatedProduct } from '@kicksight/contracts';
import { behaviourSeeds, mergeRecommendations, recentSeeds, trendingAsRelated, type Seed } from './recommendations.ts';

const product = (id: string): RelatedProduct => ({
  id,
  name: id,
  brand: 'Nike',
  colorway: 'Default',
  imageUrl: null,
  currentPrice: 20_000,
  retailPrice: 10_000,
  lowestPrice: null,
  highestPrice: null,
  priceChange24h: null,
  recommendationReason: 'Same brand',
  marketStatus: { label: 'Hype Beast', color: 'red', description: '' },
});
const seed = (sneakerId: string, brand: string, day: number): Seed => ({ sneakerId, name: sneakerId, brand, addedAt: new Date(Date.UTC(2026, 0, day)) });

describe('mergeRecommendations', () => {
  it('takes from each list in turn, without duplicates or excluded ids, up to the limit', () => {
    const merged = mergeRecommendations(
      [
        [product('a'), product('b'), product('c')],
        [product('b'), product('owned'), product('d')],
      ],
      new Set(['owned']),
      4,
    );
    expect(merged.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops at the limit', () => {
    expect(mergeRecommendations([[product('a'), product('b')], [product('c')]], new Set(), 2).map((p) => p.id)).toEqual(['a', 'c']);
  });
});

describe('seeds', () => {
  const items = [seed('s1', 'Adidas', 5), seed('s2', 'Nike', 1), seed('s3', 'Nike', 3), seed('s3', 'Nike', 4), seed('s4', 'Puma', 9)];

  it('prefers the brands collected most, then the latest added, one per sneaker', () => {
    expect(behaviourSeeds(items, 3).map((s) => s.sneakerId)).toEqual(['s3', 's2', 's4']);
  });

  it('takes the latest added sneakers for the other strategies', () => {
    expect(recentSeeds(items, 3).map((s) => s.sneakerId)).toEqual(['s4', 's1', 's3']);
  });
});

describe('trendingAsRelated', () => {
  it('gives a trending sneaker its reason and market status', () => {
    const related = trendingAsRelated(
      { id: 'x', name: 'X', brand: 'Nike', colorway: 'Black', imageUrl: null, retailPrice: 10_000, currentPrice: 16_000, lowestPrice: 15_000, highestPrice: 17_000, priceChange24h: 500 },
      'Trending this week',
    );
    expect(related).toMatchObject({ id: 'x', recommendationReason: 'Trending this week', marketStatus: { label: 'Hype Beast' } });
  });
});
