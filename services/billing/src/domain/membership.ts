import { DAY_MS, PLANS, type BillingPeriod, type PaidPlan, type TrackedAction, type UsageStatus } from '@kicksight/contracts';
import { AppError, type Clock, type Pool } from '@kicksight/platform';
import { accounts, facts } from '../store/accounts.ts';
import { invoices } from '../store/invoices.ts';
import type { PaymentGateway } from '../gateway/gateway.ts';
import type { Metering, Role } from './metering.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Subscription } from './subscription.ts';


/** Actions `check/{action}` answers: the metered ones, collection size, and the paid features. */
export const CHECKABLE = ['search', 'product_view', 'collection_item', 'predictions', 'historical_sales', 'advanced_analytics', 'api_access'] as const;
export type Checkable = (typeof CHECKABLE)[number];

export interface Caller {
  id: string;
  role: Role;
  email: string;
  name: string;
}

/** What members see of their membership, and the checkout, portal and cancel actions. */
export function createMembership(deps: { pool: Pool; clock: Clock; subscriptions: Subscriptions; metering: Metering; gateway: PaymentGateway; webUrl: string }) {
  const { pool, clock, subscriptions, metering, gateway, webUrl } = deps;
  const returnUrl = (outcome: 'success' | 'cancel') => new URL(`/admin/membership?checkout=${outcome}`, webUrl).toString();

  const isPaid = (s: Subscription) => s.tier !== 'trial' && (s.status === 'active' || s.status === 'past_due');

  function currentPlanOf(s: Subscription) {
    const paid = isPaid(s);
    return {
      name: s.tier,
      status: paid ? (s.cancelAtPeriodEnd ? 'cancelling' : s.status) : s.status,
      amount: paid ? s.amountCents : 0,
      billingCycle: paid ? s.billingPeriod : null,
      nextBillingDate: paid && !s.cancelAtPeriodEnd ? (s.currentPeriodEnd?.toISOString() ?? null) : null,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    };
  }

  async function usage(caller: Caller): Promise<UsageStatus> {
    const now = clock.now();
    const [subscription, counts, items] = await Promise.all([subscriptions.current(caller.id), metering.usage(caller.id, caller.role), accounts.itemCount(pool, caller.id)]);
    const { entitlements } = counts;
    const { limits, expired } = entitlements;
    const below = (used: number, limit: number | null) => !expired && (limit === null || used < limit);
    const onTrial = entitlements.plan === 'trial' && subscription.tier === 'trial';
    return {
      tier: caller.role === 'admin' ? 'admin' : entitlements.plan,
      searchesUsed: counts.searches,
      searchesLimit: limits.searches,
      productViewsUsed: counts.productViews,
      productViewsLimit: limits.productViews,
      collectionItemsUsed: items,
      collectionItemsLimit: limits.collectionItems,
      searchResultsLimit: limits.searchResults,
      canPerformSearch: below(counts.searches, limits.searches),
      canViewProduct: below(counts.productViews, limits.productViews),
      canAddToCollection: below(items, limits.collectionItems),
      trialEndsAt: onTrial ? subscription.trialEndsAt.toISOString() : null,
      daysLeftInTrial: onTrial ? Math.max(0, Math.ceil((subscription.trialEndsAt.getTime() - now.getTime()) / DAY_MS)) : null,
      isTrialExpired: caller.role !== 'admin' && expired,
      periodEndsAt: entitlements.periodEndsAt?.toISOString() ?? null,
    };
  }

  return {
    usage,

    async status(caller: Caller) {
      const s = await subscriptions.current(caller.id);
      const tier = isPaid(s) ? s.tier : 'trial';
      return {
        plan: { name: tier, displayName: PLANS[tier].displayName },
        subscription: {
          tier: s.tier,
          status: s.status,
          billingPeriod: s.billingPeriod,
          trialEndsAt: s.tier === 'trial' ? s.trialEndsAt.toISOString() : null,
          currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          gateway: s.gateway,
        },
      };
    },

    currentPlan: async (caller: Caller) => currentPlanOf(await subscriptions.current(caller.id)),

    async billingHistory(caller: Caller) {
      return (await invoices.ofUser(pool, caller.id)).map((i) => ({
        id: i.id,
        date: i.createdAt.toISOString(),
        description: i.description,
        amount: i.amountCents,
        status: i.status,
        invoiceUrl: i.invoiceUrl,
      }));
    },

    /** A checkout for a new subscription, or a plan change of the existing one (never a second subscription). */
    async checkout(caller: Caller, plan: PaidPlan, period: BillingPeriod): Promise<{ url: string }> {
      if (caller.role === 'admin') throw AppError.conflict('Administrators already have every feature.', 'ADMIN_ACCOUNT');
      const subscription = await subscriptions.current(caller.id);
      const lapsed = !!subscription.currentPeriodEnd && subscription.currentPeriodEnd <= clock.now();
      if (isPaid(subscription) && !lapsed && subscription.gateway === gateway.kind) {
        if (subscription.tier === plan && subscription.billingPeriod === period && !subscription.cancelAtPeriodEnd) {
          throw AppError.conflict(`You're already on the ${PLANS[plan].displayName} plan.`, 'ALREADY_ON_PLAN');
        }
        await gateway.changePlan(subscription, plan, period);
        return { url: returnUrl('success') };
      }
      return gateway.createCheckout({ userId: caller.id, email: caller.email, name: caller.name, plan, period, successUrl: returnUrl('success'), cancelUrl: returnUrl('cancel'), subscription });
    },

    /** The billing portal's address; the local gateway's opens only in the browser holding `browserBinding`. */
    async portal(caller: Caller, browserBinding: string): Promise<{ url: string }> {
      const subscription = await subscriptions.current(caller.id);
      if (!subscription.gateway) throw AppError.conflict('There is no billing account yet. Choose a plan first.', 'NO_SUBSCRIPTION');
      return gateway.createPortal(subscription, new URL('/admin/membership', webUrl).toString(), browserBinding);
    },

    /** Cancels at the end of the period; access runs until then. */
    async cancel(caller: Caller) {
      const subscription = await subscriptions.current(caller.id);
      if (!isPaid(subscription)) throw AppError.conflict('There is no paid subscription to cancel.', 'NO_SUBSCRIPTION');
      if (!subscription.cancelAtPeriodEnd) await gateway.cancelAtPeriodEnd(subscription);
      const after = await subscriptions.current(caller.id);
      // A Stripe cancellation is confirmed by its webhook; show it as scheduled meanwhile.
      return currentPlanOf({ ...after, cancelAtPeriodEnd: true });
    },

    /** Whether an action is allowed now, without counting it. */
    async check(caller: Caller, action: Checkable) {
      const status = await usage(caller);
      const entitlements = await metering.entitlements(caller.id, caller.role);
      const metered = {
        search: [status.canPerformSearch, status.searchesUsed, status.searchesLimit],
        product_view: [status.canViewProduct, status.productViewsUsed, status.productViewsLimit],
        collection_item: [status.canAddToCollection, status.collectionItemsUsed, status.collectionItemsLimit],
      } as const;
      if (action in metered) {
        const [allowed, used, limit] = metered[action as keyof typeof metered];
        const reason = allowed ? null : status.isTrialExpired ? 'TRIAL_EXPIRED' : action === 'search' ? 'SEARCH_LIMIT' : action === 'product_view' ? 'PRODUCT_VIEW_LIMIT' : 'COLLECTION_LIMIT';
        return { action, allowed, reason, used, limit };
      }
      const feature = { predictions: 'predictions', historical_sales: 'historicalSales', advanced_analytics: 'advancedAnalytics', api_access: 'apiAccess' } as const;
      const allowed = entitlements.features[feature[action as keyof typeof feature]];
      return { action, allowed, reason: allowed ? null : 'PREMIUM_FEATURE', used: null, limit: null };
    },

    /** Records a client analytics event; never meters. */
    async track(caller: Caller, action: TrackedAction) {
      await facts.add(pool, { userId: caller.id, kind: 'track', detail: action, at: clock.now() });
    },
  };
}

export type Membership = ReturnType<typeof createMembership>;
