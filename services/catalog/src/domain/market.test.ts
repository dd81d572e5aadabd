import { describe, expect, it } from 'vitest';
import {
  SALE_PAGE_ROWS,
  type DayTotals,
  aggregateTargets,
  applySaleToVariants,
  changeAt,
  changeSteps,
  dailyRows,
  emptyVariant,
  isAvailable,
  recentWindow,
  sneakerChange24h,
  statsOf,
  variantChange24h,
  yearsOfWindow,
  type VariantState,
} from './market.ts';

const sale = (id: string, size: number, amount: number, at: string) => ({ id, size, sizeType: 'US', amount, soldAt: new Date(at) });

function replay(sales: ReturnType<typeof sale>[]) {
  let variants: VariantState[] = [];
  const changes = [];
  for (const s of sales) {
    const result = applySaleToVariants(variants, s);
    variants = result.variants;
    changes.push(result.change);
  }
  return { variants, changes };
}

describe('a sale applied to a sneaker', () => {
  it('sets the size market price to the median of its last five sales and counts a sequence number per change', () => {
    const { variants, changes } = replay([
      sale('a', 10, 20_000, '2026-01-01T10:00:00Z'),
      sale('b', 10, 30_000, '2026-01-01T11:00:00Z'),
      sale('c', 10, 22_000, '2026-01-01T12:00:00Z'),
      sale('d', 10, 22_000, '2026-01-01T13:00:00Z'),
    ]);
    const ten = variants.find((v) => v.size === 10)!;
    expect(ten.currentPrice).toBe(22_000);
    expect(ten.lastSalePrice).toBe(22_000);
    expect(changes.map((c) => c?.seq ?? null)).toEqual([1, 2, 3, null]);
    expect(changes[1]).toEqual({ size: 10, price: 25_000, previous: 20_000, seq: 2, asOf: '2026-01-01T11:00:00.000Z', latestSales: ['2026-01-01T11:00:00.000Z', '2026-01-01T10:00:00.000Z'] });
    const sourced = applySaleToVariants(variants, { ...sale('e', 11, 40_000, '2026-01-02T09:00:00Z'), source: 'replay:stockx-2019-sales.csv' });
    expect(sourced.change).toEqual({ size: 11, price: 40_000, previous: null, seq: 1, source: 'replay:stockx-2019-sales.csv', asOf: '2026-01-02T09:00:00.000Z', latestSales: ['2026-01-02T09:00:00.000Z'] });
    expect(sourced.change).not.toHaveProperty('highestBid');
    expect(ten.salesCount).toBe(4);
  });

  it('measures the 24-hour change against the price in force 24 hours before, over a rolling window', () => {
    const { variants } = replay([sale('a', 9, 20_000, '2026-01-01T08:00:00Z'), sale('b', 9, 30_000, '2026-01-02T09:00:00Z'), sale('c', 9, 34_000, '2026-01-02T20:00:00Z')]);
    const nine = variants[0]!;
    expect(nine.currentPrice).toBe(30_000);
    const at = (iso: string) => variantChange24h(nine, new Date(iso));
    expect(at('2026-01-02T07:00:00Z')).toBeNull();
    expect(at('2026-01-03T08:30:00Z')).toBe(10_000);
    expect(at('2026-01-03T10:00:00Z')).toBe(5_000);
    expect(at('2026-01-03T21:00:00Z')).toBe(0);
    const ms = (iso: string) => new Date(iso).getTime();
    expect(changeSteps(variants)).toEqual([
      { until: ms('2026-01-02T08:00:00Z'), change: null },
      { until: ms('2026-01-03T09:00:00Z'), change: 10_000 },
      { until: ms('2026-01-03T20:00:00Z'), change: 5_000 },
      { until: null, change: 0 },
    ]);
    expect(changeAt(changeSteps(variants), new Date('2026-01-03T10:00:00Z'))).toBe(5_000);
  });

  it('shows no change once nothing moved a size in the last 24 hours, however long ago its last move was', () => {
    const { variants } = replay([sale('a', 9, 20_000, '2026-10-10T12:00:00Z'), sale('b', 9, 28_000, '2026-11-27T12:00:00Z')]);
    expect(variantChange24h(variants[0]!, new Date('2026-11-27T14:00:00Z'))).toBe(4_000);
    expect(variantChange24h(variants[0]!, new Date('2026-11-29T00:00:00Z'))).toBe(0);
    expect(sneakerChange24h(variants, new Date('2026-11-29T00:00:00Z'))).toBe(0);
  });

  it('reads the change stored on a size kept before its moves were only while its last sale is under 24 hours old, and measures its next sale from it', () => {
    const stored: VariantState = { ...emptyVariant(9, 'US'), priceMarks: undefined, currentPrice: 24_000, lastSaleAt: new Date('2026-11-27T12:00:00Z'), priceChange24h: 4_000, dayRefPrice: 20_000 };
    expect(variantChange24h(stored, new Date('2026-11-27T20:00:00Z'))).toBe(4_000);
    expect(variantChange24h(stored, new Date('2026-11-29T00:00:00Z'))).toBe(0);
    const next = applySaleToVariants([stored], sale('c', 9, 40_000, '2026-11-30T12:00:00Z')).variants[0]!;
    expect(next.currentPrice).toBe(40_000);
    expect(variantChange24h(next, new Date('2026-11-30T13:00:00Z'))).toBe(16_000);
  });

  it('counts a late sale without moving the market price', () => {
    const { variants } = replay([sale('a', 11, 20_000, '2026-01-05T10:00:00Z')]);
    const result = applySaleToVariants(variants, sale('b', 11, 90_000, '2026-01-01T10:00:00Z'));
    expect(result.change).toBeNull();
    expect(result.variants[0]).toMatchObject({ currentPrice: 20_000, salesCount: 2 });
  });

  it('keeps sizes sorted and sums them into stats', () => {
    const { variants } = replay([sale('a', 11, 30_000, '2026-01-01T10:00:00Z'), sale('b', 8, 20_000, '2026-01-01T11:00:00Z')]);
    expect(variants.map((v) => v.size)).toEqual([8, 11]);
    expect(statsOf(variants, new Date('2026-01-01T10:00:00Z'))).toMatchObject({ averagePrice: 25_000, lowestPrice: 20_000, highestPrice: 30_000, salesCount: 2, years: [2026] });
    expect(isAvailable(variants[0]!, new Date('2026-02-15T00:00:00Z'))).toBe(true);
    expect(isAvailable(variants[0]!, new Date('2026-04-15T00:00:00Z'))).toBe(false);
  });
});

