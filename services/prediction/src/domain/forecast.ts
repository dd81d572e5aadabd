import { BAND_LEVELS, type BandLevel } from '@kicksight/contracts';
import { cumulativeStdNormalProbability } from 'simple-statistics';
import { calibrationFactor, type BandCalibration } from './band-calibration.ts';
import { dateOfDay, dayNumber, type DailyPoint } from './series.ts';

/**
 * The forecast model: a local level on log prices (simple exponential smoothing over the days with
 * sales, its smoothing weight chosen per sneaker to minimise the in-sample error of 1- to 30-day-ahead
 * forecasts), with bands from the model's own in-sample forecast errors (each from a level that knew only
 * the days before it), recent ones weighing more (an error's weight halves every ERROR_HALF_LIFE_DAYS before
 * the last sale, so that a series that calmed down after its release weeks gets its current spread): their
 * variance grows linearly with the horizon (noise of a day's average plus a random walk of the level,
 * fitted by weighted least squares), and the band multipliers are the weighted empirical quantiles of the
 * errors standardised by that variance, blended with the fat-tailed (Laplace) shape by how many errors
 * the series has (n / (n + SHAPE_PRIOR_ERRORS)): a few hundred overlapping errors measure the shape of
 * a few episodes, and alone made the 50% band too wide and the 95% band too narrow (a series with too
 * few errors takes the fat-tailed shape alone).
 */
export const MODEL_NAME = 'local-level-log';
export const MODEL_DESCRIPTION =
  "Exponentially smoothed level of log daily average prices; bands from the model's own past forecast errors, recent ones weighing more (half-life 60 days), whose variance grows linearly with the horizon, shaped by their quantiles blended with a fat-tailed (Laplace) shape by how many errors the series has, then narrowed or widened by the series' age and the days ahead as learned across sneakers from past forecasts (a new sneaker's bands narrower than its release weeks' errors say, an old one's wider at a month).";

const SMOOTHING_GRID = [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.65, 0.8, 1];
/** Standardised errors needed before their empirical quantiles replace the normal ones. */
const MIN_ERRORS_FOR_EMPIRICAL = 60;
/** The level is not judged on its first observations (it starts at the first price). */
const BURN_IN = 2;
/** An in-sample error weighs half as much for every this many days between the day it was realised and the last sale. */
export const ERROR_HALF_LIFE_DAYS = 60;
/** Errors a series' own band shape is worth against the fat-tailed shape: with n errors it weighs n / (n + 300). */
const SHAPE_PRIOR_ERRORS = 300;

export interface FittedModel {
  /** Log of the smoothed price level after the last observation. */
  level: number;
  smoothing: number;
  /** Variance of a forecast error h days ahead: noise + drift × h (log scale). */
  noiseVariance: number;
  driftVariance: number;
  /** Multipliers of the error's standard deviation for each band. */
  multipliers: Record<BandLevel, number>;
  lastDay: number;
  /** The first day with sales of the series forecast (within the fit window): its age at an origin is counted from it. */
  firstDay: number;
  lastPrice: number;
  observations: number;
  errorsUsed: number;
}

interface Observation {
  day: number;
  y: number;
  /** Sales that day: a day of many sales moves the level more than a day of one. */
  weight: number;
}

/** Levels after each observation (filtered, no look-ahead) for a smoothing weight. */
function levelsOf(obs: readonly Observation[], smoothing: number): Float64Array {
  const levels = new Float64Array(obs.length);
  let level = obs[0]!.y;
  for (let i = 0; i < obs.length; i++) {
    if (i > 0) level += (1 - (1 - smoothing) ** obs[i]!.weight) * (obs[i]!.y - level);
    levels[i] = level;
  }
  return levels;
}

/** Forecast origins the in-sample errors are measured from: at most this many, evenly spread (the latest always in). */
const MAX_ORIGINS = 240;

/** The in-sample forecast pairs: from observation `from[k]` to a later observation `to[k]`, `h[k]` days ahead (up to `horizon`). */
interface Pairs {
  from: Int32Array;
  to: Int32Array;
  h: Int32Array;
  length: number;
}

function pairsOf(obs: readonly Observation[], horizon: number): Pairs {
  const last = obs.length - 2;
  const stride = Math.max(1, Math.ceil((last - BURN_IN + 1) / MAX_ORIGINS));
  const from: number[] = [];
  const to: number[] = [];
  const h: number[] = [];
  for (let i = last; i >= BURN_IN; i -= stride) {
    const day = obs[i]!.day;
    for (let j = i + 1; j < obs.length; j++) {
      const gap = obs[j]!.day - day;
      if (gap > horizon) break;
      from.push(i);
      to.push(j);
      h.push(gap);
    }
  }
  return { from: Int32Array.from(from), to: Int32Array.from(to), h: Int32Array.from(h), length: from.length };
}

