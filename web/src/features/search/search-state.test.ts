import { describe, expect, it } from 'vitest';
import { canSearch, resultsFoundText } from './search-state.ts';

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
});
