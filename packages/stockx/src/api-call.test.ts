import { describe, expect, it } from 'vitest';
import { retryAfterMsOf } from './api-call.ts';

describe('a StockX call', () => {
  it('waits as long as Retry-After says (seconds or a date), within bounds', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(retryAfterMsOf('3', now, 1_000, 60_000)).toBe(3_000);
    expect(retryAfterMsOf('Fri, 27 Nov 2026 10:00:05 GMT', now, 1_000, 60_000)).toBe(5_000);
    expect(retryAfterMsOf(null, now, 1_000, 60_000)).toBe(1_000);
    expect(retryAfterMsOf('3600', now, 1_000, 60_000)).toBe(60_000);
    expect(retryAfterMsOf('-5', now, 1_000, 60_000)).toBe(0);
  });
});
