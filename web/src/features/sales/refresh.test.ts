import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshCollectionViews } from '../collection/index.ts';
import { salesQueries } from './api.ts';

describe('a sale, an undo or an import', () => {
  it("marks the Sales page's views stale with the collection's, but not the selling settings", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const moved = [salesQueries.list({ year: 2026, platform: 'all', brand: '', page: 1 }).queryKey, salesQueries.summary(2026).queryKey];
    const settings = salesQueries.settings().queryKey;
    for (const key of [...moved, settings]) client.setQueryData<unknown>(key, { cached: true });

    refreshCollectionViews(client);

    expect(moved.filter((key) => client.getQueryState(key)?.isInvalidated !== true)).toEqual([]);
    expect(client.getQueryState(settings)?.isInvalidated).toBe(false);
  });
});
