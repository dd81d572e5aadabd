import { describe, expect, it } from 'vitest';
import type { ForecastTask } from './backtest-tasks.ts';
import { calendarLogPrices, exponentialSmoothing, naive, peerForecast, seasonalNaive, smoothing, windowAverage, windowMedian } from './peers.ts';
import { dateOfDay, dayNumber } from './series.ts';

const start = dayNumber('2025-03-01');
/** A task whose history is the given prices on the given days after `start` (every day when no days are given). */
function taskOf(prices: number[], days = prices.map((_, i) => i), origin = start + days.at(-1)!): ForecastTask {
  return {
    series: 's',
    origin,
    history: prices.map((averagePrice, i) => ({ date: dateOfDay(start + days[i]!), averagePrice, salesVolume: 1 })),
    realised: [{ h: 1, price: 100, trades: 1 }, { h: 30, price: 100, trades: 1 }],
  };
}
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 9);

describe('calendar prices', () => {
  it('carries the last price over days without sales up to the origin', () => {
    expect(calendarLogPrices(taskOf([100, 200], [0, 2], start + 4).history, start + 4).map((v) => Math.round(Math.exp(v)))).toEqual([100, 100, 200, 200, 200]);
  });
});

describe('naive', () => {
  it('forecasts the last price with a spread of the one-day changes growing as √h', () => {
    // Log changes +ln2, −ln2: root mean square ln2.
    const path = naive(taskOf([100, 200, 100]), 30);
    close(Math.exp(path.logPoint[0]!), 100);
    close(Math.exp(path.logPoint[29]!), 100);
    close(path.sigma[0]!, Math.log(2));
    close(path.sigma[3]!, 2 * Math.log(2));
  });

  it('gives bands at the normal quantiles of that spread', () => {
    const forecast = peerForecast(naive, taskOf([100, 200, 100]), 30);
    expect(forecast.point).toEqual([100, 100].map((p) => expect.closeTo(p, 9)));
    // z of the 50% and 95% bands: 0.6745 and 1.96 (simple-statistics' probit, good to about 1e-4).
    expect(forecast.bands[50].upper[0]).toBeCloseTo(100 * Math.exp(0.6744897501960817 * Math.log(2)), 1);
    expect(forecast.bands[95].lower[1]).toBeCloseTo(100 * Math.exp(-1.959963984540054 * Math.log(2) * Math.sqrt(30)), 2);
  });
});

describe('seasonal naive', () => {
  it('repeats the last week, weekday by weekday, with a spread growing per week ahead', () => {
    const week = [100, 110, 120, 130, 140, 150, 160];
    const path = seasonalNaive(taskOf([...week, ...week]), 30);
    expect(path.logPoint.slice(0, 8).map((v) => Math.round(Math.exp(v)))).toEqual([...week, 100]);
    // The last week repeats the one before exactly: no week-on-week change.
    expect(path.sigma.every((s) => s === 0)).toBe(true);
  });

  it('is the naive forecast with less than a week of history', () => {
    expect(seasonalNaive(taskOf([100, 200, 100]), 30)).toEqual(naive(taskOf([100, 200, 100]), 30));
  });
});

describe('simple exponential smoothing over days with sales', () => {
  it('follows a steady climb with full weight on the last price', () => {
    const fit = exponentialSmoothing([0, 1, 2, 3, 4]);
    expect(fit.alpha).toBe(1);
    expect(fit.level).toBe(4);
    close(fit.variance, 1);
  });

  it('forecasts a flat price flat, with no spread', () => {
    const path = smoothing(taskOf([250, 250, 250, 250, 250], [0, 3, 6, 9, 12]), 30);
    close(Math.exp(path.logPoint[29]!), 250);
    expect(path.sigma[29]).toBe(0);
  });

  it('counts days with sales ahead at the history\'s pace: one sale every 3 days makes 10 steps in 30 days', () => {
    const prices = [100, 120, 100, 120, 100, 120, 100];
    const path = smoothing(taskOf(prices, [0, 3, 6, 9, 12, 15, 18], start + 20), 30);
    const { alpha, variance } = exponentialSmoothing(prices.map(Math.log));
    close(path.sigma[0]!, Math.sqrt(variance));
    // 7 days with sales in 21 calendar days: 30 days ahead are 10 steps.
    close(path.sigma[29]!, Math.sqrt(variance * (1 + alpha * alpha * 9)));
  });
});

describe('7-day window average and median', () => {
  // Ten days: three old high prices the window no longer sees, then 100 ×4, 200 ×3.
  const prices = [1_000, 1_000, 1_000, 100, 100, 100, 100, 200, 200, 200];

  it('averages only the last 7 calendar days', () => {
    close(Math.exp(windowAverage(taskOf(prices), 30).logPoint[0]!), 1_000 / 7);
  });

  it('takes the median of the last 7 calendar days', () => {
    close(Math.exp(windowMedian(taskOf(prices), 30).logPoint[29]!), 100);
  });

  it('forecasts a flat price flat, with no spread', () => {
    const path = windowAverage(taskOf(Array.from({ length: 40 }, () => 300)), 30);
    close(Math.exp(path.logPoint[0]!), 300);
    expect(path.sigma.every((s) => s === 0)).toBe(true);
  });
});
