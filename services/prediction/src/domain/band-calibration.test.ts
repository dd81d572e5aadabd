import { describe, expect, it } from 'vitest';
import { CalibrationLearner, NO_CALIBRATION, calibrationFactor, nonDecreasing, type CalibrationRecord } from './band-calibration.ts';

const record = (knownOn: number, age: number, h: number, ratio: number): CalibrationRecord => ({ knownOn, age, h, ratios: { 50: ratio, 80: ratio / 2, 95: ratio / 4 } });

/** Many past errors: young series (10 days old) whose errors fell well inside their bands, old ones (200 days) whose errors fell outside. */
function learned(until: number): CalibrationLearner {
  const learner = new CalibrationLearner();
  for (let day = 1; day <= until; day++) {
    for (let k = 0; k < 20; k++) {
      const spread = (k + 0.5) / 20;
      learner.add(record(day, 10, 5, 0.5 * spread * 2));
      learner.add(record(day, 200, 5, 1.6 * spread * 2));
    }
  }
  return learner;
}

describe('band calibration learned across series', () => {
  it('narrows the bands of an age whose errors fell inside them and widens those of an age whose errors fell outside', () => {
    const calibration = learned(100).asOf(100);
    const young = calibrationFactor(calibration, 10, 5, 50);
    const old = calibrationFactor(calibration, 200, 5, 50);
    expect(young).toBeLessThan(0.7);
    expect(old).toBeGreaterThan(1.3);
    // A young series' band widens as it ages into the older bucket, for the same model spread.
    expect(calibrationFactor(calibration, 10, 5, 80)).toBeLessThan(calibrationFactor(calibration, 200, 5, 80));
    // Ages and days ahead it has seen nothing of are left as they are.
    expect(calibrationFactor(calibration, 70, 20, 95)).toBe(1);
    // Never narrower further ahead: the 15-30-day factor of a young series is at least its 1-7-day one.
    expect(calibrationFactor(calibration, 10, 20, 50)).toBeGreaterThanOrEqual(young);
  });

  it('starts from no change and moves only as errors accumulate (shrunk towards 1)', () => {
    expect(new CalibrationLearner().asOf(5)).toEqual(NO_CALIBRATION);
    const few = calibrationFactor(learned(1).asOf(1), 10, 5, 50);
    const many = calibrationFactor(learned(100).asOf(100), 10, 5, 50);
    expect(few).toBeLessThan(1);
    expect(many).toBeLessThan(few);
  });

  it('never uses an error known after the day it is asked for', () => {
    const plain = learned(50);
    const withLater = learned(50);
    // Errors known from day 51 on, far outside the bands: they may change nothing as of day 50.
    for (let day = 51; day <= 80; day++) for (let k = 0; k < 50; k++) withLater.add(record(day, 10, 5, 6));
    expect(withLater.asOf(50)).toEqual(plain.asOf(50));
    expect(calibrationFactor(withLater.asOf(80), 10, 5, 50)).toBeGreaterThan(calibrationFactor(plain.asOf(80), 10, 5, 50));
  });

  it('refuses an error known on a day it has already been asked about, and a day before one asked', () => {
    const learner = learned(10);
    learner.asOf(10);
    expect(() => learner.add(record(10, 10, 5, 1))).toThrow(/after the calibration/);
    expect(() => learner.asOf(9)).toThrow(/after day 10/);
  });
});

describe('factors over the days ahead', () => {
  it('pools adjacent factors that fall further ahead, by their weights, and leaves rising ones alone', () => {
    expect(nonDecreasing([0.7, 0.8, 0.9], [1, 1, 1])).toEqual([0.7, 0.8, 0.9]);
    // 0.76 then 0.62 (weight 2) pool to 0.667, below 0.74: all three pool to (0.74 + 0.76 + 2 × 0.62) / 4.
    for (const factor of nonDecreasing([0.74, 0.76, 0.62], [1, 1, 2])) expect(factor).toBeCloseTo(0.685, 10);
    expect(nonDecreasing([1.2, 0.9, 1.3], [3, 1, 1])).toEqual([1.125, 1.125, 1.3]);
  });
});
