import { describe, expect, it } from 'vitest';
import { fitModel } from './forecast.ts';
import { exponentialSmoothing } from './peers.ts';
import { cacheSubjectOf } from './forecasts.ts';
import { predictPrice } from './prediction.ts';
import { ENOUGH_SIZE_SALES, PRIOR_SALES, fitSizeModel, fitSneakerModel, sizePremium } from './size-pooling.ts';
import { dateOfDay, dayNumber, type DailyPoint } from './series.ts';

const START = dayNumber('2026-01-01');
const OPTIONS = { timeframe: 30, includeVolatility: false, includeTrends: false, includeLevels: false, minDataPoints: 5 };

/** The sneaker (every size): 120 days of sales around $300, a little noise, several sales a day. */
function sneakerDays(): DailyPoint[] {
  let seed = 11;
  const noise = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647 - 0.5) * 0.04;
  return Array.from({ length: 120 }, (_, d) => ({ date: dateOfDay(START + d), averagePrice: Math.round(30_000 * Math.exp(noise())), salesVolume: 6 }));
}

/** A size selling at a 30% premium over the sneaker on `count` of its days (spread over the window), one sale a day unless told. */
function sizeDays(sneaker: readonly DailyPoint[], count: number, salesPerDay = 1): DailyPoint[] {
  const every = Math.floor(sneaker.length / count);
  return Array.from({ length: count }, (_, i) => sneaker[sneaker.length - 1 - i * every]!)
    .reverse()
    .map((d) => ({ date: d.date, averagePrice: Math.round(d.averagePrice * 1.3), salesVolume: salesPerDay }));
}

const priceOf = (level: number) => Math.exp(level);

describe('per-size forecasts', () => {
  const sneaker = sneakerDays();
  const sneakerLevel = priceOf(fitSneakerModel(sneaker, 30).level);

  it('measures a size premium over the sneaker on the days it sold', () => {
    const { premium, sales } = sizePremium(sneaker, sizeDays(sneaker, 4));
    expect(sales).toBe(4);
    expect(Math.exp(premium)).toBeCloseTo(1.3, 2);
  });

  it('shrinks a thin size towards the sneaker: the fewer its sales, the closer its forecast to the sneaker level', () => {
    const thinDays = sizeDays(sneaker, 3);
    const own = priceOf(fitModel(thinDays, 30).level);
    const thin = fitSizeModel(10, sneaker, thinDays, 30, 5);
    const thinner = fitSizeModel(10, sneaker, sizeDays(sneaker, 1), 30, 5);
    expect(thin.basis).toEqual({ size: 10, method: 'pooled', sales: 3, weight: Math.round((3 / (3 + PRIOR_SALES)) * 1000) / 1000 });
    // Between the sneaker's level and the size's own: 3/13 of the 30% premium, averaged with smoothing of the size's prices.
    expect(priceOf(thin.model.level)).toBeGreaterThan(sneakerLevel);
    expect(priceOf(thin.model.level)).toBeLessThan(own);
    const smoothed = exponentialSmoothing(thinDays.map((d) => Math.log(d.averagePrice))).level;
    expect(thin.model.level).toBeCloseTo((fitSneakerModel(sneaker, 30).level + (3 / 13) * Math.log(1.3) + smoothed) / 2, 6);
    expect(priceOf(thinner.model.level)).toBeLessThan(priceOf(thin.model.level));
    // No sales of the size: the sneaker's forecast level itself.
    const none = fitSizeModel(10, sneaker, [], 30, 5);
    expect(none.basis).toMatchObject({ method: 'pooled', sales: 0, weight: 0 });
    expect(priceOf(none.model.level)).toBeCloseTo(sneakerLevel, 6);
  });

  it("widens a thin size's bands beyond the sneaker's", () => {
    const sneakerModel = fitModel(sneaker, 30);
    expect(fitSizeModel(10, sneaker, sizeDays(sneaker, 3), 30, 5, () => sneakerModel).model.noiseVariance).toBeGreaterThan(sneakerModel.noiseVariance);
  });

  it('leaves a size with enough sales alone: its own model, exactly', () => {
    const thick = sizeDays(sneaker, 40, 2);
    expect(thick.reduce((n, d) => n + d.salesVolume, 0)).toBeGreaterThanOrEqual(ENOUGH_SIZE_SALES);
    const fitted = fitSizeModel(10, sneaker, thick, 30, 5);
    expect(fitted.basis).toEqual({ size: 10, method: 'own', sales: 80, weight: 1 });
    // The model's level averaged with smoothing's, its bands as they are: nothing of the sneaker in it.
    const own = fitModel(thick, 30);
    expect(fitted.model).toEqual({ ...own, level: (own.level + exponentialSmoothing(thick.map((d) => Math.log(d.averagePrice))).level) / 2 });
    expect(fitSizeModel(10, sneaker.map((d) => ({ ...d, averagePrice: d.averagePrice * 2 })), thick, 30, 5).model).toEqual(fitted.model);
    expect(priceOf(fitted.model.level) / sneakerLevel).toBeCloseTo(1.3, 1);
  });

  it("answers which it did and how many sales it used, and the size's own current price", () => {
    const now = new Date(`${sneaker.at(-1)!.date}T18:00:00Z`);
    const thinDays = sizeDays(sneaker, 3);
    const thin = predictPrice({ sneakerId: 's', days: sneaker, sales: [], now, size: { size: 10, days: thinDays } }, OPTIONS);
    expect(thin.sizeBasis).toMatchObject({ size: 10, method: 'pooled', sales: 3 });
    expect(thin.currentPrice).toBe(thinDays.at(-1)!.averagePrice);
    expect(thin.warnings.join(' ')).toContain("Size 10 had 3 sales in the last 180 days; its forecast leans on the sneaker's other sizes.");
    expect(thin.model.description).toContain('Size 10 has 3 sales');
    const overall = predictPrice({ sneakerId: 's', days: sneaker, sales: [], now }, OPTIONS);
    expect(overall.sizeBasis).toBeUndefined();
    // The sneaker's forecast is the method chosen by the backtest, and says so.
    expect(overall.model.name).toBe('robust-smoothing-log');
    expect(overall.model.description).toContain("Its level is robust exponential smoothing's");
    expect(thin.predictedPrice).toBeGreaterThan(overall.predictedPrice);
    expect(thin.model.name).toBe('size-pooled+ses');
    expect(predictPrice({ sneakerId: 's', days: sneaker, sales: [], now, size: { size: 10, days: [] } }, OPTIONS).model.name).toBe('robust-smoothing-log');
    const thick = predictPrice({ sneakerId: 's', days: sneaker, sales: [], now, size: { size: 10, days: sizeDays(sneaker, 40, 2) } }, OPTIONS);
    expect(thick.sizeBasis).toMatchObject({ method: 'own', sales: 80 });
    expect(thick.model.name).toBe('local-level-log+ses');
  });
});

describe('the per-size cache key', () => {
  it('keeps each size apart from the sneaker and from the other sizes', () => {
    expect(cacheSubjectOf('abc')).toBe('abc');
    expect(cacheSubjectOf('abc', 10)).toBe('abc:size:10');
    expect(cacheSubjectOf('abc', 10.5)).toBe('abc:size:10.5');
    expect(new Set([cacheSubjectOf('abc'), cacheSubjectOf('abc', 9), cacheSubjectOf('abc', 10)]).size).toBe(3);
  });
});
