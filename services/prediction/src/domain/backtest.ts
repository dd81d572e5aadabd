import { BAND_LEVELS, type BandLevel } from '@kicksight/contracts';
import { errorSpread, fitModel } from './forecast.ts';
import { cleanDailySeries, dayNumber, windowOf, type DailyPoint } from './series.ts';

/** One sale of a backtest file: the series it belongs to (a sneaker), its day and its price in cents. */
export interface BacktestSale {
  series: string;
  date: string;
  price: number;
}

export interface BacktestOptions {
  /** Days ahead each forecast reaches. */
  horizon: number;
  /** Days between forecast origins. */
  step: number;
  /** Days of history the model is fitted on. */
  windowDays: number;
  /** Days with sales needed before a forecast is made ... */
  minDataPoints: number;
  /** ... within this many days before the origin (the fit window unless given: set it to compare windows on the same origins). */
  eligibleWithinDays?: number;
}

export interface Score {
  /** Realised daily prices scored. */
  points: number;
  forecasts: number;
  mape: number;
  naiveMape: number;
  coverage: Record<BandLevel, number>;
}

export interface BacktestReport {
  series: { name: string; days: number; score: Score }[];
  overall: Score & { series: number };
}

interface Tally {
  points: number;
  forecasts: number;
  ape: number;
  naiveApe: number;
  inside: Record<BandLevel, number>;
}

const emptyTally = (): Tally => ({ points: 0, forecasts: 0, ape: 0, naiveApe: 0, inside: { 50: 0, 80: 0, 95: 0 } });
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function scoreOf(t: Tally): Score {
  const share = (n: number) => (t.points ? round((n / t.points) * 100) : 0);
  return {
    points: t.points,
    forecasts: t.forecasts,
    mape: t.points ? round((t.ape / t.points) * 100) : 0,
    naiveMape: t.points ? round((t.naiveApe / t.points) * 100) : 0,
    coverage: { 50: share(t.inside[50]), 80: share(t.inside[80]), 95: share(t.inside[95]) },
  };
}

/** Daily series (average price and count per day) of each sneaker in a file of sales. */
export function dailySeriesOf(sales: readonly BacktestSale[]): Map<string, DailyPoint[]> {
  const totals = new Map<string, Map<string, { total: number; count: number }>>();
  for (const sale of sales) {
    const days = totals.get(sale.series) ?? new Map<string, { total: number; count: number }>();
    totals.set(sale.series, days);
    const day = days.get(sale.date) ?? { total: 0, count: 0 };
    day.total += sale.price;
    day.count += 1;
    days.set(sale.date, day);
  }
  const series = new Map<string, DailyPoint[]>();
  for (const [name, days] of totals) {
    series.set(name, cleanDailySeries([...days].map(([date, d]) => ({ date, averagePrice: Math.round(d.total / d.count), salesVolume: d.count }))));
  }
  return series;
}

/** Rolling-origin forecasts of one series, scored against the realised daily average prices. */
function backtestSeries(series: readonly DailyPoint[], options: BacktestOptions, tally: Tally): void {
  if (series.length === 0) return;
  const days = series.map((d) => dayNumber(d.date));
  const first = days[0]!;
  const last = days.at(-1)!;
  for (let origin = first + options.step; origin < last; origin += options.step) {
    const history = windowOf(series, origin, options.windowDays);
    if (windowOf(series, origin, options.eligibleWithinDays ?? options.windowDays).length < options.minDataPoints || history.length < options.minDataPoints) continue;
    const realised = series.filter((_, i) => days[i]! > origin && days[i]! <= origin + options.horizon);
    if (realised.length === 0) continue;
    const model = fitModel(history, options.horizon);
    const predicted = Math.exp(model.level);
    tally.forecasts += 1;
    for (const day of realised) {
      const h = dayNumber(day.date) - model.lastDay;
      const spread = errorSpread(model, h);
      const actual = day.averagePrice;
      tally.points += 1;
      tally.ape += Math.abs(predicted - actual) / actual;
      tally.naiveApe += Math.abs(model.lastPrice - actual) / actual;
      const gap = Math.abs(Math.log(actual) - model.level);
      for (const level of BAND_LEVELS) if (gap <= model.multipliers[level] * spread) tally.inside[level] += 1;
    }
  }
}

/** Runs the rolling-origin backtest over every series of the sales, per series and overall. */
export function runBacktest(sales: readonly BacktestSale[], options: BacktestOptions): BacktestReport {
  const overall = emptyTally();
  const rows: BacktestReport['series'] = [];
  for (const [name, series] of [...dailySeriesOf(sales)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const tally = emptyTally();
    backtestSeries(series, options, tally);
    if (tally.points === 0) continue;
    rows.push({ name, days: series.length, score: scoreOf(tally) });
    overall.points += tally.points;
    overall.forecasts += tally.forecasts;
    overall.ape += tally.ape;
    overall.naiveApe += tally.naiveApe;
    for (const level of BAND_LEVELS) overall.inside[level] += tally.inside[level];
  }
  return { series: rows, overall: { series: rows.length, ...scoreOf(overall) } };
}
