import { BAND_LEVELS } from '@kicksight/contracts';
import { describe, expect, it } from 'vitest';
import { probit } from 'simple-statistics';
import { NO_CALIBRATION } from './band-calibration.ts';
import { fallbackMultiplier, fitModel, forecastPath } from './forecast.ts';
import { SERVED_CALIBRATION } from './served-calibration.ts';
import { dateOfDay, dayNumber, type DailyPoint } from './series.ts';

/** A noisy series with a slow wave, deterministic. */
function series(days: number, gapEvery = 0): DailyPoint[] {
  const start = dayNumber('2025-01-01');
  const out: DailyPoint[] = [];
  let seed = 7;
  const noise = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647 - 0.5) * 0.2;
  for (let d = 0; d < days; d++) {
    if (gapEvery && d % gapEvery === 0) continue;
    out.push({ date: dateOfDay(start + d), averagePrice: Math.round(30_000 * Math.exp(0.1 * Math.sin(d / 40) + noise())), salesVolume: 1 + (d % 4) });
  }
  return out;
}

describe('forecast bands', () => {
  const calibrations = [['uncalibrated', NO_CALIBRATION], ['served per sneaker', SERVED_CALIBRATION.sneaker], ['served per size', SERVED_CALIBRATION.size]] as const;
  for (const [label, data] of [['two years of daily sales', series(730)], ['a sparse series', series(120, 3)], ['five days of sales', series(5)]] as const) {
  for (const [calibrated, calibration] of calibrations) {
    it(`nest 50 in 80 in 95 and widen with the horizon (${label}, ${calibrated})`, () => {
      const model = fitModel(data, 30);
      const path = forecastPath(model, model.lastDay, 30, calibration);
      expect(path).toHaveLength(30);
      for (const point of path) {
        expect(point.bands[50].lower).toBeLessThanOrEqual(point.price);
        expect(point.bands[50].upper).toBeGreaterThanOrEqual(point.price);
        expect(point.bands[80].lower).toBeLessThanOrEqual(point.bands[50].lower);
        expect(point.bands[80].upper).toBeGreaterThanOrEqual(point.bands[50].upper);
        expect(point.bands[95].lower).toBeLessThanOrEqual(point.bands[80].lower);
        expect(point.bands[95].upper).toBeGreaterThanOrEqual(point.bands[80].upper);
      }
      for (const level of BAND_LEVELS) {
        for (let i = 1; i < path.length; i++) {
          const before = path[i - 1]!.bands[level];
          const now = path[i]!.bands[level];
          expect(now.upper - now.lower).toBeGreaterThanOrEqual(before.upper - before.lower);
        }
        expect(path[29]!.bands[level].upper - path[29]!.bands[level].lower).toBeGreaterThan(path[0]!.bands[level].upper - path[0]!.bands[level].lower);
      }
    });
  }
  }

  it("gives a young series' bands the narrowing the served calibration learned, and widens them as it ages", () => {
    const model = fitModel(series(200), 30);
    const widthAt = (age: number, keying: 'sneaker' | 'size') => {
      const end = forecastPath({ ...model, firstDay: model.lastDay - age }, model.lastDay, 30, SERVED_CALIBRATION[keying]).at(-1)!.bands[50];
      return end.upper - end.lower;
    };
    for (const keying of ['sneaker', 'size'] as const) {
      expect(widthAt(10, keying)).toBeLessThan(widthAt(90, keying));
      expect(widthAt(90, keying)).toBeLessThan(widthAt(200, keying));
    }
    const uncalibrated = forecastPath(model, model.lastDay, 30, NO_CALIBRATION).at(-1)!.bands[50];
    expect(widthAt(10, 'size')).toBeLessThan(0.7 * (uncalibrated.upper - uncalibrated.lower));
  });

  it('is wider for a noisier series', () => {
    const calm = series(200).map((d) => ({ ...d, averagePrice: Math.round(30_000 + (d.averagePrice - 30_000) / 4) }));
    const width = (data: DailyPoint[]) => {
      const model = fitModel(data, 30);
      const end = forecastPath(model, model.lastDay, 30, NO_CALIBRATION).at(-1)!;
      return end.bands[80].upper - end.bands[80].lower;
    };
    expect(width(series(200))).toBeGreaterThan(width(calm) * 2);
  });

  it('starts the horizon at the last sale, so a quiet sneaker gets wider bands today', () => {
    const data = series(200);
    const model = fitModel(data, 30);
    const fresh = forecastPath(model, model.lastDay, 1, NO_CALIBRATION)[0]!;
    const stale = forecastPath(model, model.lastDay + 60, 1, NO_CALIBRATION)[0]!;
    expect(stale.horizon).toBe(61);
    expect(stale.bands[95].upper - stale.bands[95].lower).toBeGreaterThan(fresh.bands[95].upper - fresh.bands[95].lower);
  });

  it("gives a series too short to measure its own error shape fat tails: a narrower 50% band and a wider 95% band than a normal law's", () => {
    const model = fitModel(series(8), 30);
    expect(model.errorsUsed).toBeLessThan(60);
    const inflation = 1 + 5 / Math.max(model.errorsUsed, 5);
    for (const level of BAND_LEVELS) expect(model.multipliers[level]).toBeCloseTo(fallbackMultiplier(level) * inflation, 10);
    expect(fallbackMultiplier(50)).toBeCloseTo(0.49, 2);
    expect(fallbackMultiplier(95)).toBeCloseTo(2.118, 2);
    expect(model.multipliers[50]).toBeLessThan(probit(0.75) * inflation);
    expect(model.multipliers[95]).toBeGreaterThan(probit(0.975) * inflation);
  });
});

describe('band calibration', () => {
  /** Daily prices around a flat level whose noise changes once: `first` for the first `split` days, `then` after. */
  function regimes(days: number, split: number, first: number, then: number): DailyPoint[] {
    const start = dayNumber('2025-01-01');
    let seed = 11;
    const uniform = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    return Array.from({ length: days }, (_, d) => ({
      date: dateOfDay(start + d),
      averagePrice: Math.round(30_000 * Math.exp((d < split ? first : then) * gaussian())),
      salesVolume: 1,
    }));
  }
  const width80 = (data: DailyPoint[]) => {
    const model = fitModel(data, 30);
    const end = forecastPath(model, model.lastDay, 30, NO_CALIBRATION).at(-1)!;
    return Math.log(end.bands[80].upper / end.bands[80].lower);
  };

  it('learns the spread from recent errors: a series whose errors shrink gets narrower bands than one whose errors grow', () => {
    const calming = regimes(180, 100, 0.25, 0.04);
    const heating = regimes(180, 80, 0.04, 0.25);
    expect(width80(calming)).toBeLessThan(width80(heating) * 0.6);
  });

  it('gives a series that calmed down bands close to those of a series that was always calm', () => {
    const calming = regimes(180, 100, 0.25, 0.04);
    const calm = regimes(180, 0, 0.04, 0.04);
    expect(width80(calming)).toBeLessThan(width80(calm) * 2.5);
  });
});
