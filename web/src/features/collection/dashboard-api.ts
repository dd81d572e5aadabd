import { queryOptions } from '@tanstack/react-query';
import type { MarketOverview, QuickMetrics, ValueMetrics } from '@kicksight/contracts';
import { api } from '../../api/client.ts';

export const METRICS_FAILED = 'Unable to load personalized metrics. Please try again.';
export const MARKET_EMPTY = 'No data received from market overview API';

/** Money in cents; a part the BFF could not compute is null (what failed is in `errors`). */
export type { QuickMetrics, ValueMetrics };

export interface TrendingSneaker {
  id: string;
  name: string;
  brand: string;
  imageUrl: string | null;
  currentPrice: number | null;
  retailPrice: number | null;
  priceChange24h: number | null;
  premiumPercent?: number | null;
  marketStatus?: { label: string; color: string; description?: string };
}

/** The BFF's aggregations answer a failed part as null, with what failed in `errors`. */
type WithErrors<T> = Omit<T, 'errors'> & { errors?: string[] };

export const dashboardKeys = { all: ['dashboard'] as const };

export const quickMetricsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'value-metrics', 'quick'],
    queryFn: ({ signal }) => api.get<WithErrors<QuickMetrics> | null>('/dashboard/value-metrics', { signal, query: { quick: true }, fallback: METRICS_FAILED }),
  });

export const valueMetricsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'value-metrics'],
    queryFn: ({ signal }) => api.get<WithErrors<ValueMetrics> | null>('/dashboard/value-metrics', { signal, fallback: METRICS_FAILED }),
  });

export const trendingQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'trending'],
    queryFn: async ({ signal }) => {
      const body = await api.get<{ sneakers?: TrendingSneaker[] | null } | TrendingSneaker[] | null>('/dashboard/trending', { signal });
      return Array.isArray(body) ? body : (body?.sneakers ?? []);
    },
  });

export const marketOverviewQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'market-overview'],
    queryFn: async ({ signal }) => {
      const body = await api.get<WithErrors<MarketOverview> | null>('/dashboard/market-overview', { signal });
      if (!body || typeof body.totalSneakers !== 'number') throw new Error(MARKET_EMPTY);
      return body;
    },
  });

/** The stats the admin layout loads on mount (collection stats and usage). */
export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'stats'], queryFn: ({ signal }) => api.get<Record<string, unknown> | null>('/dashboard/stats', { signal }) });
