import { describe, expect, it } from 'vitest';
import { dateOfDay, dayNumber, type DailyPoint } from './series.ts';
import { MIN_FORECASTS, trackRecordOf } from './track-record.ts';

const NOW = new Date('2026-06-30T12:00:00Z');
const TODAY = dayNumber(NOW.toISOString());

/** `days` days of sales up to today around $300 with day-to-day noise (a steady level the last price alone chases). */
function noisy(days: number): DailyPoint[] {
  let seed = 5;
  const noise = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647 - 0.5) * 0.3;
  return Array.from({ length: days }, (_, i) => ({ date: dateOfDay(TODAY - days + 1 + i), averagePrice: Math.round(30_000 * Math.exp(noise())), salesVolume: 3 }));
}

describe('the track record', () => {
  it("judges a year of weekly 30-day forecasts: the model's error, the last price's and the 80% band's coverage", () => {
    const record = trackRecordOf({ sneakerDays: noisy(600), now: NOW, fitWindowDays: 180 });
    expect(record.enoughHistory).toBe(true);
    // Origins a week apart from 30 days before today back over the year.
    expect(record.forecasts).toBe(48);
    expect(record.mape).toBeLessThan(record.naiveMape!);
    expect(record.coverage80).toBeGreaterThan(65);
    expect(record.coverage80).toBeLessThan(95);
  });

  it('says when a sneaker has too little history, with no figures', () => {
    const record = trackRecordOf({ sneakerDays: noisy(70), now: NOW, fitWindowDays: 180 });
    expect(record.forecasts).toBeLessThan(MIN_FORECASTS);
    expect(record).toMatchObject({ enoughHistory: false, mape: null, naiveMape: null, coverage80: null });
  });

  it('judges a size on its own prices, forecast as the service forecasts that size', () => {
    const sneakerDays = noisy(600);
    const sizeDays = sneakerDays.filter((_, i) => i % 3 === 0).map((d) => ({ ...d, averagePrice: Math.round(d.averagePrice * 1.2), salesVolume: 1 }));
    const size = trackRecordOf({ sneakerDays, size: { size: 10, days: sizeDays }, now: NOW, fitWindowDays: 180 });
    const sneaker = trackRecordOf({ sneakerDays, now: NOW, fitWindowDays: 180 });
    expect(size.enoughHistory).toBe(true);
    expect(size.mape).not.toBe(sneaker.mape);
  });
});
