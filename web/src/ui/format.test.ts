import { describe, expect, it } from 'vitest';
import { arrowOf, countOf, formatCents, formatChange, formatCount, formatDate, trendOf } from './format.ts';

describe('money changes', () => {
  it('carry a sign and an arrow when they show at least a dollar', () => {
    expect(formatChange(4_200, 12.5)).toBe('+$42 (+12.5%)');
    expect(formatChange(-4_200)).toBe('-$42');
    expect([trendOf(4_200), arrowOf(4_200)]).toEqual(['gain', '▲']);
    expect([trendOf(-60), arrowOf(-60)]).toEqual(['loss', '▼']);
  });

  it("read 'No change', neutral and without an arrow, when they round to $0", () => {
    for (const cents of [0, 40, -49]) {
      expect(formatChange(cents)).toBe('No change');
      expect(formatChange(cents, 0.1)).toBe('No change');
      expect(trendOf(cents)).toBe('neutral');
      expect(arrowOf(cents)).toBe('');
    }
  });
});

describe('counts', () => {
  it('use the singular for one', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'pair')).toBe('0 pairs');
    expect(countOf(1_200, 'search', 'searches')).toBe('1,200 searches');
  });
  it('group their thousands', () => {
    expect([formatCount(7), formatCount(96_352), formatCount(100_000)]).toEqual(['7', '96,352', '100,000']);
  });
});

describe('amounts to the cent', () => {
  it('keep the cents and the sign', () => {
    expect(formatCents(2_790)).toBe('$27.90');
    expect(formatCents(-150)).toBe('-$1.50');
    expect(formatCents(null)).toBe('—');
  });
});

describe('dates', () => {
  it('read as the day in UTC, whatever time of day, and a dash when there is none', () => {
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('Mar 5, 2026');
    expect(formatDate('2019-12-31T00:10:00+02:00')).toBe('Dec 30, 2019');
    expect([formatDate(null), formatDate(''), formatDate('not a date')]).toEqual(['—', '—', '—']);
  });
});
