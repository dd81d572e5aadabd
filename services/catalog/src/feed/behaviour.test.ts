import { describe, expect, it } from 'vitest';
import { poisson, seededRandom } from '../domain/random.ts';
import type { VariantState } from '../domain/market.ts';
import { calibrate, drawPrice, drawSales, type ProductBehaviour } from './behaviour.ts';

const DAY = 86_400_000;
const variant = (size: number, currentPrice: number | null, recentPrices: number[], salesCount: number) => ({ size, currentPrice, recentPrices, salesCount }) as VariantState;

describe('calibrate', () => {
  it("measures a product's rate over the span it traded, its priced sizes and their weights", () => {
    const behaviour = calibrate({
      _id: 'a'.repeat(24),
      variants: [variant(9, 20_000, [19_000, 20_000, 21_000], 30), variant(10, 22_000, [22_000, 21_500, 23_000], 9), variant(11, null, [], 0)],
      stats: { salesCount: 40, firstSaleAt: new Date(Date.UTC(2026, 0, 1)), lastSaleAt: new Date(Date.UTC(2026, 0, 1) + 20 * DAY) } as never,
    })!;
    expect(behaviour.salesPerDay).toBe(2);
    expect(behaviour.sizes).toEqual([
      { size: 9, price: 20_000, weight: 31 },
      { size: 10, price: 22_000, weight: 10 },
    ]);
    // The spread of these prices around their medians is about 3.7%.
    expect(behaviour.dispersion).toBeGreaterThan(0.03);
    expect(behaviour.dispersion).toBeLessThan(0.05);
  });

  it('bounds the spread, falls back when there is too little to measure, and skips unpriced products', () => {
    const wild = calibrate({ _id: 'b'.repeat(24), variants: [variant(9, 20_000, [5_000, 90_000, 20_000, 60_000], 4)], stats: { salesCount: 4 } as never })!;
    expect(wild.dispersion).toBe(0.12);
    const flat = calibrate({ _id: 'c'.repeat(24), variants: [variant(9, 20_000, [20_000, 20_000, 20_000, 20_000], 4)], stats: { salesCount: 4 } as never })!;
    expect(flat.dispersion).toBe(0.01);
    const sparse = calibrate({ _id: 'd'.repeat(24), variants: [variant(9, 20_000, [20_000], 1)], stats: { salesCount: 1 } as never })!;
    expect(sparse.dispersion).toBe(0.04);
    expect(sparse.salesPerDay).toBe(1);
    expect(calibrate({ _id: 'e'.repeat(24), variants: [variant(9, null, [], 0)], stats: { salesCount: 0 } as never })).toBeNull();
  });
});

describe('drawing sales', () => {
  const product = (id: string, salesPerDay: number): ProductBehaviour => ({
    sneakerId: id,
    salesPerDay,
    dispersion: 0.05,
    sizes: [
      { size: 9, price: 20_000, weight: 3 },
      { size: 10, price: 30_000, weight: 1 },
    ],
  });

  it('sells each product at its own rate, in sizes by weight, around each size’s price', () => {
    const random = seededRandom('feed-test');
    const busy = product('busy', 10);
    const quiet = product('quiet', 1);
    const sales = drawSales([busy, quiet], 100 * DAY, random);
    const count = (id: string) => sales.filter((s) => s.sneakerId === id).length;
    expect(count('busy')).toBeGreaterThan(900);
    expect(count('busy')).toBeLessThan(1100);
    expect(count('quiet')).toBeGreaterThan(70);
    expect(count('quiet')).toBeLessThan(130);
    const nines = sales.filter((s) => s.size === 9);
    expect(nines.length / sales.length).toBeGreaterThan(0.7);
    expect(nines.length / sales.length).toBeLessThan(0.8);
    const mean = nines.reduce((a, s) => a + s.amount, 0) / nines.length;
    expect(Math.abs(mean - 20_000)).toBeLessThan(200);
    expect(sales.every((s) => s.amount % 100 === 0 && s.amount >= 1_000)).toBe(true);
  });

  it('draws nothing for no time and caps a round', () => {
    const random = seededRandom('cap');
    expect(drawSales([product('x', 50)], 0, random)).toEqual([]);
    expect(drawSales([product('x', 500)], DAY, random, 20)).toHaveLength(20);
  });

  it('rounds prices to whole dollars and never below $10', () => {
    expect(drawPrice(12_345, 0, () => 0.5)).toBe(12_300);
    expect(drawPrice(500, 0, () => 0.5)).toBe(1_000);
  });

  it('has a Poisson mean close to its rate', () => {
    const random = seededRandom('poisson');
    for (const lambda of [0.2, 3, 80]) {
      const n = 20_000;
      let total = 0;
      for (let i = 0; i < n; i++) total += poisson(lambda, random);
      expect(Math.abs(total / n - lambda)).toBeLessThan(lambda * 0.05 + 0.02);
    }
    expect(poisson(0, random)).toBe(0);
  });
});
