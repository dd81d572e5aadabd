import { BAND_LEVELS, type BandLevel } from '@kicksight/contracts';
import { mean, median, probit } from 'simple-statistics';
import type { ForecastTask, TaskForecast } from './backtest-tasks.ts';
import { dayNumber, type DailyPoint } from './series.ts';

/**
 * Standard forecasting peers the product's model is measured against, each with 50/80/95% bands.
 * All work on log prices and give bands symmetric in logs around the point (the point times
 * exp(±z·σₕ), z the normal quantile of the band), with σₕ the spread of the method's h-day error:
 *   - naive: the last price (calendar days, the last price carried over days without sales); σₕ = σ·√h,
 *     σ the root mean square of the one-day changes;
 *   - seasonal naive: the price of the same weekday in the last week; σₕ = σ·√(⌊(h−1)/7⌋+1), σ of the
 *     week-on-week changes;
 *   - simple exponential smoothing over the days with sales (not calendar days): smoothing weight α
 *     chosen on a grid to minimise the one-step squared error, σₕ² = σ²·(1 + α²(k−1)) with k the
 *     days with sales expected in h calendar days at the history's pace;
 *   - the average and the median of the last 7 calendar days' prices; σₕ the root mean square of
 *     the method's own h-day errors in the history.
 */
export type Peer = (task: ForecastTask, horizon: number) => PeerPath;

/** A forecast for each of the days 1..horizon after the origin: log point and σ of its log error. */
export interface PeerPath {
  logPoint: number[];
  sigma: number[];
}

export const SEASON_DAYS = 7;
export const WINDOW_DAYS = 7;
const SMOOTHING_GRID = Array.from({ length: 100 }, (_, i) => (i + 1) / 100);
/** h-day errors needed before their own spread is used (else the spread of a shorter horizon grows as √h). */
const MIN_ERRORS = 5;

const z = (level: BandLevel) => probit(0.5 + level / 200);
const rms = (values: readonly number[]) => (values.length ? Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length) : 0);

/** Log prices of the calendar days from the history's first day to the origin, the last price carried over days without sales. */
export function calendarLogPrices(history: readonly DailyPoint[], origin: number): number[] {
  if (history.length === 0) return [];
  const first = dayNumber(history[0]!.date);
  const out = new Array<number>(origin - first + 1);
  let k = 0;
  let last = Math.log(history[0]!.averagePrice);
  for (let day = first; day <= origin; day++) {
    while (k < history.length && dayNumber(history[k]!.date) === day) last = Math.log(history[k++]!.averagePrice);
    out[day - first] = last;
  }
  return out;
}

const constantPath = (logPoint: number, sigma: (h: number) => number, horizon: number): PeerPath => ({
  logPoint: Array.from({ length: horizon }, () => logPoint),
  sigma: Array.from({ length: horizon }, (_, i) => sigma(i + 1)),
});

export const naive: Peer = (task, horizon) => {
  const y = calendarLogPrices(task.history, task.origin);
  const changes = y.slice(1).map((v, i) => v - y[i]!);
  const sigma = rms(changes);
  return constantPath(y.at(-1)!, (h) => sigma * Math.sqrt(h), horizon);
};

export const seasonalNaive: Peer = (task, horizon) => {
  const y = calendarLogPrices(task.history, task.origin);
  if (y.length < SEASON_DAYS) return naive(task, horizon);
  const changes = y.slice(SEASON_DAYS).map((v, i) => v - y[i]!);
  const sigma = rms(changes);
  const T = y.length;
  return {
    logPoint: Array.from({ length: horizon }, (_, i) => y[T - SEASON_DAYS + (i % SEASON_DAYS)]!),
    sigma: Array.from({ length: horizon }, (_, i) => sigma * Math.sqrt(Math.floor(i / SEASON_DAYS) + 1)),
  };
};

