import { median } from 'simple-statistics';
import type { DailyPoint } from './series.ts';

/**
 * Robust exponential smoothing of log daily prices (Gelper, Fried & Croux, "Robust forecasting with
 * exponential and Holt-Winters smoothing", Journal of Forecasting 29, 2010): the level moves towards each
 * day's price by the smoothing gain times the day's error, the error clipped at HUBER_K robust scales
 * (Huber's ψ), so that one odd day (an unusual mix of sizes, a mistyped or damaged-pair sale) moves it no
 * more than an ordinary surprise would. The scale is the median absolute change between consecutive days
 * with sales, as the standard deviation of one day's price (× 1.4826 / √2). A day of n sales weighs more
 * than a day of one: its gain is 1 − (1 − α)^√n. The smoothing weight α is the one of the grid with the
 * least Huber loss of the one-step errors.
 */
export const HUBER_K = 2;
const GRID_STEPS = 50;
/** The scale when a series has no consecutive changes to measure (one day), and its floor (0.1%). */
const DEFAULT_SCALE = 0.05;
const MIN_SCALE = 0.001;
const MAD_TO_SD = 1.4826;

export interface RobustLevel {
  /** Log of the level after the last day. */
  level: number;
  alpha: number;
  /** The robust scale of one day's log price the errors were clipped at (times HUBER_K). */
  scale: number;
}

/** The robust scale of a series of log prices: the median absolute change between consecutive values, as a standard deviation of one value. */
export function robustScale(x: readonly number[]): number {
  if (x.length < 2) return DEFAULT_SCALE;
  const changes = x.slice(1).map((value, i) => Math.abs(value - x[i]!));
  return Math.max(MIN_SCALE, (median(changes) * MAD_TO_SD) / Math.SQRT2);
}

/** The robust smoothed level of a series' days (cleaned, oldest first; at least one). */
export function robustSmoothing(days: readonly DailyPoint[]): RobustLevel {
  if (days.length === 0) throw new Error('robustSmoothing needs at least one day of sales');
  const x = days.map((d) => Math.log(d.averagePrice));
  const weights = days.map((d) => Math.sqrt(d.salesVolume));
  const scale = robustScale(x);
  const clip = HUBER_K * scale;
  let best: RobustLevel = { level: x.at(-1)!, alpha: 1, scale };
  let bestLoss = Infinity;
  for (let step = 1; step <= GRID_STEPS; step++) {
    const alpha = step / GRID_STEPS;
    let level = x[0]!;
    let loss = 0;
    for (let t = 1; t < x.length; t++) {
      const error = x[t]! - level;
      const size = Math.abs(error);
      loss += size < clip ? error * error : clip * (2 * size - clip);
      level += (1 - (1 - alpha) ** weights[t]!) * Math.max(-clip, Math.min(clip, error));
    }
    if (loss < bestLoss - 1e-12) {
      bestLoss = loss;
      best = { level, alpha, scale };
    }
  }
  return best;
}
