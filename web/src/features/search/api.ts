import { infiniteQueryOptions } from '@tanstack/react-query';
import type { SearchResultSneaker } from '@kicksight/contracts';
import { api } from '../../api/client.ts';

export type { SearchResultSneaker } from '@kicksight/contracts';

export interface SearchParams {
  q: string;
  brands: string[];
  sortBy: 'rank' | 'release_date';
}

const SEARCH_PAGE_SIZE = 50;

/** One page of results: `total` is what the plan lets the member reach across pages, `available` every match. */
export interface SearchPage {
  sneakers: SearchResultSneaker[];
  total: number;
  available: number;
}

/** The catalogue search, a page of 50 at a time up to the plan's cap (it shares the 'sneakers' key space with the detail page). */
export const searchQueries = {
  all: ['sneakers', 'search'] as const,
  results: (params: SearchParams) =>
    infiniteQueryOptions({
      queryKey: ['sneakers', 'search', params],
      queryFn: ({ signal, pageParam }) =>
        api.get<SearchPage>('/sneakers/search', {
          signal,
          query: { q: params.q, brands: params.brands, sortBy: params.sortBy, limit: SEARCH_PAGE_SIZE, page: pageParam },
        }),
      initialPageParam: 1,
      getNextPageParam: (last, pages) => (last.sneakers.length > 0 && pages.reduce((shown, page) => shown + page.sneakers.length, 0) < last.total ? pages.length + 1 : undefined),
    }),
};
