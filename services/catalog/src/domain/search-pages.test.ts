import { describe, expect, it } from 'vitest';
import { AVAILABLE_WITHIN_DAYS } from './market.ts';
import { createSearchIndex } from './search-index.ts';
import { createSearchPages, type PageOf } from './search-pages.ts';
import { sneakerSummary } from './sneaker-summary.fixture.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY_MS = 86_400_000;
const dunks = { q: 'dunk', brands: [], sortBy: 'rank' as const };
const firstPage: PageOf = { page: 1, limit: 50, cap: null };

interface Shown {
  total: number;
  sneakers: { id: string; currentPrice: number | null; availableSizes: number[] }[];
}
const read = (page: { json: string }) => JSON.parse(page.json) as Shown;

function market() {
  const index = createSearchIndex();
  const dunkList = Array.from({ length: 6 }, (_, i) => sneakerSummary(`Nike Dunk Low Colour ${i}`, 'Nike', { salesCount: 60 - i }));
  const other = sneakerSummary('adidas Samba OG', 'Adidas');
  index.addAll([...dunkList, other]);
  return { index, dunkList, other, pages: createSearchPages({ index }) };
}

describe('search result pages', () => {
  it('serves the same serialised page again while nothing on it changed', () => {
    const { index, pages, dunkList, other } = market();
    const first = pages.page(dunks, firstPage, NOW);
    expect(read(first).total).toBe(6);
    expect(read(first).sneakers.map((s) => s.id).sort()).toEqual(dunkList.map((s) => s.id).sort());
    index.upsert({ ...other, currentPrice: 1, version: other.version + 1 });
    const again = pages.page(dunks, firstPage, new Date(NOW.getTime() + 60_000));
    expect(again).toBe(first);
    expect(pages.stats()).toMatchObject({ reused: 1, built: 1, pages: 1 });
  });

  it('rebuilds a page as soon as the index holds a new version of a sneaker on it', () => {
    const { index, pages, dunkList } = market();
    const first = pages.page(dunks, firstPage, NOW);
    const changed = dunkList[3]!;
    index.upsert({ ...changed, currentPrice: 45_600, version: changed.version + 1 });
    const next = pages.page(dunks, firstPage, NOW);
    expect(next).not.toBe(first);
    expect(read(next).sneakers.find((s) => s.id === changed.id)?.currentPrice).toBe(45_600);
    expect(pages.page(dunks, firstPage, NOW)).toBe(next);
  });

  it('rebuilds a page when the ranking changes', () => {
    const { index, pages } = market();
    const first = pages.page(dunks, firstPage, NOW);
    const added = sneakerSummary('Nike Dunk High Panda', 'Nike');
    index.upsert(added);
    const next = pages.page(dunks, firstPage, NOW);
    expect(read(next).total).toBe(7);
    expect(read(next).sneakers.map((s) => s.id)).toContain(added.id);
    expect(read(first).total).toBe(6);
  });

  it('keeps pages of different numbers, limits and plan caps apart', () => {
    const { pages } = market();
    const asked: PageOf[] = [
      { page: 1, limit: 2, cap: null },
      { page: 2, limit: 2, cap: null },
      { page: 1, limit: 3, cap: null },
      { page: 1, limit: 2, cap: 4 },
      { page: 2, limit: 2, cap: 3 },
    ];
    const served = asked.map((p) => read(pages.page(dunks, p, NOW)));
    expect(served.map((s) => s.total)).toEqual([6, 6, 6, 4, 3]);
    expect(served.map((s) => s.sneakers.length)).toEqual([2, 2, 3, 2, 1]);
    expect(served[1]!.sneakers.map((s) => s.id)).not.toEqual(served[0]!.sneakers.map((s) => s.id));
    expect(served[4]!.sneakers.map((s) => s.id)).toEqual(served[1]!.sneakers.slice(0, 1).map((s) => s.id));
    expect(pages.stats()).toMatchObject({ pages: 5, built: 5, reused: 0 });
    expect(read(pages.page(dunks, { page: 2, limit: 2, cap: null }, NOW))).toEqual(served[1]);
    expect(pages.stats().reused).toBe(1);
  });

  it('stops showing a size once its last sale is older than the availability window', () => {
    const index = createSearchIndex();
    const soldAt = NOW.getTime() - 10 * DAY_MS;
    const dunk = sneakerSummary('Nike Dunk Low Panda', 'Nike', { sizes: [{ size: 9, lastSaleAt: soldAt }, { size: 10, lastSaleAt: null }] });
    index.addAll([dunk]);
    const pages = createSearchPages({ index });
    const lastDay = new Date(soldAt + AVAILABLE_WITHIN_DAYS * DAY_MS);
    const first = pages.page(dunks, firstPage, NOW);
    expect(read(first).sneakers[0]!.availableSizes).toEqual([9]);
    expect(pages.page(dunks, firstPage, lastDay)).toBe(first);
    const after = pages.page(dunks, firstPage, new Date(lastDay.getTime() + 1));
    expect(read(after).sneakers[0]!.availableSizes).toEqual([]);
    expect(read(pages.page(dunks, firstPage, NOW)).sneakers[0]!.availableSizes).toEqual([9]);
  });

  it('keeps no more serialised text than its bound', () => {
    const index = createSearchIndex();
    index.addAll(Array.from({ length: 40 }, (_, i) => sneakerSummary(`Nike Dunk Low Colour ${i}`, 'Nike')));
    const maxChars = 20_000;
    const pages = createSearchPages({ index, maxChars });
    for (let page = 1; page <= 40; page++) pages.page(dunks, { page, limit: 1, cap: null }, NOW);
    const { pages: kept, chars } = pages.stats();
    expect(chars).toBeLessThanOrEqual(maxChars);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(40);
    pages.page(dunks, { page: 1, limit: 1, cap: null }, NOW);
    expect(pages.stats().reused).toBe(0);
  });
});
