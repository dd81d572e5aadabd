import { describe, expect, it } from 'vitest';
import { currentValue, gainLossOf, gainLossPercentOf, statsOf } from './valuation.ts';

describe('currentValue', () => {
  it("takes the size's market price first", () => {
    expect(currentValue({ sizePrice: 25_000, averagePrice: 20_000 }, 15_000)).toBe(25_000);
  });

  it("falls back to the sneaker's average price when the size has no price", () => {
    expect(currentValue({ sizePrice: null, averagePrice: 20_000 }, 15_000)).toBe(20_000);
  });

  it('falls back to the last known value when the market knows nothing', () => {
    expect(currentValue({ sizePrice: null, averagePrice: null }, 15_000)).toBe(15_000);
  });

  it('keeps a market price of 0 rather than falling back', () => {
    expect(currentValue({ sizePrice: 0, averagePrice: 20_000 }, 15_000)).toBe(0);
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
