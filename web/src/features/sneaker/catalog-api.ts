import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RelatedProduct, SearchResultSneaker, SneakerDetail, dailySalesRowSchema, recentSaleSchema } from '@kicksight/contracts';
import { api } from '../../api/client.ts';

/** The shapes of the catalogue's answers, from the shared contracts (types only: nothing of zod reaches the bundle). */
export type { MarketStatus as MarketStatusView, RelatedProduct, SearchResultSneaker, SneakerDetail, Variant } from '@kicksight/contracts';
export type DailySale = z.infer<typeof dailySalesRowSchema>;
export type RecentSale = z.infer<typeof recentSaleSchema>;

export interface SearchParams {
  q: string;
  brands: string[];
  sortBy: 'rank' | 'release_date';
}

export const SEARCH_PAGE_SIZE = 50;

export const searchQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: ['sneakers', 'search', params],
    queryFn: ({ signal }) =>
      api.get<{ sneakers: SearchResultSneaker[]; total: number }>('/sneakers/search', {
        signal,
        query: { q: params.q, brands: params.brands, sortBy: params.sortBy, limit: SEARCH_PAGE_SIZE },
      }),
  });

export const sneakerQuery = (id: string) =>
  queryOptions({ queryKey: ['sneakers', 'detail', id], queryFn: ({ signal }) => api.get<SneakerDetail>(`/sneakers/${encodeURIComponent(id)}`, { signal }) });

export const dailySalesQuery = (id: string, days: number) =>
  queryOptions({
    queryKey: ['sneakers', 'daily-sales', id, days],
    queryFn: ({ signal }) => api.get<{ dailySales: DailySale[] }>(`/sneakers/${encodeURIComponent(id)}/sales/daily`, { signal, query: { days, limit: days } }),
    staleTime: 5 * 60_000,
  });

export const recentSalesQuery = (id: string, limit = 20) =>
  queryOptions({
    queryKey: ['sneakers', 'recent-sales', id, limit],
    queryFn: ({ signal }) => api.get<{ sales: RecentSale[] }>(`/sneakers/${encodeURIComponent(id)}/sales/recent`, { signal, query: { limit } }),
    staleTime: 2 * 60_000,
  });

export const relatedRecommendationsQuery = (limit = 12) =>
  queryOptions({
    queryKey: ['collection', 'related', 'recommendations', limit],
    queryFn: ({ signal }) => api.get<{ products: RelatedProduct[] }>('/collections/related/recommendations', { signal, query: { limit, strategy: 'mixed' } }),
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
  });
