import { describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@kicksight/contracts';
import { historyOf, pointOf, rangeStart } from './portfolio.ts';

describe('days', () => {
  it('moves UTC days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
  });

  it('starts a 30-day range 29 days before today', () => {
    expect(rangeStart('2026-11-30', 30)).toBe('2026-11-01');
    expect(rangeStart('2026-11-30', 1)).toBe('2026-11-30');
  });
});

describe('historyOf', () => {
  const day = (date: string, value: number) => pointOf(date, { items: 2, value, cost: 20_000 });

  it("lists stored days oldest first and ends with today's live value", () => {
    const history = historyOf([day('2026-11-21', 26_000), day('2026-11-20', 25_000), day('2026-11-22', 1)], day('2026-11-22', 30_000));
    expect(history.points.map((p) => [p.date, p.totalValue])).toEqual([
      ['2026-11-20', 25_000],
      ['2026-11-21', 26_000],
      ['2026-11-22', 30_000],
    ]);
    expect(history).toMatchObject({ change: 5_000, changePercent: 20 });
    expect(history.current.gainLoss).toBe(10_000);
  });

  it('is today alone, unchanged, without stored days', () => {
    expect(historyOf([], day('2026-11-22', 30_000))).toMatchObject({ points: [{ date: '2026-11-22' }], change: 0, changePercent: 0 });
  });

  it('reports 0 percent from an empty start', () => {
    expect(historyOf([pointOf('2026-11-20', { items: 0, value: 0, cost: 0 })], day('2026-11-22', 30_000))).toMatchObject({ change: 30_000, changePercent: 0 });
  });
});
