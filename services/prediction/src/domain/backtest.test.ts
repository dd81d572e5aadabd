import { describe, expect, it } from 'vitest';
import { PRODUCT, backtestTasks, dailySeriesOf, eligibilityRules, learnedCalibration, productForecasts, productModel, runBacktest, seriesKeyOf, spreadSubset, type BacktestSale } from './backtest.ts';
import { fitModel } from './forecast.ts';
import { dateOfDay, dayNumber, windowOf } from './series.ts';
import { fitSizeModel, fitSneakerModel } from './size-pooling.ts';

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
    for (let k = 0; k < count; k++) out.push({ sneaker: name, date: dateOfDay(start + d), price: Math.round(Math.exp(level + 0.12 * gaussian())) });
  }
  return out;
}

describe('rolling-origin backtest', () => {
  const report = runBacktest([...sales('a', 300, 11), ...sales('b', 300, 23), ...sales('c', 300, 37)], { horizon: 30, step: 7, windowDays: 180, minDataPoints: 5 });
  const model = report.methods[PRODUCT]!.score;

  it('scores every series and beats the last day on noisy daily prices', () => {
    expect(model.series).toBe(3);
    expect(report.forecasts).toBeGreaterThan(100);
    expect(model.mape).toBeLessThan(report.methods.naive!.score.mape);
    expect(model.mapePooled).toBeLessThan(report.methods.naive!.score.mapePooled);
  });

  it('has bands that cover about what they claim', () => {
    expect(Math.abs(model.coverage[50] - 50)).toBeLessThan(8);
    expect(Math.abs(model.coverage[80] - 80)).toBeLessThan(8);
    expect(Math.abs(model.coverage[95] - 95)).toBeLessThan(6);
  });

  it('scores every peer on the same forecasts and compares each with the model', () => {
    expect(Object.keys(report.methods).sort()).toEqual([PRODUCT, 'naive', 'seasonal-naive', 'ses', 'window-mean', 'window-median'].sort());
    for (const { score } of Object.values(report.methods)) expect(score.points).toBe(model.points);
    expect(Object.keys(report.comparisons)).not.toContain(PRODUCT);
    expect(report.bestPeer).toBeDefined();
    expect(report.comparisons.naive!.series).toBe(3);
  });
});

describe('series keying', () => {
  const day = (n: number) => dateOfDay(dayNumber('2025-01-01') + n);
  const mixed: BacktestSale[] = [
    { sneaker: 'x', size: '9', date: day(0), price: 20_000 },
    { sneaker: 'x', size: '12', date: day(0), price: 40_000 },
    { sneaker: 'x', size: '12', date: day(1), price: 42_000 },
    { sneaker: 'y', size: '9', date: day(1), price: 30_000 },
  ];

  it('keys by sneaker and size with --by size, so one size never stands in for another', () => {
    const bySize = dailySeriesOf(mixed, 'size');
    expect([...bySize.keys()]).toEqual(['x | size 12', 'x | size 9', 'y | size 9']);
    expect(bySize.get('x | size 9')).toEqual([{ date: day(0), averagePrice: 20_000, salesVolume: 1 }]);
    expect(bySize.get('x | size 12')!.map((d) => d.averagePrice)).toEqual([40_000, 42_000]);
  });

  it('pools every size of a sneaker into one series by default', () => {
    const bySneaker = dailySeriesOf(mixed);
    expect([...bySneaker.keys()]).toEqual(['x', 'y']);
    // Day 0 averages both sizes; day 1 is whichever size traded.
    expect(bySneaker.get('x')!.map((d) => [d.averagePrice, d.salesVolume])).toEqual([[30_000, 2], [42_000, 1]]);
    expect(seriesKeyOf({ sneaker: 'x', date: day(0), price: 1 }, 'size')).toBe('x | size unknown');
  });

  it('says which keying it used in the printed rules', () => {
    expect(eligibilityRules({ horizon: 30, step: 7, windowDays: 180, minDataPoints: 5 })[0]).toMatch(/one per sneaker, every size pooled/);
    expect(eligibilityRules({ horizon: 30, step: 7, windowDays: 180, minDataPoints: 5, by: 'size' })[0]).toMatch(/one per sneaker and size/);
  });
});

