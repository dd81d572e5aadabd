import { queryOptions } from '@tanstack/react-query';
import type { EmailTestResult, MarketSourcesView, PriceRefusalReason, QuarantinedPrice, SystemHealth } from '@kicksight/contracts';
import { api } from '../../api/client.ts';
import { daysBefore } from '@kicksight/contracts/time';

export interface AdminAnalytics {
  health: { activeUsers: number; newSignups: number; systemUptime: number; errorRate: number; trialUsers: number; paidUsers: number };
  revenue: {
    monthlyRecurringRevenue: number;
    averageRevenuePerUser: number;
    revenueByPlan: { plan: string; subscribers: number; revenue: number }[];
    revenueGrowth: { month: string; revenue: number; growth: number }[];
  };
  trialConversion: { conversionRate: number; convertedUsers: number; totalTrialUsers: number; conversionsByDay: { date: string; conversions: number }[] };
  churn: { churnRate: number; churnedSubscriptions: number };
  usage: {
    byPlan: { plan: string; avgSearchesPerUser: number; avgProductViewsPerUser: number; avgCollectionItems: number; activeUsers: number }[];
    topFeatures: { feature: string; usageCount: number; uniqueUsers: number }[];
  };
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  membershipTier: string;
  membershipStatus: string;
  createdAt: string;
}

export const ADMIN_RANGES = [7, 30, 90] as const;
export type AdminRange = (typeof ADMIN_RANGES)[number];
const USER_LIST_LIMIT = 10;
export const FETCH_FAILED = 'Failed to fetch dashboard data';
export const NO_DATA = 'No data available';

/** The range ending now, as the ISO dates the endpoint takes. */
function rangeDates(days: AdminRange, now = new Date()): { startDate: string; endDate: string } {
  return { startDate: daysBefore(now, days).toISOString(), endDate: now.toISOString() };
}

/** The admin panel's queries, fresh for a minute. */
export const adminQueries = {
  all: ['admin'] as const,
  analytics: (days: AdminRange) =>
    queryOptions({
      queryKey: ['admin', 'analytics', days],
      queryFn: ({ signal }) => api.get<AdminAnalytics | null>('/admin/analytics/dashboard', { signal, query: rangeDates(days), fallback: FETCH_FAILED }),
      staleTime: 60_000,
    }),
  marketSources: () =>
    queryOptions({
      queryKey: ['admin', 'market-sources'],
      queryFn: ({ signal }) => api.get<MarketSourcesView>('/admin/market/sources', { signal, fallback: FETCH_FAILED }),
      staleTime: 30_000,
    }),
  /** Every process's readiness and flow figures, read again every 15 s while the tab is open. */
  systemHealth: () =>
    queryOptions({
      queryKey: ['admin', 'system-health'],
      queryFn: ({ signal }) => api.get<SystemHealth>('/admin/system-health', { signal, fallback: FETCH_FAILED }),
      staleTime: 10_000,
      refetchInterval: 15_000,
    }),
  dataQuality: (reason: PriceRefusalReason | null, page: number) =>
    queryOptions({
      queryKey: ['admin', 'data-quality', reason, page],
      queryFn: ({ signal }) => api.get<DataQuality>('/admin/data-quality', { signal, query: { page, limit: DATA_QUALITY_PAGE, ...(reason ? { reason } : {}) }, fallback: FETCH_FAILED }),
    }),
  newestUsers: () =>
    queryOptions({
      queryKey: ['admin', 'users', USER_LIST_LIMIT],
      queryFn: async ({ signal }) => (await api.get<{ users: AdminUser[] }>('/admin/users', { signal, query: { limit: USER_LIST_LIMIT }, fallback: FETCH_FAILED })).users,
      staleTime: 60_000,
    }),
};

/** The price guard's quarantine: counts by reason, released values, one page of entries. */
export interface DataQuality {
  counts: Record<PriceRefusalReason, number>;
  released: number;
  entries: QuarantinedPrice[];
  pagination: { page: number; totalPages: number; total: number };
}
const DATA_QUALITY_PAGE = 50;

/** The email template runs of the admin's email page, and the release of a quarantined price. */
export const adminApi = {
  releasePrice: (id: string) => api.post<{ entry: QuarantinedPrice; saleId: string | null }>(`/admin/data-quality/${encodeURIComponent(id)}/release`),
  testAllTemplates: () => api.post<EmailTestResult>('/email-test/test-all-templates'),
  testTemplate: (template: string) => api.post<EmailTestResult>(`/email-test/test-template/${encodeURIComponent(template)}`),
  /** StockX's consent page for linking the operator's account. */
  linkStockx: () => api.post<{ authorizationUrl: string }>('/admin/integrations/stockx/link'),
  /** Completes the link with the code and state StockX sent back. */
  completeStockxLink: (code: string, state: string) => api.get<{ linked: true; linkedAt: string }>('/admin/integrations/stockx/callback', { query: { code, state } }),
  unlinkStockx: () => api.del<{ linked: false }>('/admin/integrations/stockx'),
};
