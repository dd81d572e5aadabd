import { describe, expect, it } from 'vitest';
import { NO_GAIN_YET, forecastSummary, historySummary, monthLabel, monthlyGainSummary, pricePointsOf } from './summaries.ts';

describe('chart summaries', () => {
  it('summarises a history by its average and direction', () => {
    const points = [
      { date: '2026-01-01', price: 40_000, volume: 1 },
      { date: '2026-01-02', price: 43_200, volume: 2 },
    ];
    expect(historySummary(points, 30)).toBe('30-day average $416, up 8%');
    expect(historySummary(points.slice(0, 1), 30)).toBe('Not enough sales in this range to draw a chart.');
  });
  it('summarises a forecast', () => {
    expect(forecastSummary(45_000, 40_000, 50_000, 30)).toBe('30-day forecast $450, 80% likely between $400 and $500');
  });
  it('reads both spellings, sorts by date and drops impossible prices', () => {
    expect(
      pricePointsOf([
        { date: '2026-01-02', averagePrice: 100, salesVolume: 3 },
        { date: '2026-01-01', average_price: 200, sales_volume: 1 },
        { date: '2026-01-03', average_price: 0, sales_volume: 1 },
      ]),
    ).toEqual([
      { date: '2026-01-01', price: 200, volume: 1 },
      { date: '2026-01-02', price: 100, volume: 3 },
    ]);
  });
});

describe('the monthly gain summary', () => {
  const month = (m: string, parts: [string, number][]) => ({ month: m, total: parts.reduce((sum, [, v]) => sum + v, 0), parts: parts.map(([key, value]) => ({ key, value })) });
  it('names the total over the months with sales and the best month', () => {
    const months = [month('2026-01', []), month('2026-02', [['stockx', -2_000]]), month('2026-03', [['stockx', 4_000], ['ebay', 2_100]])];
    expect(monthlyGainSummary(months)).toBe('Realised gain $41 over 2 months; best month March 2026 ($61)');
    expect(monthLabel('2026-03')).toBe('Mar');
  });
  it('says when there is nothing to draw yet', () => {
    expect(monthlyGainSummary([month('2026-01', []), month('2026-02', [['goat', 0]])])).toBe(NO_GAIN_YET);
  });
});
