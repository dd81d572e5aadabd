import { queryOptions } from '@tanstack/react-query';
import type { SearchResultSneaker } from '@kicksight/contracts';
import { api } from '../../api/client.ts';

export type { SearchResultSneaker } from '@kicksight/contracts';

export interface SearchParams {
  q: string;
  brands: string[];
  sortBy: 'rank' | 'release_date';
}

const SEARCH_PAGE_SIZE = 50;

/** The catalogue search (it shares the 'sneakers' key space with the detail page). */
export const searchQueries = {
  all: ['sneakers', 'search'] as const,
  results: (params: SearchParams) =>
    queryOptions({
      queryKey: ['sneakers', 'search', params],
      queryFn: ({ signal }) =>
        api.get<{ sneakers: SearchResultSneaker[]; total: number }>('/sneakers/search', {
          signal,
          query: { q: params.q, brands: params.brands, sortBy: params.sortBy, limit: SEARCH_PAGE_SIZE },
        }),
    }),
};
