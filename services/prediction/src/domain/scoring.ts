import { BAND_LEVELS, type BandLevel } from '@kicksight/contracts';
import { mean, quantileSorted, sampleWithReplacement } from 'simple-statistics';
import type { ForecastTask, TaskForecast } from './backtest-tasks.ts';

/** Horizons reported on their own beside the pooled 1..horizon figure; the last is the headline. */
export const REPORTED_DAYS = [7, 14, 30] as const;
export const HEADLINE_DAY = 30;

/** One method's errors on one series. */
export interface SeriesTally {
  series: string;
  /** Sum of absolute percentage errors and number of realised days, per day ahead (index 0 unused). */
  ape: Float64Array;
  count: Float64Array;
  /** Sales on the realised days, per day ahead, and their sum of sales × absolute percentage error. */
  trades: Float64Array;
  tradeApe: Float64Array;
  inside: Record<BandLevel, number>;
  points: number;
}

export interface MethodScore {
  /** MAPE (percent) at the headline day, each series weighted equally (the series with a realised price that day). */
  mape: number;
  /** Same at each reported day, and pooled over every day 1..horizon (each series weighted equally). */
  mapeAt: Record<number, number>;
  mapePooled: number;
  /** Pooled over every realised day of every series (the old figure: long series weigh more). */
  mapePooledPoints: number;
  /** At the headline day, each realised day weighted by its number of sales (trades, not chart points). */
  mapeTradeWeighted: number;
  /** Share (percent) of realised prices inside each band, each series weighted equally. */
  coverage: Record<BandLevel, number>;
  /** Series with a realised price at the headline day / with any. */
  seriesAtHeadline: number;
  series: number;
  points: number;
  forecasts: number;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percent = (n: number) => round(n * 100);

function emptyTally(series: string, horizon: number): SeriesTally {
  const arrays = () => new Float64Array(horizon + 1);
  return { series, ape: arrays(), count: arrays(), trades: arrays(), tradeApe: arrays(), inside: { 50: 0, 80: 0, 95: 0 }, points: 0 };
}

/** Tallies a method's forecasts of the tasks, one tally per series (in the tasks' order). */
export function tallyForecasts(tasks: readonly ForecastTask[], forecasts: readonly TaskForecast[], horizon: number): SeriesTally[] {
  const tallies: SeriesTally[] = [];
  const bySeries = new Map<string, SeriesTally>();
  tasks.forEach((task, i) => {
    const forecast = forecasts[i]!;
    let tally = bySeries.get(task.series);
    if (!tally) {
      tally = emptyTally(task.series, horizon);
      bySeries.set(task.series, tally);
      tallies.push(tally);
    }
    task.realised.forEach(({ h, price, trades }, k) => {
      const ape = Math.abs(forecast.point[k]! - price) / price;
      tally.ape[h]! += ape;
      tally.count[h]! += 1;
      tally.trades[h]! += trades;
      tally.tradeApe[h]! += trades * ape;
      tally.points += 1;
      for (const level of BAND_LEVELS) if (price >= forecast.bands[level].lower[k]! && price <= forecast.bands[level].upper[k]!) tally.inside[level] += 1;
    });
  });
  return tallies;
}

/** A series' MAPE (fraction) at day `h`, or pooled over every day when `h` is undefined; undefined without realised days. */
export function seriesMape(tally: SeriesTally, h?: number): number | undefined {
  if (h !== undefined) return tally.count[h]! > 0 ? tally.ape[h]! / tally.count[h]! : undefined;
  return tally.points > 0 ? tally.ape.reduce((s, v) => s + v, 0) / tally.points : undefined;
}

const equalWeightMean = (values: readonly (number | undefined)[]) => {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length ? mean(known) : Number.NaN;
};

export function scoreOf(tallies: readonly SeriesTally[], forecasts: number): MethodScore {
  const mapeAt: Record<number, number> = {};
  for (const day of REPORTED_DAYS) mapeAt[day] = percent(equalWeightMean(tallies.map((t) => seriesMape(t, day))));
  const points = tallies.reduce((n, t) => n + t.points, 0);
  const totalApe = tallies.reduce((n, t) => n + t.ape.reduce((s, v) => s + v, 0), 0);
  const trades = tallies.reduce((n, t) => n + t.trades[HEADLINE_DAY]!, 0);
  const tradeApe = tallies.reduce((n, t) => n + t.tradeApe[HEADLINE_DAY]!, 0);
  const coverage = {} as Record<BandLevel, number>;
  for (const level of BAND_LEVELS) coverage[level] = percent(equalWeightMean(tallies.map((t) => (t.points ? t.inside[level] / t.points : undefined))));
  return {
    mape: mapeAt[HEADLINE_DAY]!,
    mapeAt,
    mapePooled: percent(equalWeightMean(tallies.map((t) => seriesMape(t)))),
    mapePooledPoints: points ? percent(totalApe / points) : Number.NaN,
    mapeTradeWeighted: trades ? percent(tradeApe / trades) : Number.NaN,
    coverage,
    seriesAtHeadline: tallies.filter((t) => t.count[HEADLINE_DAY]! > 0).length,
    series: tallies.length,
    points,
    forecasts,
  };
}

/** A fixed-seed source of uniform numbers in [0, 1) (mulberry32), so that a bootstrap repeats exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Interval {
  mean: number;
  lower: number;
  upper: number;
}

/** Percentile bootstrap interval of the mean of `values` (one per series), resampling the series with replacement. */
export function bootstrapMean(values: readonly number[], { resamples = 1000, confidence = 0.95, seed = 20_190_213 } = {}): Interval {
  if (values.length === 0) return { mean: Number.NaN, lower: Number.NaN, upper: Number.NaN };
  const random = seededRandom(seed);
  const pool = [...values];
  const means = Array.from({ length: resamples }, () => mean(sampleWithReplacement(pool, pool.length, random)));
  means.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  return { mean: mean(values), lower: quantileSorted(means, tail), upper: quantileSorted(means, 1 - tail) };
}

export interface Comparison extends Interval {
  /** Series both methods have a headline-day error for. */
  series: number;
  /** The interval of (peer's MAPE − model's MAPE) lies above zero: the model is more accurate. */
  beats: boolean;
  /** It lies below zero: the peer is more accurate. */
  loses: boolean;
}

/**
 * The peer's headline-day MAPE minus the model's, series by series (percentage points), with a
 * bootstrap interval over series: positive means the model's error is smaller.
 */
export function compareAtHeadline(model: readonly SeriesTally[], peer: readonly SeriesTally[], options?: Parameters<typeof bootstrapMean>[1]): Comparison {
  const peerBySeries = new Map(peer.map((t) => [t.series, t]));
  const differences: number[] = [];
  for (const tally of model) {
    const ours = seriesMape(tally, HEADLINE_DAY);
    const other = peerBySeries.get(tally.series);
    const theirs = other && seriesMape(other, HEADLINE_DAY);
    if (ours !== undefined && theirs !== undefined) differences.push((theirs - ours) * 100);
  }
  const interval = bootstrapMean(differences, options);
  return {
    mean: round(interval.mean),
    lower: round(interval.lower),
    upper: round(interval.upper),
    series: differences.length,
    beats: interval.lower > 0,
    loses: interval.upper < 0,
  };
}
