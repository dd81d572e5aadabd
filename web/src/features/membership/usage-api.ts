import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The usage status of spec 1 §3 (a null limit means unlimited). */
export interface UsageStatus {
  tier: string;
  searchesUsed: number;
  searchesLimit: number | null;
  productViewsUsed: number;
  productViewsLimit: number | null;
  collectionItemsUsed: number;
  collectionItemsLimit: number | null;
  searchResultsLimit: number | null;
  canPerformSearch: boolean;
  canViewProduct: boolean;
  canAddToCollection: boolean;
  trialEndsAt: string | null;
  daysLeftInTrial: number | null;
  isTrialExpired: boolean;
}

export interface MembershipStatus {
  plan: { name: string; displayName: string };
  subscription: { tier: string; status: string; cancelAtPeriodEnd: boolean; trialEndsAt: string | null; currentPeriodEnd: string | null } | null;
}

export const usageQuery = () =>
  queryOptions({ queryKey: ['membership', 'usage'], queryFn: ({ signal }) => api.get<UsageStatus>('/membership/usage', { signal }), staleTime: 30_000 });

export const membershipStatusQuery = () =>
  queryOptions({ queryKey: ['membership', 'status'], queryFn: ({ signal }) => api.get<MembershipStatus>('/membership/status', { signal }) });

/** Trial when the plan is trial or free, or there is no subscription; a failed call counts as not trial. */
export const isTrialMembership = (status: MembershipStatus | undefined): boolean =>
  status !== undefined && (status.plan.name === 'trial' || status.plan.name === 'free' || status.subscription === null);

export const USAGE_REFRESH_DELAY_MS = 100;

/** Usage indicators are refreshed 100 ms after collection and search calls. */
export function refreshUsageSoon(queryClient: QueryClient): void {
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['membership', 'usage'] }), USAGE_REFRESH_DELAY_MS);
}
