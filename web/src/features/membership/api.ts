import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BillingPeriod, InvoiceLine, PaidPlan, PlanChangePreview, PlanDefinition, PlanName, UsageStatus } from '@kicksight/contracts';
import { api } from '../../api/client.ts';
import { session } from '../../session/session.ts';
import { withMembershipAuth } from './checkout/membership-auth.ts';

export type Plan = Omit<PlanDefinition, 'entitlements'>;
export type { BillingPeriod, InvoiceLine, PaidPlan, PlanChangePreview, PlanName };

export interface Subscription {
  tier: PlanName;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
  billingPeriod: BillingPeriod | null;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  gateway: 'stripe' | 'local' | null;
}

/** A user without a subscription has none (isTrialMembership counts them as trial). */
export interface MembershipStatus {
  plan: { name: PlanName; displayName: string };
  subscription: Subscription | null;
}

export interface CurrentPlan {
  name: string;
  status: string;
  /** Cents. */
  amount: number;
  billingCycle: BillingPeriod | null;
  nextBillingDate: string | null;
  cancelAtPeriodEnd: boolean;
  /** When the paid period ends: the next bill, or the end of access once cancelled. */
  periodEnd: string | null;
}

export interface BillingHistoryEntry {
  id: string;
  date: string;
  description: string;
  /** Cents. */
  amount: number;
  status: string;
  invoiceUrl: string | null;
  /** A plan change's lines: the credit for unused time (negative) and the new plan. */
  lines: InvoiceLine[];
}

/** A membership read for the signed-in user. */
const read = <T>(path: string, signal: AbortSignal) => withMembershipAuth(session, () => api.get<T>(path, { signal }));

/**
 * The membership queries, one key space for every page and the shell. Plans change with a release, so they stay fresh
 * for an hour; usage stays fresh for 30 s because every search and collection call refreshes it on purpose
 * (refreshUsageSoon), so a sidebar and a page mounting together make one request; the rest refetch on mount.
 */
export const membershipQueries = {
  all: ['membership'] as const,
  plans: () => queryOptions({ queryKey: ['membership', 'plans'], queryFn: ({ signal }) => api.get<Plan[]>('/membership/plans', { signal, auth: false }), staleTime: 60 * 60_000 }),
  status: () => queryOptions({ queryKey: ['membership', 'status'], queryFn: ({ signal }) => read<MembershipStatus>('/membership/status', signal) }),
  usage: () => queryOptions({ queryKey: ['membership', 'usage'], queryFn: ({ signal }) => read<UsageStatus>('/membership/usage', signal), staleTime: 30_000 }),
  currentPlan: () => queryOptions({ queryKey: ['membership', 'current-plan'], queryFn: ({ signal }) => read<CurrentPlan>('/membership/current-plan', signal) }),
  billingHistory: () =>
    queryOptions({ queryKey: ['membership', 'billing-history'], queryFn: ({ signal }) => read<BillingHistoryEntry[]>('/membership/billing-history', signal) }),
  /**
   * What a change of plan would cost now: asked afresh each time the confirmation opens (it charges nothing).
   * Its key stands outside `membership`, so a refresh of the membership (after the change itself) never asks it
   * again of a plan already held.
   */
  planChangePreview: (plan: PaidPlan, billingCycle: BillingPeriod) =>
    queryOptions({
      queryKey: ['plan-change-preview', plan, billingCycle],
      queryFn: () => withMembershipAuth(session, () => api.post<PlanChangePreview>('/membership/change-plan/preview', { plan, billingCycle })),
      staleTime: 0,
      gcTime: 0,
    }),
};

/** Trial when the plan is trial or free, or there is no subscription; a failed call counts as not trial. */
export const isTrialMembership = (status: MembershipStatus | undefined): boolean =>
  status !== undefined && (status.plan.name === 'trial' || (status.plan.name as string) === 'free' || status.subscription === null);

const USAGE_REFRESH_DELAY_MS = 100;

/** Usage indicators are refreshed 100 ms after collection and search calls. */
export function refreshUsageSoon(queryClient: QueryClient): void {
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: membershipQueries.usage().queryKey }), USAGE_REFRESH_DELAY_MS);
}

/** The status read of the checkout return's poll: straight to the API, no wait for the session (the poll has its own deadline). */
export const fetchMembershipStatus = () => api.get<MembershipStatus>('/membership/status');

const CHECKOUT_MISSING_URL = 'Invalid checkout session response: missing URL';

/** Starts a checkout and answers the URL the browser goes to (spec 1 §8's messages on failure). */
export async function createCheckoutSession(planName: PaidPlan, billingPeriod: BillingPeriod, idempotencyKey?: string): Promise<string> {
  let url: unknown;
  try {
    ({ url } = await withMembershipAuth(session, () => api.post<{ url?: string }>('/membership/checkout', { planName, billingPeriod }, { idempotencyKey })));
  } catch (error) {
    throw new Error(`Failed to create checkout session: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof url !== 'string' || !url) throw new Error(CHECKOUT_MISSING_URL);
  return url;
}

/** Makes the previewed change: the preview's amount and date go back, so a preview that no longer holds is refused (409), never charged. */
export interface PlanChangeResult {
  plan: CurrentPlan;
  /** Cents. */
  amountCharged: number;
}
export const confirmPlanChange = ({ plan, billingCycle, amountDue, prorationDate }: PlanChangePreview, idempotencyKey: string): Promise<PlanChangeResult> =>
  withMembershipAuth(session, () => api.post<PlanChangeResult>('/membership/change-plan', { plan, billingCycle, amountDue, prorationDate }, { idempotencyKey }));

export const openBillingPortal = () => withMembershipAuth(session, () => api.post<{ url: string }>('/membership/portal'));
export const cancelSubscription = () => withMembershipAuth(session, () => api.post<CurrentPlan>('/membership/cancel'));

/** The tier order: only higher plans are offered as upgrades. */
const PLAN_ORDER: readonly PlanName[] = ['trial', 'premium', 'unlimited'];
export const planRank = (name: string): number => PLAN_ORDER.indexOf(name as PlanName);

export const isPaidPlan = (name: string | null | undefined): name is PaidPlan => name === 'premium' || name === 'unlimited';
export const isBillingPeriod = (value: string | null | undefined): value is BillingPeriod => value === 'monthly' || value === 'yearly';
