import { describe, expect, it } from 'vitest';
import type { ForecastTask, TaskForecast } from './backtest-tasks.ts';
import { bootstrapMean, compareAtHeadline, scoreOf, seededRandom, tallyForecasts } from './scoring.ts';

const task = (series: string, realised: { h: number; price: number; trades?: number }[]): ForecastTask => ({
  series,
  origin: 0,
  history: [],
  realised: realised.map((r) => ({ trades: 1, ...r })),
});
/** A forecast of `point` at every realised day, with a 50% band of ±10, 80% of ±20 and 95% of ±40. */
const flat = (t: ForecastTask, point: number): TaskForecast => ({
  point: t.realised.map(() => point),
  bands: {
    50: { lower: t.realised.map(() => point - 10), upper: t.realised.map(() => point + 10) },
    80: { lower: t.realised.map(() => point - 20), upper: t.realised.map(() => point + 20) },
    95: { lower: t.realised.map(() => point - 40), upper: t.realised.map(() => point + 40) },
  },
});

describe('day-30 scoring, each series weighted equally', () => {
  // Series "long" has nine forecasts that are exact at day 30; series "short" one that is 50% off.
  const tasks = [
    ...Array.from({ length: 9 }, () => task('long', [{ h: 7, price: 100 }, { h: 30, price: 100, trades: 1 }])),
    task('short', [{ h: 14, price: 100 }, { h: 30, price: 200, trades: 9 }]),
  ];
  const forecasts = tasks.map((t) => flat(t, 100));
  const score = scoreOf(tallyForecasts(tasks, forecasts, 30), tasks.length);

  it('averages the series\' day-30 MAPEs, not their points', () => {
    expect(score.mape).toBe(25); // (0% + 50%) / 2, where pooling the ten day-30 points would give 5%
    expect(score.mapeAt[30]).toBe(25);
    expect(score.mapeAt[7]).toBe(0); // only "long" has a day-7 price
    expect(score.mapeAt[14]).toBe(0);
    expect(score.mapePooled).toBe(12.5); // long 0%, short (0% + 50%) / 2
    expect(score.mapePooledPoints).toBe(2.5); // 50% over 20 points
  });

  it('weighs realised days by their trades, not by chart points, in the volume-weighted figure', () => {
    expect(score.mapeTradeWeighted).toBe(25); // 9 trades at 50% and 9 × 1 trade at 0%, out of 18
  });

  it('reports band coverage per series, then equally over series', () => {
    // long: all inside every band; short: 200 is outside even the 95% band (60..140) on day 30.
    expect(score.coverage).toEqual({ 50: 75, 80: 75, 95: 75 });
    expect(score.seriesAtHeadline).toBe(2);
  });
});

describe('bootstrap interval over series', () => {
  it('repeats exactly with the same seed', () => {
    expect(seededRandom(7)()).toBe(seededRandom(7)());
    const values = [1, 5, 2, 8, 3, 9, 4];
    expect(bootstrapMean(values)).toEqual(bootstrapMean(values));
  });

  it('lies above zero when the model is better on every series, and straddles zero when it is better on half', () => {
    const series = Array.from({ length: 20 }, (_, i) => `s${i}`);
    const tasks = series.map((s) => task(s, [{ h: 30, price: 100 }]));
    const model = tallyForecasts(tasks, tasks.map((t) => flat(t, 100)), 30);
    const worse = tallyForecasts(tasks, tasks.map((t, i) => flat(t, 110 + (i % 3))), 30);
    const mixed = tallyForecasts(tasks, tasks.map((t, i) => flat(t, i % 2 ? 110 : 100)), 30);
    const clear = compareAtHeadline(model, worse);
    expect(clear.beats).toBe(true);
    expect(clear.lower).toBeGreaterThanOrEqual(10);
    expect(clear.upper).toBeLessThanOrEqual(12);
    const tie = compareAtHeadline(mixed, tallyForecasts(tasks, tasks.map((t, i) => flat(t, i % 2 ? 100 : 110)), 30));
    expect(tie.mean).toBe(0);
    expect(tie.lower).toBeLessThan(0);
    expect(tie.upper).toBeGreaterThan(0);
    expect(tie.beats).toBe(false);
    expect(tie.loses).toBe(false);
    expect(compareAtHeadline(worse, model).loses).toBe(true);
  });
});
