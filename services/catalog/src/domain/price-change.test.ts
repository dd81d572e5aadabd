import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@kicksight/contracts';
import type { SneakerDoc, SummaryDoc } from '../store/models.ts';
import { applySaleToVariants, statsOf, type VariantState } from './market.ts';
import { availabilityOf, detailOf, searchResultOf, searchResultsHoldUntil, summaryDocOf, summaryFromDoc, summaryOf, trendingItemOf } from './views.ts';

const lastSale = new Date('2026-11-27T12:00:00Z');
const hoursAfter = (hours: number) => new Date(lastSale.getTime() + hours * 3_600_000);

/** A sneaker whose size 9 sold twice, 48 days apart: 200.00, then 880.00 (its market price moves by +340.00, over the trending threshold). */
function sneaker(): SneakerDoc {
  let variants: VariantState[] = [];
  const sales = [
    { id: 'a', size: 9, amount: 20_000, soldAt: new Date(lastSale.getTime() - 48 * DAY_MS) },
    { id: 'b', size: 9, amount: 88_000, soldAt: lastSale },
  ];
  for (const sale of sales) variants = applySaleToVariants(variants, { ...sale, sizeType: 'US' }).variants;
  return {
    _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    name: 'Adidas Yeezy Boost 700 V3',
    brand: 'Adidas',
    colorway: 'Black',
    sku: null,
    model: null,
    releaseDate: '2020-01-01',
    retailPrice: 50_000,
    category: 'Sneakers',
    gender: 'Men',
    imageUrl: null,
    description: null,
    source: 'generated',
    sources: ['generated'],
    nameKey: 'yeezy 700 v3',
    variants,
    stats: statsOf(variants, sales[0]!.soldAt),
    appliedSales: [],
    dataAsOf: null,
    dataShiftDays: null,
    version: 1,
    createdAt: lastSale,
    updatedAt: lastSale,
  };
}

describe('the 24-hour change', () => {
  it('is the move of the last 24 hours, and no change (nor trending by it) once the last move is older', () => {
    const doc = sneaker();
    const fresh = detailOf(doc, hoursAfter(2));
    expect(fresh.variants[0]!.priceChange24h).toBe(34_000);
    expect(fresh).toMatchObject({ priceChange24h: 34_000, trending: true });
    const later = detailOf(doc, hoursAfter(36));
    expect(later.variants[0]!.priceChange24h).toBe(0);
    expect(later).toMatchObject({ priceChange24h: 0, trending: false });
    expect(availabilityOf(doc, hoursAfter(36))).not.toBe(availabilityOf(doc, hoursAfter(2)));
  });

  it('steps to no change in search results, trending lists and the stored summaries, whose kept pages are rebuilt then', () => {
    const summary = summaryFromDoc(summaryDocOf(sneaker()));
    expect(searchResultOf(summary, hoursAfter(2)).priceChange24h).toBe(34_000);
    expect(trendingItemOf(summary, hoursAfter(2)).trending).toBe(true);
    expect(searchResultOf(summary, hoursAfter(36)).priceChange24h).toBe(0);
    expect(trendingItemOf(summary, hoursAfter(36)).trending).toBe(false);
    expect(searchResultsHoldUntil([summaryOf(sneaker())], hoursAfter(2))).toBeLessThanOrEqual(hoursAfter(24).getTime());
  });

  it('does not serve a move stored on a summary kept before the change was read at a moment, once that move is 24 hours old', () => {
    const { priceChangeSteps: _steps, ...current } = summaryDocOf(sneaker());
    const stored = { ...current, priceChange24h: 34_000 } as SummaryDoc & { priceChange24h: number };
    expect(searchResultOf(summaryFromDoc(stored), hoursAfter(2)).priceChange24h).toBe(34_000);
    expect(searchResultOf(summaryFromDoc(stored), hoursAfter(36)).priceChange24h).toBe(0);
    expect(trendingItemOf(summaryFromDoc(stored), hoursAfter(36)).trending).toBe(false);
  });
});