function chooseSmoothing(obs: readonly Observation[], pairs: Pairs): number {
  let best = SMOOTHING_GRID[0]!;
  let bestError = Infinity;
  for (const smoothing of SMOOTHING_GRID) {
    const levels = levelsOf(obs, smoothing);
    let total = 0;
    for (let k = 0; k < pairs.length; k++) total += Math.abs(obs[pairs.to[k]!]!.y - levels[pairs.from[k]!]!);
    const meanError = pairs.length > 0 ? total / pairs.length : Infinity;
    if (meanError < bestError - 1e-12) {
      bestError = meanError;
      best = smoothing;
    }
  }
  return best;
}

/** Least squares of the mean squared error per horizon on the horizon (weighted by count): a + b·h, both >= 0. */
function fitErrorVariance(sums: Float64Array, counts: Float64Array): { noise: number; drift: number } {
  let n = 0;
  let sh = 0;
  let sv = 0;
  let shh = 0;
  let shv = 0;
  for (let h = 1; h < sums.length; h++) {
    const c = counts[h]!;
    if (c === 0) continue;
    const v = sums[h]! / c;
    n += c;
    sh += c * h;
    sv += c * v;
    shh += c * h * h;
    shv += c * h * v;
  }
  if (n === 0) return { noise: 0, drift: 0 };
  const meanV = sv / n;
  const denominator = shh - (sh * sh) / n;
  let drift = denominator > 0 ? (shv - (sh * sv) / n) / denominator : 0;
  let noise = meanV - (drift * sh) / n;
  if (drift < 0) {
    drift = 0;
    noise = meanV;
  }
  if (noise < 0) {
    noise = 0;
    drift = shh > 0 ? shv / shh : 0;
  }
  return { noise, drift };
}

/**
 * Weighted quantiles: for each share, the smallest value at or below which that share of the total weight lies
 * (`weights` aligned with `values`). A numeric sort and a bisection, much faster than sorting pairs.
 */
function weightedQuantiles(values: Float64Array, weights: Float64Array, shares: readonly number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  const total = weights.reduce((sum, w) => sum + w, 0);
  const weightUpTo = (limit: number) => {
    let sum = 0;
    for (let k = 0; k < values.length; k++) if (values[k]! <= limit) sum += weights[k]!;
    return sum;
  };
  return shares.map((share) => {
    let low = 0;
    let high = sorted.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (weightUpTo(sorted[middle]!) >= share * total) high = middle;
      else low = middle + 1;
    }
    return sorted[low]!;
  });
}

/**
 * The band's multiplier when a series has too few errors to measure its own: the quantile of |error| under a
 * Laplace law of unit variance. Price errors are fat-tailed: series with hundreds of errors measure about 0.5
 * and 2.0 for the 50% and 95% bands, as a Laplace law has (0.49, 2.12), where a normal law's 0.67 and 1.96
 * would make a thin series' 50% band too wide and its 95% band too narrow.
 */
export const fallbackMultiplier = (level: BandLevel) => -Math.log(1 - level / 100) / Math.SQRT2;

/** A typical spread of log daily prices when a series is too short to measure its own (about 12%). */
const PRIOR_NOISE_VARIANCE = 0.12 ** 2;
const PRIOR_DRIFT_VARIANCE = 0.02 ** 2;

/**
 * Fits the model on the cleaned daily series (oldest first; at least one day). `horizon` is the
 * longest forecast its errors are measured for.
 */
