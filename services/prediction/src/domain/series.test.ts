import { describe, expect, it } from 'vitest';
import { cleanDailySeries, shownHistory } from './series.ts';

describe('input cleaning (spec 3 §5)', () => {
  it('drops prices not strictly between $0 and $10,000 and sorts by date', () => {
    const cleaned = cleanDailySeries([
      { date: '2026-11-03', averagePrice: 1_000_000, salesVolume: 1 },
      { date: '2026-11-02', averagePrice: 25_000, salesVolume: 2 },
      { date: '2026-11-01', averagePrice: 0, salesVolume: 1 },
      { date: '2026-10-30', averagePrice: 999_999, salesVolume: 1 },
      { date: '2026-10-29', averagePrice: -5, salesVolume: 1 },
      { date: 'not a date', averagePrice: 20_000, salesVolume: 1 },
    ]);
    expect(cleaned.map((d) => d.date)).toEqual(['2026-10-30', '2026-11-02']);
  });

  it('shows the latest 20 days of the series', () => {
    const days = Array.from({ length: 40 }, (_, i) => ({ date: new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10), averagePrice: 20_000 + i, salesVolume: 1 }));
    const shown = shownHistory(cleanDailySeries(days));
    expect(shown).toHaveLength(20);
    expect(shown[0]!.date).toBe('2026-10-21');
    expect(shown.at(-1)!.date).toBe('2026-11-09');
  });
});
