import { describe, expect, it } from 'vitest';
import { gainLossOf, gainLossPercentOf, statsOf, valuationOf, valuationTimes, type SizeMarket } from './valuation.ts';

const now = new Date('2026-11-27T10:00:00Z');
const readAt = new Date('2026-11-27T09:56:00Z');
const soldAt = new Date('2026-11-26T08:00:00Z');
const market: SizeMarket = {
  highestBid: 25_000,
  lowestAsk: 30_000,
  readingSource: 'stockx-api',
  readingAt: readAt,
  salePrice: 21_000,
  saleSource: 'replay:stockx-2019-sales.csv',
  saleAt: soldAt,
  latestSales: [soldAt, new Date('2026-11-20T08:00:00Z'), new Date('2026-11-01T08:00:00Z')],
  averagePrice: 22_000,
};

describe('how an item was valued', () => {
  it('names a reading’s source and time when the value rests on its bid or ask', () => {
    expect(valuationOf('highest_bid', market, now)).toEqual({ basis: 'highest_bid', source: 'stockx-api', asOf: readAt.toISOString(), stale: false, thin: false });
    expect(valuationOf('lowest_ask', market, now)).toMatchObject({ source: 'stockx-api', asOf: readAt.toISOString(), stale: false });
  });

  it('says the reading is stale when the value fell back to the size’s sales, and names the last sale', () => {
    expect(valuationOf('last_sale', market, now)).toEqual({ basis: 'last_sale', source: 'replay:stockx-2019-sales.csv', asOf: soldAt.toISOString(), stale: true, thin: false });
    expect(valuationOf('last_sale', { ...market, readingAt: null }, now)).toMatchObject({ stale: false });
  });

  it('marks a size with fewer than 3 sales in 90 days thin, and says nothing of thinness it does not know', () => {
    expect(valuationOf('last_sale', { ...market, latestSales: [soldAt, new Date('2026-06-01T00:00:00Z')] }, now).thin).toBe(true);
    expect(valuationOf('highest_bid', { ...market, latestSales: [] }, now).thin).toBe(true);
    expect(valuationOf('last_sale', { ...market, latestSales: null }, now).thin).toBe(false);
  });

  it('names no source for the sneaker’s average or the last known value', () => {
    expect(valuationOf('sneaker_average', { ...market, latestSales: [] }, now)).toEqual({ basis: 'sneaker_average', source: null, asOf: null, stale: true, thin: false });
    const none = { ...market, readingAt: null, readingSource: null, latestSales: null };
    expect(valuationOf('last_known', none, now)).toEqual({ basis: 'last_known', source: null, asOf: null, stale: false, thin: false });
  });

  it('counts a reading as fresh from MARKET_STALE_AFTER before now', () => {
    const at = valuationTimes({ now: () => now }, 6 * 3_600_000)();
    expect(at).toEqual({ now, freshSince: new Date('2026-11-27T04:00:00Z') });
  });
});

describe('gain and loss', () => {
  it('is the value minus the purchase price, and its percent of the purchase price', () => {
    expect(gainLossOf(25_000, 20_000)).toBe(5_000);
    expect(gainLossPercentOf(5_000, 20_000)).toBe(25);
    expect(gainLossPercentOf(-5_000, 20_000)).toBe(-25);
  });

  it('gives 0 percent for a purchase price of 0, whatever the gain', () => {
    expect(gainLossOf(12_000, 0)).toBe(12_000);
    expect(gainLossPercentOf(12_000, 0)).toBe(0);
    expect(gainLossPercentOf(0, 0)).toBe(0);
  });

  it('rounds the percent to two decimals', () => {
    expect(gainLossPercentOf(1, 3)).toBe(33.33);
    expect(gainLossPercentOf(2, 3)).toBe(66.67);
  });
});

describe('statsOf', () => {
  it('sums value and cost, and averages the value per item', () => {
    expect(statsOf({ items: 3, value: 60_001, cost: 50_000 })).toEqual({
      totalValue: 60_001,
      totalCost: 50_000,
      totalGainLoss: 10_001,
      gainLossPercent: 20,
      totalItems: 3,
      averageValue: 20_000,
    });
  });

  it('is all zeros for an empty collection', () => {
    expect(statsOf({ items: 0, value: 0, cost: 0 })).toEqual({ totalValue: 0, totalCost: 0, totalGainLoss: 0, gainLossPercent: 0, totalItems: 0, averageValue: 0 });
  });

  it('gives 0 percent when every item cost nothing', () => {
    expect(statsOf({ items: 2, value: 30_000, cost: 0 }).gainLossPercent).toBe(0);
  });
});
