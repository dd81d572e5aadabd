import { describe, expect, it } from 'vitest';
import { medianScore, missesOf, pagesAsked, threadTimeTbt, type PageScore, type TraceEvent } from './web.ts';

const run = (performance: number, tbtMs: number, extra: Partial<PageScore> = {}): PageScore => ({
  page: '/admin/collection',
  performance,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1_800,
  cls: 0.01,
  tbtMs,
  cpuTbtMs: tbtMs,
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

  it("reads blocking time from the main thread's CPU time after the first paint, not from how long its tasks waited", () => {
    const main = { pid: 7, tid: 1 };
    const task = (ts: number, dur: number, tdur: number, where = main): TraceEvent => ({ name: 'RunTask', ph: 'X', ts, dur, tdur, ...where });
    const events: TraceEvent[] = [
      task(0, 90_000, 90_000), // before the first paint: not counted
      { name: 'firstContentfulPaint', ph: 'R', ts: 100_000, ...main },
      task(110_000, 120_000, 30_000), // waited for a core: 30 ms of CPU, 120 - 50 at 4x
      task(300_000, 10_000, 10_000), // 40 ms at 4x: not blocking
      task(400_000, 80_000, 80_000, { pid: 8, tid: 1 }), // another process
    ];
    expect(threadTimeTbt(events, 4)).toBe(70);
    expect(threadTimeTbt(events, 1)).toBe(0);
    expect(threadTimeTbt(events.filter((event) => event.name !== 'firstContentfulPaint'), 4)).toBe(Infinity);
  });

  it('runs every page unless asked for some, and refuses a page it does not know', () => {
    expect(pagesAsked('')).toEqual(['login', 'register', 'pricing', 'collection', 'search', 'sneaker']);
    expect(pagesAsked('collection, sneaker')).toEqual(['collection', 'sneaker']);
    expect(() => pagesAsked('collection,dashboard')).toThrow('unknown page dashboard');
  });
});