/** Simple exponential smoothing of a sequence: the smoothing weight with the least one-step squared error, the last level and that error's mean square. */
export function exponentialSmoothing(x: readonly number[]): { alpha: number; level: number; variance: number } {
  let best = { alpha: 1, level: x.at(-1)!, sse: Infinity };
  for (const alpha of SMOOTHING_GRID) {
    let level = x[0]!;
    let sse = 0;
    for (let t = 1; t < x.length; t++) {
      const e = x[t]! - level;
      sse += e * e;
      level += alpha * e;
    }
    if (sse < best.sse - 1e-12) best = { alpha, level, sse };
  }
  return { alpha: best.alpha, level: best.level, variance: x.length > 1 ? best.sse / (x.length - 1) : 0 };
}

export const smoothing: Peer = (task, horizon) => {
  const x = task.history.map((d) => Math.log(d.averagePrice));
  const { alpha, level, variance } = exponentialSmoothing(x);
  const span = task.origin - dayNumber(task.history[0]!.date) + 1;
  const pace = x.length / span;
  return constantPath(level, (h) => Math.sqrt(variance * (1 + alpha * alpha * (Math.max(1, Math.ceil(h * pace)) - 1))), horizon);
};

/** A peer that forecasts every day ahead with one statistic of the last `WINDOW_DAYS` calendar days' prices. */
function windowPeer(statistic: (prices: number[]) => number): Peer {
  return (task, horizon) => {
    const y = calendarLogPrices(task.history, task.origin);
    const forecastAt = (t: number) => Math.log(statistic(y.slice(Math.max(0, t - WINDOW_DAYS + 1), t + 1).map(Math.exp)));
    // The method's own h-day errors from every earlier day with a full window.
    const errors: number[][] = Array.from({ length: horizon + 1 }, () => []);
    for (let t = WINDOW_DAYS - 1; t < y.length - 1; t++) {
      const f = forecastAt(t);
      for (let h = 1; h <= horizon && t + h < y.length; h++) errors[h]!.push(y[t + h]! - f);
    }
    const sigmas: number[] = [];
    let known = { h: 0, sigma: 0 };
    let fallback: number[] | undefined;
    for (let h = 1; h <= horizon; h++) {
      if (errors[h]!.length >= MIN_ERRORS) known = { h, sigma: rms(errors[h]!) };
      if (known.h > 0) sigmas.push(known.sigma * Math.sqrt(h / known.h));
      else sigmas.push((fallback ??= naive(task, horizon).sigma)[h - 1]!);
    }
    return { logPoint: Array.from({ length: horizon }, () => forecastAt(y.length - 1)), sigma: sigmas };
  };
}

export const windowAverage: Peer = windowPeer((prices) => mean(prices));
export const windowMedian: Peer = windowPeer((prices) => median(prices));

/** The peers written here, by the names the backtest prints. */
export const TS_PEERS: Record<string, Peer> = {
  naive,
  'seasonal-naive': seasonalNaive,
  ses: smoothing,
  'window-mean': windowAverage,
  'window-median': windowMedian,
};

/** A peer's path at the task's realised days, as prices with bands. */
export function forecastOfPath(path: PeerPath, task: ForecastTask): TaskForecast {
  const bands = {} as TaskForecast['bands'];
  for (const level of BAND_LEVELS) bands[level] = { lower: [], upper: [] };
  const point: number[] = [];
  for (const { h } of task.realised) {
    const centre = path.logPoint[h - 1]!;
    point.push(Math.exp(centre));
    for (const level of BAND_LEVELS) {
      const width = z(level) * path.sigma[h - 1]!;
      bands[level].lower.push(Math.exp(centre - width));
      bands[level].upper.push(Math.exp(centre + width));
    }
  }
  return { point, bands };
}

export const peerForecast = (peer: Peer, task: ForecastTask, horizon: number): TaskForecast => forecastOfPath(peer(task, horizon), task);
