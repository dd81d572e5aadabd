import { describe, expect, it } from 'vitest';
import { healthFromRequests } from './system-health.ts';

describe('healthFromRequests', () => {
  it('counts server errors and unavailable services, leaving probes out', () => {
    const health = healthFromRequests([
      { labels: { route: '/api/health', status: '200' }, value: 90 },
      { labels: { route: 'unmatched', status: '404' }, value: 4 },
      { labels: { route: 'unmatched', status: '503' }, value: 4 },
      { labels: { route: 'unmatched', status: '500' }, value: 2 },
      { labels: { route: '/readyz', status: '503' }, value: 1_000 },
    ]);
    expect(health).toEqual({ systemUptime: 96, errorRate: 6, requests: 100 });
  });

  it('reads a quiet edge as fully up', () => {
    expect(healthFromRequests([])).toEqual({ systemUptime: 100, errorRate: 0, requests: 0 });
  });
});
