import { describe, expect, it } from 'vitest';
import { runBacktest, type BacktestSale } from './backtest.ts';
import { dateOfDay, dayNumber } from './series.ts';

/** A sneaker whose true price wanders slowly while each sale is noisy around it: several sales a day. */
function sales(name: string, days: number, seed: number): BacktestSale[] {
  let state = seed;
  const random = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const out: BacktestSale[] = [];
  let level = Math.log(30_000);
  const start = dayNumber('2025-01-01');
  for (let d = 0; d < days; d++) {
    level += 0.01 * gaussian();
    const count = 1 + Math.floor(random() * 3);
    for (let k = 0; k < count; k++) out.push({ series: name, date: dateOfDay(start + d), price: Math.round(Math.exp(level + 0.12 * gaussian())) });
  }
  return out;
}

describe('rolling-origin backtest', () => {
  const report = runBacktest([...sales('a', 300, 11), ...sales('b', 300, 23), ...sales('c', 300, 37)], { horizon: 30, step: 7, windowDays: 180, minDataPoints: 5 });

  it('scores every series and beats the last day on noisy daily prices', () => {
    expect(report.overall.series).toBe(3);
    expect(report.overall.forecasts).toBeGreaterThan(100);
    expect(report.overall.mape).toBeLessThan(report.overall.naiveMape);
  });

  it('has bands that cover about what they claim', () => {
    expect(Math.abs(report.overall.coverage[50] - 50)).toBeLessThan(8);
    expect(Math.abs(report.overall.coverage[80] - 80)).toBeLessThan(8);
    expect(Math.abs(report.overall.coverage[95] - 95)).toBeLessThan(6);
  });
});
