import { describe, expect, it } from 'vitest';
import { canSearch, resultsCount, resultsFoundText, searchOfUrl, urlOfSearch } from './search-state.ts';

describe('search rules', () => {
  it('runs with at least 2 characters or a brand', () => {
    expect(canSearch('a', '')).toBe(false);
    expect(canSearch(' a ', '')).toBe(false);
    expect(canSearch('af', '')).toBe(true);
    expect(canSearch('', 'Nike')).toBe(true);
  });
  it("counts the results as 'N results found'", () => {
    expect(resultsFoundText(12)).toBe('12 results found');
    expect(resultsFoundText(0)).toBe('0 results found');
  });
  it('says when the plan cap held matches back, and what shows the rest', () => {
    expect(resultsCount({ total: 61, available: 61 }, true)).toEqual({ text: '61 results found', capped: null });
    expect(resultsCount({ total: 20, available: 127 }, true)).toEqual({ text: 'Showing 20 of 127', capped: 'upgrade' });
    expect(resultsCount({ total: 200, available: 500 }, false)).toEqual({ text: 'Showing 200 of 500', capped: 'narrow' });
  });

  it('keeps the submitted query, brand and sort in the URL, leaving out the default sort', () => {
    expect(urlOfSearch({ q: 'jordan', brand: 'Nike', sortBy: 'release_date' })).toEqual({ q: 'jordan', brand: 'Nike', sort: 'release_date' });
    expect(urlOfSearch({ q: '', brand: 'Vans', sortBy: 'rank' })).toEqual({ brand: 'Vans' });
    expect(searchOfUrl(new URLSearchParams('q=jordan&brand=Nike&sort=release_date'))).toEqual({ q: 'jordan', brand: 'Nike', sortBy: 'release_date' });
    expect(searchOfUrl(new URLSearchParams('sort=price'))).toEqual({ q: '', brand: '', sortBy: 'rank' });
  });
});
