import { describe, expect, it } from 'vitest';
import { supportResistanceOf } from './levels.ts';
import { dateOfDay, dayNumber } from './series.ts';

const start = dayNumber('2026-08-01');
const series = (prices: number[]) => prices.map((averagePrice, i) => ({ date: dateOfDay(start + i), averagePrice, salesVolume: 1 }));

describe('support and resistance', () => {
  it('finds the turning points below and above the current price, grouping those within 3%', () => {
    // Bounces off ~200 three times and turns down from ~300 twice; the price is now 250.
    const prices = [250, 230, 200, 230, 260, 300, 270, 240, 202, 240, 280, 298, 270, 240, 205, 230, 250];
    const levels = supportResistanceOf(series(prices.map((p) => p * 100)));
    expect(levels.currentPrice).toBe(25_000);
    expect(levels.nearestSupport).toBeGreaterThanOrEqual(20_000);
    expect(levels.nearestSupport).toBeLessThanOrEqual(20_500);
    expect(levels.support[0]!.touches).toBe(3);
    expect(levels.nearestResistance).toBeGreaterThanOrEqual(29_800);
    expect(levels.resistance[0]!.touches).toBe(2);
  });

  it('has no support under a price at its lowest and no resistance over one at its highest', () => {
    expect(supportResistanceOf(series([300, 280, 260, 240, 220].map((p) => p * 100)))).toMatchObject({ nearestSupport: null });
    expect(supportResistanceOf(series([220, 240, 260, 280, 300].map((p) => p * 100)))).toMatchObject({ nearestResistance: null });
  });
});
