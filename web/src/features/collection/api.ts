import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FeePlatform } from '@kicksight/contracts/fees';
import type {
  CollectionItemView,
  CollectionStats,
  MarketOverview,
  PhotoView,
  QuickMetrics,
  RelatedProduct,
  SalesSummary,
  ValueMetrics,
  collectionResponseSchema,
  createItemBodySchema,
  importErrorSchema,
  importResultSchema,
  portfolioHistorySchema,
  updateItemBodySchema,
} from '@kicksight/contracts';
import { API_BASE, api, fetchObjectUrl } from '../../api/client.ts';
import { shouldRetry } from '../../api/retry.ts';
import { refreshUsageSoon } from '../membership/index.ts';

/** The shapes of the collection's answers and bodies, from the shared contracts (types only). */
export type CollectionItem = CollectionItemView;
export type Photo = PhotoView;
export type { CollectionStats };
type CollectionPage = z.infer<typeof collectionResponseSchema>;
export type CreateItem = z.input<typeof createItemBodySchema>;
export type UpdateItem = z.input<typeof updateItemBodySchema>;
export type PortfolioHistory = z.infer<typeof portfolioHistorySchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportProblem = z.infer<typeof importErrorSchema>['errors'][number];

/** The portfolio chart's ranges (spec 2 §9: 30 days by default). */
export const PORTFOLIO_RANGES = ['30d', '90d', '1y'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];

