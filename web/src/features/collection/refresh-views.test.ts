import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { membershipQueries } from '../membership/index.ts';
import { collectionQueries, refreshCollectionViews } from './api.ts';

afterEach(() => vi.useRealTimers());

/** A client holding fresh data under each of these queries. */
function clientWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('a change to the collection', () => {
  it("marks every view of it stale: pages, stats, history, photos, recommendations, and the market insights", () => {
    vi.useFakeTimers();
    const moved = [
      collectionQueries.items({ page: 1, sortBy: 'newest', brand: 'all' }).queryKey,
      collectionQueries.stats().queryKey,
      collectionQueries.portfolioHistory('30d').queryKey,
      collectionQueries.portfolioHistory('1y').queryKey,
      collectionQueries.photos('item-1').queryKey,
      collectionQueries.related().queryKey,
      collectionQueries.valueMetrics().queryKey,
      collectionQueries.quickMetrics().queryKey,
      collectionQueries.trending().queryKey,
      collectionQueries.marketOverview().queryKey,
      collectionQueries.realisedGain(2026).queryKey,
      collectionQueries.items({ page: 1, sortBy: 'newest', brand: 'all', valuation: { kind: 'net', platform: 'goat' } }).queryKey,
    ];
    const untouched = [['sneakers', 'search', { q: 'dunk' }], ['alerts', 'price-alerts'], ['settings', 'profile']];
    const usage = membershipQueries.usage().queryKey;
    const client = clientWith([...moved, ...untouched, usage]);

    refreshCollectionViews(client);

    expect(moved.filter((key) => !isStale(client, key))).toEqual([]);
    expect(untouched.filter((key) => isStale(client, key))).toEqual([]);
    // The plan's usage (how many pairs the collection holds against its limit) follows a moment later.
    expect(isStale(client, usage)).toBe(false);
    vi.advanceTimersByTime(100);
    expect(isStale(client, usage)).toBe(true);
  });
});
