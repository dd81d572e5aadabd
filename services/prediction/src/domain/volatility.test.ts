import { describe, expect, it } from 'vitest';
import { volatilityOf } from './volatility.ts';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
const sales = (...prices: number[]) => prices.map((price, i) => ({ price, soldAt: daysAgo(1 + i) }));

describe('volatility (spec 3 §9)', () => {
  it('falls back to 35 with 0, 1 or 2 sales', () => {
    for (const list of [sales(), sales(20_000), sales(20_000, 40_000)]) {
      const v = volatilityOf(list, now);
      expect(v).toMatchObject({ score: 35, fallback: true, label: 'Medium Risk', salesCount: list.length });
    }
  });

  it('computes from 3 sales: coefficient of variation in percent × 2.5', () => {
    const v = volatilityOf(sales(20_000, 22_000, 24_000), now);
    // mean 22,000, population sd 1,632.99 -> 7.42% -> × 2.5 = 18.56
    expect(v.fallback).toBe(false);
    expect(v.score).toBeCloseTo(18.6, 1);
    expect(v.label).toBe('Low Risk');
  });

  it('ignores prices at $0 and at $10,000 and falls back when fewer than 2 prices remain', () => {
    const v = volatilityOf(sales(0, 1_000_000, 25_000), now);
    expect(v).toMatchObject({ score: 35, fallback: true, salesCount: 3, pricesUsed: 1 });
    const kept = volatilityOf(sales(0, 1_000_000, 25_000, 30_000), now);
    expect(kept.pricesUsed).toBe(2);
    expect(kept.fallback).toBe(false);
  });

  it('keeps prices just inside the range (1 cent and $9,999.99)', () => {
    const v = volatilityOf(sales(1, 999_999, 500_000), now);
    expect(v.pricesUsed).toBe(3);
    expect(v.score).toBe(90);
  });

  it('clamps calm prices to 10 and wild prices to 90', () => {
    expect(volatilityOf(sales(20_000, 20_000, 20_000), now)).toMatchObject({ score: 10, label: 'Low Risk', fallback: false });
    expect(volatilityOf(sales(10_000, 90_000, 10_000, 90_000), now)).toMatchObject({ score: 90, label: 'High Risk', fallback: false });
  });

  it('counts only the sales of the last 30 days', () => {
    const old = [{ price: 20_000, soldAt: daysAgo(31) }, { price: 90_000, soldAt: daysAgo(40) }];
    const v = volatilityOf([...sales(20_000, 21_000), ...old], now);
    expect(v).toMatchObject({ score: 35, fallback: true, salesCount: 2 });
  });

  it('labels under 20 Low Risk, under 50 Medium Risk, else High Risk', () => {
    const spread = (cv: number) => sales(20_000 * (1 - cv), 20_000, 20_000 * (1 + cv));
    // population sd of (1-c, 1, 1+c) is c·sqrt(2/3)
    const at = (score: number) => volatilityOf(spread(score / 2.5 / 100 / Math.sqrt(2 / 3)), now);
    expect(at(19.9).label).toBe('Low Risk');
    expect(at(20.1).label).toBe('Medium Risk');
    expect(at(49.9).label).toBe('Medium Risk');
    expect(at(50.1).label).toBe('High Risk');
  });
});