const COLLECTION_PAGE_SIZE = 20;
export const COLLECTION_SORTS = ['newest', 'oldest', 'value-high', 'value-low', 'gain-high', 'gain-low'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
export const COLLECTION_BRANDS = ['all', 'nike', 'adidas', 'jordan', 'newbalance', 'puma'] as const;
export type CollectionBrand = (typeof COLLECTION_BRANDS)[number];

/** How the pairs are valued: at market (gross), or net of what a platform takes when selling today. */
export type Valuation = { kind: 'market' } | { kind: 'net'; platform: FeePlatform };
export const MARKET_VALUATION: Valuation = { kind: 'market' };

interface CollectionParams {
  page: number;
  sortBy: CollectionSort;
  brand: CollectionBrand;
  valuation?: Valuation;
}

export const METRICS_FAILED = 'Unable to load personalized metrics. Please try again.';
const MARKET_EMPTY = 'No data received from market overview API';

/** Money in cents; a part the BFF could not compute is null (what failed is in `errors`). */

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

/** The dashboard's figures (value metrics, trending, market overview) start with this. */
const DASHBOARD = ['dashboard'] as const;
/** The reseller ledger's views (sales, their summary, the member's StockX link) start with this. */
export const SALES_VIEWS = ['sales'] as const;
/** The value metrics' keys (full and quick) start with this. */
const VALUE_METRICS = [...DASHBOARD, 'value-metrics'] as const;

/** The collection page's queries: its items and photos, the related carousel and the overview above it. */
export const collectionQueries = {
  all: ['collection'] as const,
  /** The collection's own figures (the collection service's count of items). */
  stats: () => queryOptions({ queryKey: ['collection', 'stats'], queryFn: ({ signal }) => api.get<CollectionStats>('/collections/stats', { signal }) }),
  items: (params: CollectionParams) =>
    queryOptions({
      queryKey: ['collection', 'items', params],
      queryFn: ({ signal }) =>
        api.get<CollectionPage>('/collections', {
          signal,
          query: {
            page: params.page,
            limit: COLLECTION_PAGE_SIZE,
            sortBy: params.sortBy,
            brands: params.brand === 'all' ? undefined : params.brand,
            ...(params.valuation?.kind === 'net' ? { valuation: 'net', platform: params.valuation.platform } : {}),
          },
        }),
      retry: (failures, error) => shouldRetry(failures, error, 3),
      retryDelay: 1_000,
    }),
  /** The collection's stored daily valuations over a range, then today's. */
  portfolioHistory: (range: PortfolioRange) =>
    queryOptions({
      queryKey: ['collection', 'portfolio-history', range],
      queryFn: ({ signal }) => api.get<PortfolioHistory>('/dashboard/portfolio-history', { signal, query: { range } }),
    }),
  photos: (itemId: string) =>
    queryOptions({ queryKey: ['collection', 'photos', itemId], queryFn: ({ signal }) => api.get<Photo[]>(`/collections/${itemId}/photos`, { signal }) }),
  related: (limit = 12) =>
    queryOptions({
      queryKey: ['collection', 'related', 'recommendations', limit],
      queryFn: ({ signal }) => api.get<{ products: RelatedProduct[] }>('/collections/related/recommendations', { signal, query: { limit, strategy: 'mixed' } }),
      staleTime: 30 * 60_000,
      gcTime: 60 * 60_000,
    }),
  quickMetrics: () =>
    queryOptions({
      queryKey: [...VALUE_METRICS, 'quick'],
      queryFn: ({ signal }) => api.get<WithErrors<QuickMetrics> | null>('/dashboard/value-metrics', { signal, query: { quick: true }, fallback: METRICS_FAILED }),
    }),
  valueMetrics: () =>
    queryOptions({
      queryKey: VALUE_METRICS,
      queryFn: ({ signal }) => api.get<WithErrors<ValueMetrics> | null>('/dashboard/value-metrics', { signal, fallback: METRICS_FAILED }),
    }),
  /** The realised gain of the year's sales (the ledger's summary), among the dashboard's figures. */
  realisedGain: (year: number) =>
    queryOptions({
      queryKey: [...DASHBOARD, 'realised-gain', year],
      queryFn: ({ signal }) => api.get<Pick<SalesSummary, 'realisedGain' | 'sales'>>('/sales/summary', { signal, query: { year } }),
    }),
  trending: () =>
    queryOptions({
      queryKey: [...DASHBOARD, 'trending'],
      queryFn: async ({ signal }) => {
        const body = await api.get<{ sneakers?: TrendingSneaker[] | null } | TrendingSneaker[] | null>('/dashboard/trending', { signal });
        return Array.isArray(body) ? body : (body?.sneakers ?? []);
      },
    }),
  marketOverview: () =>
    queryOptions({
      queryKey: [...DASHBOARD, 'market-overview'],
      queryFn: async ({ signal }) => {
        const body = await api.get<WithErrors<MarketOverview> | null>('/dashboard/market-overview', { signal });
        if (!body || typeof body.totalSneakers !== 'number') throw new Error(MARKET_EMPTY);
        return body;
      },
    }),
};

/**
 * Every view a change to the collection moves (an add, an edit, a removal, an import, a sale or its undo),
 * in one place: the collection's pages, stats, photos, recommendations and portfolio history (all under
 * `collection`), the dashboard's figures under `dashboard` (the market insights' value metrics, full and
 * quick, beside trending and the market overview), and the ledger's sales and year figures under `sales`.
 */
const COLLECTION_VIEWS = [collectionQueries.all, DASHBOARD, SALES_VIEWS] as const;

/** Marks every view of the collection stale (those on screen refetch at once) and refreshes the plan's usage. */
export function refreshCollectionViews(queryClient: QueryClient): void {
  for (const queryKey of COLLECTION_VIEWS) void queryClient.invalidateQueries({ queryKey });
  refreshUsageSoon(queryClient);
}

export const collectionApi = {
  add: (item: CreateItem, idempotencyKey: string) => api.post<CollectionItem>('/collections', item, { idempotencyKey }),
  update: (id: string, changes: UpdateItem, idempotencyKey: string) => api.put<CollectionItem>(`/collections/${id}`, changes, { idempotencyKey }),
  remove: (id: string, idempotencyKey: string) => api.del<unknown>(`/collections/${id}`, { idempotencyKey }),
  /** The collection as a CSV file, as an object URL to download (revoke it after). */
  exportCsv: () => fetchObjectUrl(`${API_BASE}/collections/export`),
  /** A CSV file into the collection: every line or none (a refusal lists the bad lines). */
  importCsv(file: File, idempotencyKey: string): Promise<ImportResult> {
    const form = new FormData();
    form.append('file', file);
    return api.post<ImportResult>('/collections/import', form, { idempotencyKey });
  },
  uploadPhoto(id: string, file: File, idempotencyKey: string) {
    const form = new FormData();
    form.append('photo', file);
    return api.post<Photo>(`/collections/${id}/photos`, form, { idempotencyKey, fallback: 'File upload failed' });
  },
};
