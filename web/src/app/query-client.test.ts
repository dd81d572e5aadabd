import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { GC_MS, STALE_MS, createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('query caching (spec 1 §9)', () => {
  it('keeps data fresh 5 minutes and cached 10, without refetching on focus but on reconnect', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(STALE_MS).toBe(300_000);
    expect(GC_MS).toBe(600_000);
    expect(defaults.queries).toMatchObject({ staleTime: 300_000, gcTime: 600_000, refetchOnWindowFocus: false, refetchOnReconnect: true });
    expect(defaults.mutations?.retryDelay).toBe(1_000);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('retries queries 3 times and mutations once, never an answer that asking again cannot change', () => {
    const failure = new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, failure))).toEqual([true, true, true, false]);
    expect([0, 1].map((n) => shouldRetry(n, failure, 1))).toEqual([true, false]);
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'Sneaker not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'SEARCH_LIMIT', 'limit'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });
});
