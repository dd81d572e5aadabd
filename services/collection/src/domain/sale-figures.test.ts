import { describe, expect, it } from 'vitest';
import type { SaleRecord, SalesGroup } from '../store/sales.ts';
import { daysBetween, ledgerLine, saleView, summaryOf, termOf } from './sale-figures.ts';

const record = (overrides: Partial<SaleRecord> = {}): SaleRecord => ({
  id: 's1',
  itemId: 'i1',
  userId: 'u1',
  soldAt: '2026-03-01',
  platform: 'ebay',
  salePrice: 30_000,
  buyerShipping: 0,
  fees: [{ kind: 'entered', label: 'Fees entered', amount: 2_400 }],
  feesTotal: 2_400,
  feeSchedule: null,
  shippingCost: 0,
  otherFees: 0,
  source: 'manual',
  externalId: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  sneakerId: null,
  name: 'Dunk Low',
  brand: 'Nike',
  colorway: 'Panda',
  size: 10,
  sku: 'DD1391-100',
  imageUrl: null,
  purchaseDate: '2026-01-10',
  purchasePrice: 20_000,
  purchaseShipping: 1_500,
  purchaseTax: 0,
  costKnown: true,
  ...overrides,
});

describe('a sale’s figures', () => {
  it('nets the fees and the seller’s costs from the price, and gains over the whole cost basis, in cents', () => {
    expect(saleView(record({ shippingCost: 500, otherFees: 100 }))).toMatchObject({ netProceeds: 27_000, costBasis: 21_500, realisedGain: 5_500, returnOnCost: 25.58, daysHeld: 50, term: 'short' });
  });

  it('leaves gain, days and term unknown while the purchase is unknown', () => {
    expect(saleView(record({ costKnown: false }))).toMatchObject({ netProceeds: 27_600, costBasis: null, realisedGain: null, returnOnCost: null, daysHeld: null, term: null, purchaseDate: null, needsCostBasis: true });
  });

  it('is long-term when sold after the purchase’s first anniversary, whether or not the year holds a 29 February', () => {
    expect(daysBetween('2024-03-01', '2025-03-01')).toBe(365);
    expect(termOf('2024-03-01', '2025-03-01')).toBe('short');
    expect(termOf('2024-03-01', '2025-03-02')).toBe('long');
    // 366 days, across 29 February 2024: still the anniversary itself.
    expect(daysBetween('2024-01-15', '2025-01-15')).toBe(366);
    expect(termOf('2024-01-15', '2025-01-15')).toBe('short');
    expect(termOf('2024-01-15', '2025-01-16')).toBe('long');
    expect(termOf('2023-03-01', '2024-03-01')).toBe('short');
    // Bought on 29 February: the anniversary is 28 February.
    expect(termOf('2024-02-29', '2025-02-28')).toBe('short');
    expect(termOf('2024-02-29', '2025-03-01')).toBe('long');
    expect(termOf(null, '2025-03-01')).toBeNull();
  });
});

describe("the year's summary", () => {
  const group = (month: number, platform: SalesGroup['platform'], sales: number, revenue: number, fees: number, cost: number, daysHeld = 30 * sales): SalesGroup => ({ month, platform, sales, revenue, fees, cost, daysHeld, timed: sales, incomplete: 0 });

  it('folds months and platforms into totals, with return, days held and sell-through', () => {
    const summary = summaryOf(2025, [group(2, 'stockx', 2, 60_000, 7_200, 40_000), group(2, 'ebay', 1, 20_000, 1_600, 15_000, 100), group(7, 'goat', 1, 25_000, 3_000, 30_000, 10)], 6);
    expect(summary).toMatchObject({ year: 2025, sales: 4, revenue: 105_000, fees: 11_800, netProceeds: 93_200, cost: 85_000, realisedGain: 8_200, returnOnCost: 9.65, averageDaysHeld: 42.5, sellThrough: 40, incomplete: 0 });
    expect(summary.byMonth).toHaveLength(12);
    expect(summary.byMonth[1]).toMatchObject({ month: '2025-02', sales: 3, realisedGain: 12_800 + 3_400 });
    expect(summary.byMonth[1]!.byPlatform).toEqual([
      { platform: 'stockx', realisedGain: 12_800 },
      { platform: 'goat', realisedGain: 0 },
      { platform: 'ebay', realisedGain: 3_400 },
      { platform: 'other', realisedGain: 0 },
    ]);
    expect(summary.byPlatform.find((row) => row.platform === 'goat')).toMatchObject({ sales: 1, realisedGain: -8_000 });
  });

  it('is all zeros for a year without sales', () => {
    expect(summaryOf(2019, [], 3)).toMatchObject({ sales: 0, revenue: 0, realisedGain: 0, returnOnCost: null, averageDaysHeld: null, sellThrough: 0 });
  });

  it('counts a sale without a cost basis at cost 0, as the export writes it', () => {
    expect(ledgerLine({ sales: 1, revenue: 10_000, fees: 1_000, cost: 0 })).toEqual({ sales: 1, revenue: 10_000, fees: 1_000, netProceeds: 9_000, cost: 0, realisedGain: 9_000 });
  });
});
