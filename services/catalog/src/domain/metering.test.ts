import { describe, expect, it } from 'vitest';
import { productViewUsage, searchUsage } from './metering.ts';

const now = new Date('2026-03-10T23:59:00Z');
const search = { q: 'jordan 1', brands: ['Nike', 'Jordan'], sortBy: 'rank' as const, page: 1 };

describe('usage keys', () => {
  it('gives every page of a search the key of its first page, so later pages are never counted again', () => {
    expect(searchUsage({ ...search, page: 2 } as typeof search, now)).toBe(searchUsage(search, now));
    expect(searchUsage(search, now)).toBe(`search:2026-03-10:jordan 1:jordan,nike:rank`);
  });

  it('gives the same query, brands and sort the same key however they are written', () => {
    const key = searchUsage(search, now);
    expect(searchUsage({ ...search, q: '  Jordan 1 ', brands: ['jordan', 'NIKE'] }, now)).toBe(key);
  });

  it('gives another query, brand set, sort or UTC day another key', () => {
    const key = searchUsage(search, now);
    expect(searchUsage({ ...search, q: 'jordan 11' }, now)).not.toBe(key);
    expect(searchUsage({ ...search, brands: ['Nike'] }, now)).not.toBe(key);
    expect(searchUsage({ ...search, sortBy: 'release_date' }, now)).not.toBe(key);
    expect(searchUsage(search, new Date('2026-03-11T00:00:01Z'))).not.toBe(key);
  });

  it('keys a product view by sneaker and UTC day', () => {
    expect(productViewUsage('a'.repeat(24), now)).toBe(`view:2026-03-10:${'a'.repeat(24)}`);
    expect(productViewUsage('a'.repeat(24), new Date('2026-03-11T00:00:00Z'))).not.toBe(productViewUsage('a'.repeat(24), now));
  });
});
