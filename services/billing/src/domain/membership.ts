import { DAY_MS, PLANS, type BillingPeriod, type CheckableAction, type PaidPlan, type PlanChangePreview, type TrackedAction, type UsageStatus } from '@kicksight/contracts';
import { AppError, type Clock, type Pool } from '@kicksight/platform';
import { accounts, facts } from '../store/accounts.ts';
import { invoices } from '../store/invoices.ts';
import type { PaymentGateway } from '../gateway/gateway.ts';
import type { Metering, Role } from './metering.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Subscription } from './subscription.ts';
import { planChangeStale } from './plan-change.ts';
import type { PlanChangeQuote } from './proration.ts';

/** How long a plan change's preview may be confirmed. */
export const PLAN_CHANGE_PREVIEW_TTL_MS = 10 * 60_000;
/** How far ahead of this clock a preview's moment may be (another replica's clock). */
const CLOCK_SKEW_MS = 60_000;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;



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
      periodEnd: paid ? (s.currentPeriodEnd?.toISOString() ?? null) : null,
    };
  }

  /** A member's subscription, for buying or changing a plan (administrators have every feature and buy none). */
  async function subscriptionToBuyFor(caller: Caller): Promise<Subscription> {
    if (caller.role === 'admin') throw AppError.conflict('Administrators already have every feature.', 'ADMIN_ACCOUNT');
    return subscriptions.current(caller.id);
  }

  /** A paid subscription still in its period and held with this gateway: the one a plan change updates. */
  const isActivePaid = (subscription: Subscription): boolean =>
    isPaid(subscription) && !(subscription.currentPeriodEnd && subscription.currentPeriodEnd <= clock.now()) && subscription.gateway === gateway.kind;

  /** The paid subscription a member may change to `plan` and `period` with this gateway. */
  async function changeable(caller: Caller, plan: PaidPlan, period: BillingPeriod): Promise<Subscription> {
    const subscription = await subscriptionToBuyFor(caller);
    if (!isActivePaid(subscription)) throw AppError.conflict('There is no paid subscription to change. Choose a plan first.', 'NO_SUBSCRIPTION');
    // The same plan and cycle is no change, unless it keeps a subscription that was cancelled (it then renews again).
    if (subscription.tier === plan && subscription.billingPeriod === period && !subscription.cancelAtPeriodEnd) {
      throw AppError.conflict(`You're already on the ${PLANS[plan].displayName} plan.`, 'ALREADY_ON_PLAN');
    }
    return subscription;
  }

  const previewOf = (quote: PlanChangeQuote): PlanChangePreview => ({
    plan: quote.plan,
    billingCycle: quote.period,
    amountDue: quote.amountDue,
    lines: quote.lines,
    nextBillingDate: quote.nextBillingDate.toISOString(),
    nextBillingAmount: quote.nextBillingAmount,
    prorationDate: quote.at.toISOString(),
  });

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
        lines: i.lines,
      }));
    },

    /** What changing to `plan` and `period` would cost now, line by line, and the next bill; charges nothing. */
    async previewPlanChange(caller: Caller, plan: PaidPlan, period: BillingPeriod): Promise<PlanChangePreview> {
      const subscription = await changeable(caller, plan, period);
      return previewOf(await gateway.previewChange(subscription, plan, period, clock.now()));
    },

    /**
     * Makes the change a member confirmed: prorated as of the preview's moment, and only while the preview
     * holds (the amount it showed is the amount charged); else 409 and nothing is charged.
     */
    async confirmPlanChange(caller: Caller, change: { plan: PaidPlan; billingCycle: BillingPeriod; amountDue: number; prorationDate: string }) {
      const at = new Date(change.prorationDate);
      const age = clock.now().getTime() - at.getTime();
      if (age > PLAN_CHANGE_PREVIEW_TTL_MS || age < -CLOCK_SKEW_MS) {
        throw AppError.conflict('This price was shown more than 10 minutes ago. Review the amount again before confirming.', 'PLAN_CHANGE_EXPIRED');
      }
      const subscription = await changeable(caller, change.plan, change.billingCycle);
      if (subscription.stateAt && subscription.stateAt > at) throw planChangeStale();
      const quote = await gateway.previewChange(subscription, change.plan, change.billingCycle, at);
      if (quote.amountDue !== change.amountDue) throw planChangeStale(`The amount due is now ${money(quote.amountDue)}, not ${money(change.amountDue)}. Review it before confirming.`);
      await gateway.changePlan(subscription, quote);
      return { plan: currentPlanOf(await subscriptions.current(caller.id)), amountCharged: quote.amountDue };
    },

    /** A checkout for a new subscription; a paid member changes plan through a previewed, confirmed change instead. */
    async checkout(caller: Caller, plan: PaidPlan, period: BillingPeriod): Promise<{ url: string }> {
      const subscription = await subscriptionToBuyFor(caller);
      if (isActivePaid(subscription)) {
        throw AppError.conflict('You already have a paid plan: preview the change and confirm its amount.', 'PLAN_CHANGE_NEEDS_CONFIRMATION');
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
    async check(caller: Caller, action: CheckableAction) {
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