describe('forecast origins', () => {
  const day = (n: number) => dateOfDay(dayNumber('2025-01-01') + n);
  const daily: BacktestSale[] = Array.from({ length: 60 }, (_, n) => ({ sneaker: 'z', date: day(n), price: 10_000 + n }));

  it('gives each forecast only the days up to its origin and scores the days after it within the horizon', () => {
    const { tasks } = backtestTasks(daily, { horizon: 30, step: 7, windowDays: 180, minDataPoints: 5 });
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(Math.max(...task.history.map((d) => dayNumber(d.date)))).toBeLessThanOrEqual(task.origin);
      expect(task.realised.every((r) => r.h >= 1 && r.h <= 30)).toBe(true);
    }
    // Origins 7 and 14 days after the first sale: the second has 15 days of history, the first 8 (both >= 5).
    expect(tasks.slice(0, 2).map((t) => t.history.length)).toEqual([8, 15]);
  });

  it('skips origins with too few days with sales, never series for being hard', () => {
    const { tasks } = backtestTasks(daily, { horizon: 30, step: 7, windowDays: 180, minDataPoints: 10 });
    expect(tasks[0]!.history.length).toBe(15);
  });
});

describe('per size, the forecast the product serves', () => {
  // Sizes 9 and 10 sell every day at a 20% gap; size 12 sells once a week at a 30% premium over size 9.
  const day = (n: number) => dateOfDay(dayNumber('2025-01-01') + n);
  const sales: BacktestSale[] = Array.from({ length: 120 }, (_, n) => [
    { sneaker: 'x', size: '9', date: day(n), price: 20_000 + (n % 5) * 100 },
    { sneaker: 'x', size: '10', date: day(n), price: 24_000 + (n % 3) * 100 },
    ...(n % 7 === 0 ? [{ sneaker: 'x', size: '12', date: day(n), price: 26_000 }] : []),
  ]).flat();
  const options = { horizon: 30, step: 7, windowDays: 180, minDataPoints: 5, by: 'size' as const };
  const { tasks } = backtestTasks(sales, options);
  const sneakerDays = dailySeriesOf(sales).get('x')!;

  it("gives each size's forecast the sneaker's days (every size) up to its origin and never after", () => {
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(task.sneakerHistory).toEqual(windowOf(sneakerDays, task.origin, options.windowDays));
      expect(Math.max(...task.sneakerHistory!.map((d) => dayNumber(d.date)))).toBeLessThanOrEqual(task.origin);
    }
  });

  it("scores a thin size's pooled forecast, not a fit of its own few sales", () => {
    const thin = tasks.find((task) => task.series === 'x | size 12')!;
    const served = fitSizeModel(12, thin.sneakerHistory!, thin.history, 30, 5);
    expect(served.basis.method).toBe('pooled');
    expect(productModel(thin, 30)).toEqual(served.model);
    expect(productModel(thin, 30).level).not.toBeCloseTo(fitModel(thin.history, 30).level, 3);
    // Per sneaker the forecast is fitted on the sneaker's own history, the robust smoothed level with the model's bands, as served.
    const [sneakerTask] = backtestTasks(sales, { ...options, by: 'sneaker' }).tasks;
    expect(sneakerTask!.sneakerHistory).toBeUndefined();
    expect(productModel(sneakerTask!, 30)).toEqual(fitSneakerModel(sneakerTask!.history, 30));
    expect(productModel(sneakerTask!, 30).level).not.toBeCloseTo(fitModel(sneakerTask!.history, 30).level, 4);
  });
});

