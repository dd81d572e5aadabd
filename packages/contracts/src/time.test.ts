import { describe, expect, it } from 'vitest';
import { DAY_MS, addDays, addUtcMonths, dayStartMs, daysAfter, daysBefore, startOfUtcDayMs, startOfUtcMonth, utcDay } from './time.ts';

describe('UTC days', () => {
  it('names the UTC day of a moment, from a Date or milliseconds', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(utcDay(Date.parse('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });

  it('moves UTC days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
  });

  it('starts a day at midnight UTC', () => {
    expect(dayStartMs('2026-11-22')).toBe(Date.parse('2026-11-22T00:00:00.000Z'));
    expect(startOfUtcDayMs(new Date('2026-11-22T23:59:59.999Z'))).toBe(Date.parse('2026-11-22T00:00:00.000Z'));
    expect(dayStartMs('2026-11-23') - dayStartMs('2026-11-22')).toBe(DAY_MS);
  });

  it('moves a moment by whole 24-hour days, keeping its time', () => {
    const at = new Date('2026-03-29T00:30:00Z');
    expect(daysBefore(at, 30).toISOString()).toBe('2026-02-27T00:30:00.000Z');
    expect(daysAfter(at, 3).toISOString()).toBe('2026-04-01T00:30:00.000Z');
  });
});

describe('UTC months', () => {
  it('starts a month on its first day at midnight UTC', () => {
    expect(startOfUtcMonth(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('clamps to the last day of shorter months', () => {
    expect(addUtcMonths(new Date('2026-01-31T09:00:00Z'), 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addUtcMonths(new Date('2028-01-31T09:00:00Z'), 1).toISOString()).toBe('2028-02-29T09:00:00.000Z');
    expect(addUtcMonths(new Date('2026-01-31T09:00:00Z'), 2).toISOString()).toBe('2026-03-31T09:00:00.000Z');
  });

  it('goes back a month, across a year end and clamped the same way', () => {
    expect(addUtcMonths(new Date('2026-12-10T00:00:00Z'), -1).toISOString()).toBe('2026-11-10T00:00:00.000Z');
    expect(addUtcMonths(new Date('2026-03-31T08:00:00Z'), -1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addUtcMonths(new Date('2027-01-15T08:00:00Z'), -1).toISOString()).toBe('2026-12-15T08:00:00.000Z');
  });
});
