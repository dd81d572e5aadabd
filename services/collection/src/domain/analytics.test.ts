import { describe, expect, it } from 'vitest';
import { byBrand, performers, realisedOf, unrealisedOf, type HeldItem } from './analytics.ts';

const item = (id: string, brand: string, purchasePrice: number, currentValue: number): HeldItem => ({ id, name: `Pair ${id}`, brand, size: 10, purchasePrice, currentValue });
const items = [item('a', 'Nike', 10_000, 15_000), item('b', 'Nike', 20_000, 18_000), item('c', 'Adidas', 10_000, 30_000), item('d', 'Jordan', 0, 5_000)];

describe('performers', () => {
  it('ranks by gain in percent, then in cents', () => {
    const { best, worst } = performers(items, 2);
    expect(best.map((p) => p.id)).toEqual(['c', 'a']);
    expect(worst.map((p) => p.id)).toEqual(['b', 'd']);
    expect(best[0]).toMatchObject({ gainLoss: 20_000, gainLossPercent: 200 });
  });

  it('splits a small collection into a better and a worse half, never listing an item twice', () => {
    const { best, worst } = performers(items.slice(0, 3), 5);
    expect(best.map((p) => p.id)).toEqual(['c', 'a']);
    expect(worst.map((p) => p.id)).toEqual(['b']);
    expect(performers(items.slice(0, 1), 5)).toMatchObject({ best: [{ id: 'a' }], worst: [] });
  });
});

describe('byBrand', () => {
  it('sums each brand and gives its share of the value', () => {
    expect(byBrand(items)).toEqual([
      { brand: 'Nike', items: 2, value: 33_000, cost: 30_000, gainLoss: 3_000, gainLossPercent: 10, share: 48.53 },
      { brand: 'Adidas', items: 1, value: 30_000, cost: 10_000, gainLoss: 20_000, gainLossPercent: 200, share: 44.12 },
      { brand: 'Jordan', items: 1, value: 5_000, cost: 0, gainLoss: 5_000, gainLossPercent: 0, share: 7.35 },
    ]);
  });
});

describe('realised against unrealised', () => {
  it('counts only pairs removed with a sold price as realised', () => {
    expect(realisedOf([{ purchasePrice: 10_000, soldPrice: 14_000 }, { purchasePrice: 5_000, soldPrice: null }, { purchasePrice: 10_000, soldPrice: 8_000 }])).toEqual({
      items: 2,
      proceeds: 22_000,
      cost: 20_000,
      gainLoss: 2_000,
      gainLossPercent: 10,
    });
  });

  it("values what is held at today's value", () => {
    expect(unrealisedOf(items)).toEqual({ items: 4, value: 68_000, cost: 40_000, gainLoss: 28_000, gainLossPercent: 70 });
    expect(unrealisedOf([])).toEqual({ items: 0, value: 0, cost: 0, gainLoss: 0, gainLossPercent: 0 });
  });
});