describe('daily aggregates', () => {
  it('counts a sale into its size and all-sizes documents of its year', () => {
    expect(aggregateTargets('s1', { size: 10.5, soldAt: new Date('2026-03-04T10:00:00Z') })).toEqual([
      { id: 's1:10.5:2026', size: 10.5, year: 2026, day: '0304' },
      { id: 's1:all:2026', size: null, year: 2026, day: '0304' },
    ]);
  });

  it('lists the days of a window with sales, newest first, across a year boundary', () => {
    const today = new Date('2026-01-02T15:00:00Z');
    expect(yearsOfWindow(today, 7, [2024, 2025, 2026])).toEqual([2026, 2025]);
    expect(yearsOfWindow(today, 7, [2026])).toEqual([2026]);
    const docs = new Map<number, Record<string, DayTotals>>([
      [2026, { '0102': { c: 2, s: 50_000 } }],
      [2025, { '1231': { c: 1, s: 20_000 }, '1220': { c: 5, s: 1 } }],
    ]);
    expect(dailyRows(docs, today, 7)).toEqual([
      { date: '2026-01-02', count: 2, total: 50_000 },
      { date: '2025-12-31', count: 1, total: 20_000 },
    ]);
    // A longer window, then the next day: the days are counted back from each day again.
    expect(dailyRows(docs, today, 14).map((r) => r.date)).toEqual(['2026-01-02', '2025-12-31', '2025-12-20']);
    expect(dailyRows(docs, new Date('2026-01-03T00:00:01Z'), 4).map((r) => r.date)).toEqual(['2026-01-02', '2025-12-31']);
    expect(dailyRows(docs, today, 2).map((r) => r.date)).toEqual(['2026-01-02']);
  });
});

describe('recent sales pages', () => {
  it('finds the sequence numbers of a newest-first page and the row pages that hold them', () => {
    expect(recentWindow(5, 1, 3)).toEqual({ seqs: [4, 3, 2], pages: [0] });
    expect(recentWindow(5, 2, 3)).toEqual({ seqs: [1, 0], pages: [0] });
    expect(recentWindow(5, 3, 3)).toEqual({ seqs: [], pages: [] });
    expect(recentWindow(SALE_PAGE_ROWS + 10, 1, 20).pages).toEqual([1, 0]);
  });
});
