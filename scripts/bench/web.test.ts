import { describe, expect, it } from 'vitest';
import { medianScore, missesOf, pagesAsked, type PageScore } from './web.ts';

const run = (performance: number, tbtMs: number, extra: Partial<PageScore> = {}): PageScore => ({
  page: '/admin/collection',
  performance,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1_800,
  cls: 0.01,
  tbtMs,
  failing: [],
  shifts: [],
  ...extra,
});

describe('the web benchmark', () => {
  it('names each target a page misses, with its figure', () => {
    expect(missesOf(run(92, 120))).toEqual([]);
    expect(missesOf(run(85, 529, { accessibility: 96, bestPractices: 93, lcpMs: 2_800, cls: 0.2 }))).toEqual([
      'performance 85 < 90 (TBT 529 ms)',
      'accessibility 96 < 100',
      'best practices 93 < 95',
      'LCP 2800 ms > 2500 ms',
      'CLS 0.2 > 0.1',
    ]);
  });

  it("takes each figure's median over the runs and keeps every failing audit", () => {
    const summary = medianScore([run(85, 500), run(93, 150, { failing: ['color-contrast'] }), run(90, 300)]);
    expect(summary).toMatchObject({ performance: 90, tbtMs: 300, failing: ['color-contrast'] });
    expect(() => medianScore([])).toThrow('no runs');
  });

  it('runs every page unless asked for some, and refuses a page it does not know', () => {
    expect(pagesAsked('')).toEqual(['login', 'register', 'pricing', 'collection', 'search', 'sneaker']);
    expect(pagesAsked('collection, sneaker')).toEqual(['collection', 'sneaker']);
    expect(() => pagesAsked('collection,dashboard')).toThrow('unknown page dashboard');
  });
});
