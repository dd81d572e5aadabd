import { describe, expect, it } from 'vitest';
import { usageLabel, usageLevel, usageTone } from './usage-level.ts';

describe('usage bar colours', () => {
  it('is green under 70%, orange from 70% to 89%, red from 90%', () => {
    expect(usageTone(0)).toBe('green');
    expect(usageTone(69)).toBe('green');
    expect(usageTone(70)).toBe('orange');
    expect(usageTone(89)).toBe('orange');
    expect(usageTone(90)).toBe('red');
    expect(usageTone(100)).toBe('red');
  });

  it('rounds down, so 69.9% stays green and 89.9% stays orange', () => {
    expect(usageLevel(699, 1000)).toMatchObject({ percent: 69, tone: 'green' });
    expect(usageLevel(899, 1000)).toMatchObject({ percent: 89, tone: 'orange' });
    expect(usageLevel(9, 10)).toMatchObject({ percent: 90, tone: 'red' });
  });

  it('reads near limit from 80% on', () => {
    expect(usageLevel(79, 100).nearLimit).toBe(false);
    expect(usageLevel(4, 5).nearLimit).toBe(true);
    expect(usageLevel(8, 10).nearLimit).toBe(true);
  });

  it('is reached, no longer near, once the whole limit is used', () => {
    expect(usageLevel(9, 10)).toMatchObject({ nearLimit: true, reached: false });
    expect(usageLevel(10, 10)).toMatchObject({ percent: 100, tone: 'red', nearLimit: false, reached: true });
    expect(usageLevel(12, 10)).toMatchObject({ nearLimit: false, reached: true });
    expect(usageLevel(0, 0).reached).toBe(true);
    expect(usageLevel(0, null).reached).toBe(false);
  });

  it('caps at 100% when over the limit and treats a zero limit as full', () => {
    expect(usageLevel(12, 10).percent).toBe(100);
    expect(usageLevel(0, 0)).toMatchObject({ percent: 100, tone: 'red' });
  });

  it('treats a null limit as unlimited, shown as infinity', () => {
    expect(usageLevel(500, null)).toEqual({ percent: 0, tone: 'green', nearLimit: false, reached: false, unlimited: true });
    expect(usageLabel(500, null)).toBe('500 / ∞');
    expect(usageLabel(3, 10)).toBe('3 / 10');
  });
});