describe('per-size bands on series with known noise', () => {
  // A sneaker's true price wanders slowly; each of its sizes sells at its own premium with 10% noise a sale,
  // from most days (size 10) to about one day in six (size 12).
  let state = 97;
  const random = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const sizes = [
    { size: '9', share: 0.5, premium: 0 },
    { size: '10', share: 0.9, premium: 0.05 },
    { size: '11', share: 0.35, premium: 0.1 },
    { size: '12', share: 0.15, premium: 0.25 },
  ];
  const sales: BacktestSale[] = [];
  for (const sneaker of ['a', 'b']) {
    let level = Math.log(30_000);
    for (let d = 0; d < 400; d++) {
      level += 0.005 * gaussian();
      for (const { size, share, premium } of sizes) {
        if (random() < share) sales.push({ sneaker, size, date: dateOfDay(dayNumber('2025-01-01') + d), price: Math.round(Math.exp(level + premium + 0.1 * gaussian())) });
      }
    }
  }
  const report = runBacktest(sales, { horizon: 30, step: 7, windowDays: 180, minDataPoints: 5, by: 'size' });
  const model = report.methods[PRODUCT]!.score;

  it('covers about what each band claims, size by size', () => {
    expect(model.series).toBe(8);
    for (const level of [50, 80, 95] as const) expect(Math.abs(model.coverage[level] - level)).toBeLessThanOrEqual(4);
  });
});

describe('bands never see after the origin', () => {
  const sized = (name: string, days: number, seed: number): BacktestSale[] => sales(name, days, seed).map((sale, i) => ({ ...sale, size: ['9', '10', '11'][i % 3] }));
  const base = [...sized('a', 200, 5), ...sized('b', 200, 9)];
  const cut = dayNumber('2025-01-01') + 120;
  // Every price after day 120 tripled: a forecast from an origin up to day 120 must not change at all.
  const changed = base.map((sale) => (dayNumber(sale.date) > cut ? { ...sale, price: sale.price * 3 } : sale));

  for (const by of ['sneaker', 'size'] as const) {
    it(`gives the same point and bands from every origin whatever came after it, the bands' calibration learned across series included (${by})`, () => {
      const options = { horizon: 30, step: 7, windowDays: 180, minDataPoints: 5, by };
      const allBefore = backtestTasks(base, options).tasks;
      const allAfter = backtestTasks(changed, options).tasks;
      const early = allBefore.map((task, i) => (task.origin <= cut ? i : -1)).filter((i) => i >= 0);
      expect(early.length).toBeGreaterThan(20);
      expect(allAfter.map((task) => [task.series, task.origin])).toEqual(allBefore.map((task) => [task.series, task.origin]));
      // The realised prices differ (the later ones tripled), and they do move a calibration learned from every price ...
      expect(early.some((i) => allAfter[i]!.realised.some((day, k) => day.price !== allBefore[i]!.realised[k]!.price))).toBe(true);
      expect(learnedCalibration(allAfter, 30)).not.toEqual(learnedCalibration(allBefore, 30));
      // ... but not the forecasts of the origins up to the cut, each calibrated only by what was known on its day.
      const before = productForecasts(allBefore, 30);
      const after = productForecasts(allAfter, 30);
      for (const i of early) expect(after[i]).toEqual(before[i]);
    });
  }
});

describe('a subset of series for slow peers', () => {
  it('spreads the kept series evenly over every series in name order, and keeps all when there are few', () => {
    const names = Array.from({ length: 10 }, (_, i) => `s${i}`);
    expect(spreadSubset(names, 3)).toEqual(['s1', 's5', 's8']);
    expect(spreadSubset(names, 20)).toEqual(names);
    expect(spreadSubset(names)).toEqual(names);
    const daily = [...sales('a', 60, 3), ...sales('b', 60, 5), ...sales('c', 60, 7)];
    expect([...new Set(backtestTasks(daily, { horizon: 30, step: 7, windowDays: 180, minDataPoints: 5, maxSeries: 1 }).tasks.map((t) => t.series))]).toEqual(['b']);
  });
});
