import { describe, expect, it } from 'vitest';
import { forecastSummary, historySummary, pricePointsOf } from './summaries.ts';

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
