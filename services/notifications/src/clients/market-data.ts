import type { z } from 'zod';
import type { Valuation, monthlySalesPageSchema, trendingResponseSchema } from '@kicksight/contracts';
import { createServiceClient } from '@kicksight/platform';

type Trending = z.infer<typeof trendingResponseSchema>;
type MonthlySalesPage = z.infer<typeof monthlySalesPageSchema>;

/** What the digests (daily and monthly) read from other services' internal ports. */
export interface MarketData {
  /** Catalog's trending sneakers of the last 24 hours. */
  trending(limit: number): Promise<Trending>;
  /** Collection's valuation of a member and its change over `days`. */
  valuation(userId: string, days: number): Promise<Valuation>;
  /** Collection's members with sales in `month` (YYYY-MM) after member `after`, with the month's figures (those who turned the email off left out). */
  monthlySales(month: string, after: string, limit: number): Promise<MonthlySalesPage>;
}

export function createMarketData({ catalogUrl, collectionUrl, serviceToken }: { catalogUrl: string | string[]; collectionUrl: string | string[]; serviceToken: string }): MarketData {
  const catalog = createServiceClient({ service: 'catalog', baseUrl: catalogUrl, serviceToken });
  const collection = createServiceClient({ service: 'collection', baseUrl: collectionUrl, serviceToken });
  return {
    trending: (limit) => catalog.get<Trending>(`/internal/trending?timeframe=24h&limit=${limit}`),
    valuation: (userId, days) => collection.get<Valuation>(`/internal/users/${encodeURIComponent(userId)}/valuation?days=${days}`),
    monthlySales: (month, after, limit) => collection.get<MonthlySalesPage>(`/internal/sales/monthly?${new URLSearchParams({ month, after, limit: String(limit) })}`),
  };
}
