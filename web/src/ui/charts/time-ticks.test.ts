import { describe, expect, it } from 'vitest';
import { timeTicksOf } from './time-ticks.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const labels = (start: string, end: string, width: number) => timeTicksOf([day(start), day(end)], width).map((tick) => tick.label);

describe('time axis labels', () => {
  it('labels a year by month, each month once', () => {
    const year = labels('2025-11-27', '2026-11-26', 800);
    expect(new Set(year).size).toBe(year.length);
    expect(year[0]).toBe('Dec 2025');
    expect(year.every((label) => /^[A-Z][a-z]{2} \d{4}$/.test(label))).toBe(true);
    expect(year.length).toBeLessThanOrEqual(8);
  });

  it('labels a short span by day, never repeating a day, even when the range asked for was a year', () => {
    const fewDays = labels('2026-11-20', '2026-11-26', 1200);
    expect(fewDays).toEqual(['Nov 20', 'Nov 21', 'Nov 22', 'Nov 23', 'Nov 24', 'Nov 25', 'Nov 26']);
    const twoDays = labels('2026-11-25', '2026-11-26', 800);
    expect(twoDays).toEqual(['Nov 25', 'Nov 26']);
  });

  it('spaces 30 days evenly to fit the width', () => {
    const month = timeTicksOf([day('2026-10-28'), day('2026-11-26')], 400);
    expect(month.length).toBeLessThanOrEqual(4);
    const gaps = month.slice(1).map((tick, i) => (tick.date.getTime() - month[i]!.date.getTime()) / 86_400_000);
    expect(new Set(gaps).size).toBe(1);
  });
});
