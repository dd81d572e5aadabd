import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ForecastAccuracy, PredictionSummary, SneakerDetail, SneakerMarket, dailySalesRowSchema, recentSaleSchema } from '@kicksight/contracts';
import { api } from '../../api/client.ts';
import { shouldRetry } from '../../api/retry.ts';

/** The shapes of the catalogue's answers, from the shared contracts (types only: nothing of zod reaches the bundle). */
export type { ForecastAccuracy, PredictionSummary, SneakerDetail, SneakerMarket, Variant } from '@kicksight/contracts';
type DailySale = z.infer<typeof dailySalesRowSchema>;
export type RecentSale = z.infer<typeof recentSaleSchema>;

const path = (id: string) => `/sneakers/${encodeURIComponent(id)}`;
const sizeQuery = (size: number | null) => (size === null ? {} : { size });

/** The sneaker detail page's queries: the sneaker, its sales and its forecast. */
export const sneakerQueries = {
  all: ['sneakers'] as const,
  detail: (id: string) => queryOptions({ queryKey: ['sneakers', 'detail', id], queryFn: ({ signal }) => api.get<SneakerDetail>(path(id), { signal }) }),
  /** Each size's live market (StockX's bid and ask when read) with its source and time. */
  market: (id: string) => queryOptions({ queryKey: ['sneakers', 'market', id], queryFn: ({ signal }) => api.get<SneakerMarket>(`${path(id)}/market`, { signal }), staleTime: 60_000 }),
  /** Each day's sales over the last `days` days, of every size (`size` null) or of one. */
  dailySales: (id: string, days: number, size: number | null = null) =>
    queryOptions({
      queryKey: ['sneakers', 'daily-sales', id, days, size],
      queryFn: ({ signal }) => api.get<{ dailySales: DailySale[] }>(`${path(id)}/sales/daily`, { signal, query: { days, limit: days, ...sizeQuery(size) } }),
      staleTime: 5 * 60_000,
    }),
  recentSales: (id: string, limit = 20) =>
    queryOptions({
      queryKey: ['sneakers', 'recent-sales', id, limit],
      queryFn: ({ signal }) => api.get<{ sales: RecentSale[] }>(`${path(id)}/sales/recent`, { signal, query: { limit } }),
      staleTime: 2 * 60_000,
    }),
  /** The forecast of every size (`size` null) or of one: stale after 15 minutes, 2 retries. */
  predictionSummary: (id: string, size: number | null = null) =>
    queryOptions({
      queryKey: ['predictions', 'summary', id, size ?? 'all'],
      queryFn: ({ signal }) => api.get<PredictionSummary>(`${path(id)}/prediction-summary`, { signal, query: sizeQuery(size) }),
      staleTime: 15 * 60_000,
      retry: (failures, error) => shouldRetry(failures, error, 2),
    }),
  /** How the forecasts of every size (or one) did over the past year: refreshed weekly, so stale after an hour. */
  forecastAccuracy: (id: string, size: number | null = null) =>
    queryOptions({
      queryKey: ['predictions', 'accuracy', id, size ?? 'all'],
      queryFn: ({ signal }) => api.get<ForecastAccuracy>(`${path(id)}/forecast-accuracy`, { signal, query: sizeQuery(size) }),
      staleTime: 60 * 60_000,
      retry: (failures, error) => shouldRetry(failures, error, 1),
    }),
};
