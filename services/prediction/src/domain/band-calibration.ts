import { BAND_LEVELS, type BandLevel } from '@kicksight/contracts';

/**
 * How far the model's bands are off, learned across series: a series' own errors say how wide its bands are,
 * but not how that changes as a sneaker ages (a young series' few errors come from its release weeks and
 * overstate the spread it goes on to have; an old one's recent calm understates how far a month can move).
 * The calibration measures, over past forecasts of every series whose outcome is already known, the ratio of
 * each realised error to the band's half-width, and widens or narrows the band by that ratio's quantile at
 * the band's level, per age of the series at the origin (days since its first sale in the fit window) and
 * per days ahead. A bucket with few errors stays near 1 (shrunk by n / (n + CALIBRATION_PRIOR_ERRORS)), and
 * an age's factors never fall with the days ahead.
 */

/** Upper bounds (exclusive) of the age buckets in days; the last bucket is everything older. */
export const AGE_BUCKETS = [30, 60, 120, 175] as const;
/** Upper bounds (inclusive) of the days-ahead buckets; the last bucket is everything further. */
export const HORIZON_BUCKETS = [7, 14] as const;
/** Realised errors a bucket's own factor is worth against no change: with n errors it weighs n / (n + 100). */
export const CALIBRATION_PRIOR_ERRORS = 100;

/** Factors by age bucket, days-ahead bucket and band level (in BAND_LEVELS' order). */
export type BandCalibration = readonly (readonly (readonly number[])[])[];

const ageBuckets = AGE_BUCKETS.length + 1;
const horizonBuckets = HORIZON_BUCKETS.length + 1;

/** The calibration that changes nothing. */
export const NO_CALIBRATION: BandCalibration = Array.from({ length: ageBuckets }, () => Array.from({ length: horizonBuckets }, () => BAND_LEVELS.map(() => 1)));

export const ageBucketOf = (age: number): number => {
  const i = AGE_BUCKETS.findIndex((limit) => age < limit);
  return i === -1 ? AGE_BUCKETS.length : i;
};
export const horizonBucketOf = (h: number): number => {
  const i = HORIZON_BUCKETS.findIndex((limit) => h <= limit);
  return i === -1 ? HORIZON_BUCKETS.length : i;
};

/** The factor of a band's half-width for a series `age` days old at the origin, `h` days ahead. */
export const calibrationFactor = (calibration: BandCalibration, age: number, h: number, level: BandLevel): number =>
  calibration[ageBucketOf(age)]![horizonBucketOf(h)]![BAND_LEVELS.indexOf(level)]!;

/** One realised price of a past forecast: the day it became known, the series' age at the origin, the days ahead, and |error| / band half-width per level. */
export interface CalibrationRecord {
  knownOn: number;
  age: number;
  h: number;
  ratios: Record<BandLevel, number>;
}

/** Resolution and reach of the ratios' histograms. */
const BIN = 0.01;
const BINS = 800;

/**
 * The closest non-decreasing sequence to `values` in weighted least squares (pooling adjacent violators), so
 * that a band is never narrower further ahead: the spread grows with the days ahead, and so does the factor.
 */
export function nonDecreasing(values: readonly number[], weights: readonly number[]): number[] {
  const blocks: { value: number; weight: number; size: number }[] = [];
  values.forEach((value, i) => {
    blocks.push({ value, weight: weights[i]!, size: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.value > blocks.at(-1)!.value) {
      const last = blocks.pop()!;
      const before = blocks.at(-1)!;
      before.value = (before.value * before.weight + last.value * last.weight) / (before.weight + last.weight);
      before.weight += last.weight;
      before.size += last.size;
    }
  });
  return blocks.flatMap((block) => Array.from({ length: block.size }, () => block.value));
}

/**
 * Learns the calibration from past forecasts, strictly from what was known on a day: `add` takes a realised
 * price of a forecast (known on `knownOn`), `asOf(day)` gives the calibration from the records known on or
 * before `day` and no other. Days asked for never go back (the backtest asks in the order of its origins).
 */
export class CalibrationLearner {
  private readonly counts = Array.from({ length: ageBuckets * horizonBuckets * BAND_LEVELS.length }, () => new Float64Array(BINS));
  private readonly totals = new Float64Array(ageBuckets * horizonBuckets);
  private readonly pending = new Map<number, CalibrationRecord[]>();
  private absorbedThrough = -Infinity;
  private cached?: BandCalibration;

  add(record: CalibrationRecord): void {
    if (record.knownOn <= this.absorbedThrough) throw new Error(`a record known on day ${record.knownOn} arrived after the calibration as of day ${this.absorbedThrough}`);
    const list = this.pending.get(record.knownOn) ?? [];
    list.push(record);
    this.pending.set(record.knownOn, list);
  }

  asOf(day: number): BandCalibration {
    if (day < this.absorbedThrough) throw new Error(`the calibration was asked as of day ${day} after day ${this.absorbedThrough}`);
    let changed = false;
    for (const [knownOn, records] of this.pending) {
      if (knownOn > day) continue;
      for (const record of records) this.absorb(record);
      this.pending.delete(knownOn);
      changed = true;
    }
    this.absorbedThrough = day;
    if (changed || !this.cached) this.cached = this.table();
    return this.cached;
  }

  private absorb(record: CalibrationRecord): void {
    const cell = ageBucketOf(record.age) * horizonBuckets + horizonBucketOf(record.h);
    this.totals[cell]! += 1;
    BAND_LEVELS.forEach((level, i) => {
      this.counts[cell * BAND_LEVELS.length + i]![Math.min(BINS - 1, Math.floor(record.ratios[level] / BIN))]! += 1;
    });
  }

  /** A cell's factor for a band: its ratios' quantile at the band's level, shrunk towards 1 by its count. */
  private factor(cell: number, i: number): number {
    const n = this.totals[cell]!;
    if (n === 0) return 1;
    const histogram = this.counts[cell * BAND_LEVELS.length + i]!;
    const target = (BAND_LEVELS[i]! / 100) * n;
    let below = 0;
    let bin = 0;
    while (bin < BINS - 1 && below + histogram[bin]! < target) below += histogram[bin++]!;
    return (n * (bin + 1) * BIN + CALIBRATION_PRIOR_ERRORS) / (n + CALIBRATION_PRIOR_ERRORS);
  }

  private table(): BandCalibration {
    const table = Array.from({ length: ageBuckets }, () => Array.from({ length: horizonBuckets }, () => BAND_LEVELS.map(() => 1)));
    for (let a = 0; a < ageBuckets; a++) {
      BAND_LEVELS.forEach((_, i) => {
        const cells = Array.from({ length: horizonBuckets }, (_, h) => a * horizonBuckets + h);
        const factors = nonDecreasing(
          cells.map((cell) => this.factor(cell, i)),
          cells.map((cell) => this.totals[cell]! + CALIBRATION_PRIOR_ERRORS),
        );
        factors.forEach((f, h) => (table[a]![h]![i] = Math.round(f * 1000) / 1000));
      });
    }
    return table;
  }
}
