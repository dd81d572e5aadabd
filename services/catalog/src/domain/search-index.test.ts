import { describe, expect, it } from 'vitest';
import { createSearchIndex, type SearchAnswer } from './search-index.ts';
import { sneakerSummary as summary } from './sneaker-summary.fixture.ts';

const listed = (answer: SearchAnswer) => answer.slice(0, answer.total);

function catalogue() {
  const index = createSearchIndex();
  // Created first, so they would win ties against the sneakers the tests look for.
  const others = [
    summary('adidas Yeezy Boost 750 Triple Black', 'Adidas', { salesCount: 90 }),
    summary('Yeezy Military Boot Rock', 'Adidas', { salesCount: 80 }),
    summary('adidas Yeezy Boost 350 V2 Zyon', 'Adidas', { salesCount: 70 }),
  ];
  const zebra = summary('adidas Yeezy Boost 350 V2 Zebra', 'Adidas', { sku: 'CP9654', releaseDate: '2017-02-25', salesCount: 50 });
  const beluga = summary('adidas Yeezy Boost 350 V2 Beluga 2.0', 'Adidas', { releaseDate: '2017-11-25', salesCount: 10 });
  const chicago = summary('Jordan 1 Retro High Off-White Chicago', 'Jordan', { sku: 'AA3834-101', releaseDate: '2017-09-09', salesCount: 30 });
  const presto = summary('Nike Air Presto Off-White', 'Nike', { releaseDate: '2017-09-09', salesCount: 5 });
  const max90 = summary('Nike Air Max 90 Infrared', 'Nike', { releaseDate: '2020-03-26', salesCount: 40 });
  index.addAll([zebra, beluga, chicago, presto, max90, ...others]);
  return { index, zebra, beluga, chicago, presto, max90 };
}

describe('the search index', () => {
  it('finds a sneaker through a typo', () => {
    const { index, zebra } = catalogue();
    expect(listed(index.search({ q: 'yezy zebar', brands: [], sortBy: 'rank' }))[0]?.id).toBe(zebra.id);
    expect(listed(index.search({ q: 'jordon chicgo', brands: [], sortBy: 'rank' }))[0]?.name).toBe('Jordan 1 Retro High Off-White Chicago');
  });

  it('finds sneakers by the start of a word or a style code', () => {
    const { index, beluga, chicago } = catalogue();
    expect(listed(index.search({ q: 'belu', brands: [], sortBy: 'rank' })).map((s) => s.id)).toEqual([beluga.id]);
    expect(listed(index.search({ q: 'aa3834', brands: [], sortBy: 'rank' }))[0]?.id).toBe(chicago.id);
  });

  it('ranks the closer match first and treats regex characters as text', () => {
    const { index, presto } = catalogue();
    expect(listed(index.search({ q: 'air presto off white', brands: [], sortBy: 'rank' }))[0]?.id).toBe(presto.id);
    expect(listed(index.search({ q: '.*(', brands: [], sortBy: 'rank' }))).toEqual([]);
  });

  it('filters by brand (any spelling) and sorts by release date with the id last', () => {
    const { index, chicago, presto, max90 } = catalogue();
    expect(listed(index.search({ q: 'off white', brands: ['nike'], sortBy: 'rank' })).map((s) => s.id)).toEqual([presto.id]);
    expect(listed(index.search({ q: '', brands: ['Nike', 'JORDAN'], sortBy: 'release_date' })).map((s) => s.id)).toEqual([max90.id, chicago.id, presto.id]);
    expect(listed(index.search({ q: '', brands: ['adidas'], sortBy: 'rank' }))).toHaveLength(5);
    expect(listed(index.search({ q: '', brands: ['Nike'], sortBy: 'rank' })).map((s) => s.id)).toEqual([max90.id, presto.id]);
  });

  it('keeps the newest version of a sneaker and follows renames', () => {
    const { index, max90 } = catalogue();
    // Asked once before the rename: the answer it keeps must not outlive the change.
    expect(listed(index.search({ q: 'infrared', brands: [], sortBy: 'rank' })).map((s) => s.id)).toEqual([max90.id]);
    expect(index.upsert({ ...max90, name: 'Nike Air Max 90 Bacon', version: 2 })).toBe(true);
    expect(index.upsert({ ...max90, name: 'Nike Air Max 90 Infrared', version: 1 })).toBe(false);
    expect(listed(index.search({ q: 'bacon', brands: [], sortBy: 'rank' })).map((s) => s.id)).toEqual([max90.id]);
    expect(listed(index.search({ q: 'infrared', brands: [], sortBy: 'rank' }))).toEqual([]);
  });

  it('serves a repeated query the prices of now, and a new product as soon as it is added', () => {
    const { index, max90 } = catalogue();
    expect(listed(index.search({ q: 'air max', brands: [], sortBy: 'rank' })).map((s) => s.id)).toContain(max90.id);
    index.upsert({ ...max90, currentPrice: 99_900, version: max90.version + 1 });
    expect(listed(index.search({ q: 'air max', brands: [], sortBy: 'rank' })).find((s) => s.id === max90.id)?.currentPrice).toBe(99_900);
    const added = { ...max90, id: 'f'.repeat(24), name: 'Nike Air Max 95 Neon', version: 1 };
    index.upsert(added);
    expect(listed(index.search({ q: 'air max', brands: [], sortBy: 'rank' })).map((s) => s.id)).toContain(added.id);
  });

  it('counts every change to the sneakers it holds, and nothing for a stale version', () => {
    const { index, max90 } = catalogue();
    const before = index.changes;
    index.upsert({ ...max90, currentPrice: 12_300, version: max90.version + 1 });
    expect(index.changes).toBe(before + 1);
    expect(index.upsert({ ...max90, currentPrice: 1, version: max90.version })).toBe(false);
    expect(index.changes).toBe(before + 1);
    index.remove(max90.id);
    index.remove(max90.id);
    expect(index.changes).toBe(before + 2);
  });

  it('suggests names from two letters on', () => {
    const { index } = catalogue();
    expect(index.suggest('y', 5)).toEqual([]);
    expect(index.suggest('yee', 5).map((s) => s.name)).toContain('adidas Yeezy Boost 350 V2 Zebra');
  });
});
