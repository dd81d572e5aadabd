import { describe, expect, it } from 'vitest';
import { exponentialSmoothing } from './peers.ts';
import { HUBER_K, robustScale, robustSmoothing } from './robust-smoothing.ts';
import { dateOfDay, dayNumber, type DailyPoint } from './series.ts';

const START = dayNumber('2026-03-01');

/** Daily prices around $200 with a little noise (a fixed seed), one sale a day unless told. */
function days(count: number, salesVolume = 1): DailyPoint[] {
  let seed = 7;
  const noise = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647 - 0.5) * 0.06;
  return Array.from({ length: count }, (_, d) => ({ date: dateOfDay(START + d), averagePrice: Math.round(20_000 * Math.exp(noise())), salesVolume }));
}

const logs = (series: readonly DailyPoint[]) => series.map((d) => Math.log(d.averagePrice));

describe('robust exponential smoothing', () => {
  it('takes one odd last day as no more than an ordinary surprise, where plain smoothing follows it', () => {
    const calm = days(60);
    const odd = [...calm.slice(0, -1), { ...calm.at(-1)!, averagePrice: 40_000 }];
    const robust = robustSmoothing(odd);
    const plain = exponentialSmoothing(logs(odd));
    const before = robustSmoothing(calm.slice(0, -1)).level;
    // The clipped error moves the level at most HUBER_K scales (times a gain of at most 1).
    expect(robust.level - before).toBeLessThanOrEqual(HUBER_K * robust.scale + 1e-9);
    expect(Math.exp(robust.level)).toBeLessThan(21_500);
    expect(Math.exp(plain.level)).toBeGreaterThan(Math.exp(robust.level));
  });

  it('follows a lasting move of the price', () => {
    const before = days(40);
    const after = days(30).map((d, i) => ({ date: dateOfDay(START + 40 + i), averagePrice: d.averagePrice * 1.5, salesVolume: 1 }));
    expect(Math.exp(robustSmoothing([...before, ...after]).level)).toBeGreaterThan(28_000);
  });

  it('moves further on a day of many sales than on a day of one', () => {
    const calm = days(40, 1);
    const jump = (salesVolume: number) => robustSmoothing([...calm, { date: dateOfDay(START + 40), averagePrice: 22_000, salesVolume }]);
    expect(jump(16).level).toBeGreaterThan(jump(1).level);
  });

  it("measures the scale of one day's price from consecutive changes, robust to a few wild ones", () => {
    const steady = [0, 0.01, 0, 0.01, 0, 0.01, 0, 0.01, 0];
    const scale = robustScale(steady);
    expect(scale).toBeCloseTo((0.01 * 1.4826) / Math.SQRT2, 6);
    expect(robustScale([...steady, 2, 0, 0.01])).toBeCloseTo(scale, 6);
    expect(robustScale([Math.log(200)])).toBe(0.05);
  });

  it('gives the only price of a one-day series', () => {
    expect(robustSmoothing([{ date: '2026-03-01', averagePrice: 18_000, salesVolume: 2 }]).level).toBeCloseTo(Math.log(18_000), 12);
    expect(() => robustSmoothing([])).toThrow();
  });
});