export function fitModel(series: readonly DailyPoint[], horizon: number): FittedModel {
  if (series.length === 0) throw new Error('fitModel needs at least one day of sales');
  const obs = series.map((d) => ({ day: dayNumber(d.date), y: Math.log(d.averagePrice), weight: Math.sqrt(d.salesVolume) }));
  const pairs = pairsOf(obs, horizon);
  const smoothing = obs.length > BURN_IN + 2 ? chooseSmoothing(obs, pairs) : 0.3;
  const levels = levelsOf(obs, smoothing);
  const errors = new Float64Array(pairs.length);
  const recency = new Float64Array(pairs.length);
  const sums = new Float64Array(horizon + 1);
  const counts = new Float64Array(horizon + 1);
  const lastDay = obs.at(-1)!.day;
  for (let k = 0; k < pairs.length; k++) {
    const e = obs[pairs.to[k]!]!.y - levels[pairs.from[k]!]!;
    const weight = 0.5 ** ((lastDay - obs[pairs.to[k]!]!.day) / ERROR_HALF_LIFE_DAYS);
    errors[k] = e;
    recency[k] = weight;
    sums[pairs.h[k]!]! += weight * e * e;
    counts[pairs.h[k]!]! += weight;
  }
  let { noise, drift } = fitErrorVariance(sums, counts);
  // Few errors measure the spread poorly: shrink towards a typical sneaker's spread.
  const weight = errors.length / (errors.length + 20);
  noise = weight * noise + (1 - weight) * PRIOR_NOISE_VARIANCE;
  drift = weight * drift + (1 - weight) * PRIOR_DRIFT_VARIANCE;
  // A level that only wanders adds some spread every day, never none.
  drift = Math.max(drift, noise * 0.005, 1e-8);

  const multipliers = {} as Record<BandLevel, number>;
  if (errors.length >= MIN_ERRORS_FOR_EMPIRICAL) {
    const standardised = errors.map((e, k) => Math.abs(e) / Math.sqrt(noise + drift * pairs.h[k]!));
    const quantiles = weightedQuantiles(standardised, recency, BAND_LEVELS.map((level) => level / 100));
    const own = errors.length / (errors.length + SHAPE_PRIOR_ERRORS);
    let previous = 0;
    BAND_LEVELS.forEach((level, i) => {
      previous = Math.max(previous, own * quantiles[i]! + (1 - own) * fallbackMultiplier(level));
      multipliers[level] = previous;
    });
  } else {
    for (const level of BAND_LEVELS) multipliers[level] = fallbackMultiplier(level) * (1 + 5 / Math.max(errors.length, 5));
  }
  const last = series.at(-1)!;
  return {
    level: levels[levels.length - 1]!,
    smoothing,
    noiseVariance: noise,
    driftVariance: drift,
    multipliers,
    lastDay: obs.at(-1)!.day,
    firstDay: obs[0]!.day,
    lastPrice: last.averagePrice,
    observations: obs.length,
    errorsUsed: errors.length,
  };
}

/** Standard deviation (log scale) of the model's error `h` days after its last observation. */
export const errorSpread = (model: FittedModel, h: number): number => Math.sqrt(model.noiseVariance + model.driftVariance * Math.max(0, h));

export interface PathPoint {
  date: string;
  horizon: number;
  price: number;
  bands: Record<BandLevel, { lower: number; upper: number }>;
}

/**
 * Half-widths (log scale) of the bands `d` days after `fromDay`: the model's multipliers times its spread,
 * times the calibration's factor for the series' age at `fromDay` and for `d` (never smaller further ahead),
 * nested: 50 within 80 within 95.
 */
export function bandHalfWidths(model: FittedModel, calibration: BandCalibration, fromDay: number, d: number): Record<BandLevel, number> {
  const spread = errorSpread(model, fromDay + d - model.lastDay);
  const age = fromDay - model.firstDay;
  const widths = {} as Record<BandLevel, number>;
  let previous = 0;
  for (const level of BAND_LEVELS) {
    previous = Math.max(previous, model.multipliers[level] * spread * calibrationFactor(calibration, age, d, level));
    widths[level] = previous;
  }
  return widths;
}

/** The forecast for each of the `days` days after `fromDay` (a day number), with its bands calibrated by `calibration`. */
export function forecastPath(model: FittedModel, fromDay: number, days: number, calibration: BandCalibration): PathPoint[] {
  const price = Math.round(Math.exp(model.level));
  const path: PathPoint[] = [];
  for (let d = 1; d <= days; d++) {
    const widths = bandHalfWidths(model, calibration, fromDay, d);
    const bands = {} as PathPoint['bands'];
    for (const level of BAND_LEVELS) bands[level] = { lower: Math.round(Math.exp(model.level - widths[level])), upper: Math.round(Math.exp(model.level + widths[level])) };
    path.push({ date: dateOfDay(fromDay + d), horizon: fromDay + d - model.lastDay, price, bands });
  }
  return path;
}

/** The chance (percent) that the price `h` days ahead lands within 10% of the forecast, under the model's spread. */
export function confidenceOf(model: FittedModel, h: number): number {
  const spread = errorSpread(model, h);
  const within = Math.log(1.1) / spread;
  return Math.round((2 * cumulativeStdNormalProbability(within) - 1) * 1000) / 10;
}
