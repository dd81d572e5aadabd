import { randomUUID } from 'node:crypto';
import { AppError, withTransaction, type Clock, type Pool } from '@kicksight/platform';
import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import { subscriptions as store } from '../store/subscriptions.ts';
import { localCheckouts } from '../store/local-checkouts.ts';
import { periodEndFrom, priceOf, type Subscriptions } from '../domain/subscriptions.ts';
import { recordPayment } from '../domain/payments.ts';
import type { SignedLinks } from '../domain/signed-links.ts';
import type { Subscription } from '../domain/subscription.ts';
import type { PaymentGateway } from './gateway.ts';

const CHECKOUT_TTL_MS = 60 * 60 * 1000;

/**
 * Payments kept in billing's own database: a local checkout page, local invoices, portal and
 * cancellation. No card is charged; it lets the whole journey run with no payment provider.
 */
export function createLocalGateway({ pool, clock, subscriptions, links }: { pool: Pool; clock: Clock; subscriptions: Subscriptions; links: SignedLinks }) {
  const localId = (userId: string) => `local-${userId}`;

  async function activate(userId: string, plan: PaidPlan, period: BillingPeriod, invoiceId: string) {
    await withTransaction(pool, async (client) => {
      const now = clock.now();
      const current = await store.get(client, userId, true);
      const keepsPeriod = current && current.tier !== 'trial' && current.status === 'active' && current.billingPeriod === period && current.currentPeriodEnd && current.currentPeriodEnd > now;
      const periodEnd = keepsPeriod ? current.currentPeriodEnd! : periodEndFrom(now, period);
      const charge = keepsPeriod ? prorated(current, plan, period, now) : priceOf(plan, period);
      await subscriptions.applyPaidState(client, userId, {
        tier: plan,
        billingPeriod: period,
        status: 'active',
        periodStart: now,
        periodEnd,
        cancelAtPeriodEnd: false,
        gateway: 'local',
        customerId: localId(userId),
        gatewaySubscriptionId: localId(userId),
        at: now,
      });
      if (charge > 0) await recordPayment(client, { userId, gatewayInvoiceId: invoiceId, amountCents: charge, plan, invoiceUrl: null, succeeded: true, at: now }, clock);
    });
  }

  const gateway: PaymentGateway & {
    pay(checkoutId: string): Promise<void>;
    abandon(checkoutId: string): Promise<void>;
    checkout(checkoutId: string): ReturnType<typeof localCheckouts.get>;
    renewDue(now?: Date): Promise<number>;
  } = {
    kind: 'local',

    async createCheckout(request) {
      const id = randomUUID();
      const now = clock.now();
      await localCheckouts.insert(pool, { id, userId: request.userId, plan: request.plan, period: request.period, now, expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS) });
      return { url: links.url(`/membership/local/checkout/${id}`) };
    },

    async changePlan(subscription, plan, period) {
      await activate(subscription.userId, plan, period, `local-change-${randomUUID()}`);
    },

    async createPortal(subscription, _returnUrl, browserBinding) {
      return { url: links.url(`/membership/local/portal/${subscription.userId}`, browserBinding) };
    },

    async cancelAtPeriodEnd(subscription) {
      await withTransaction(pool, async (client) => {
        const current = await store.get(client, subscription.userId, true);
        if (!current?.billingPeriod || current.tier === 'trial' || !current.currentPeriodEnd) throw AppError.conflict('There is no paid subscription to cancel.', 'NO_SUBSCRIPTION');
        await subscriptions.applyPaidState(client, current.userId, { ...paidStateOf(current), cancelAtPeriodEnd: true, at: clock.now() });
      });
    },

    async cancelNow(subscription) {
      await withTransaction(pool, (client) => subscriptions.end(client, subscription.userId, clock.now()));
    },

    checkout: (checkoutId) => localCheckouts.get(pool, checkoutId),

    /** Pays an open checkout: the subscription starts, with its invoice. */
    async pay(checkoutId) {
      const checkout = await localCheckouts.claim(pool, checkoutId, clock.now());
      if (!checkout) throw AppError.conflict('This checkout is no longer open.', 'CHECKOUT_CLOSED');
      await activate(checkout.userId, checkout.plan, checkout.period, `local-${checkoutId}`);
    },

    abandon: (checkoutId) => localCheckouts.cancel(pool, checkoutId),

    /** Ends cancelled subscriptions and renews the others at their period end (a scheduled job). */
    async renewDue(now = clock.now()) {
      return withTransaction(pool, async (client) => {
        const due = await store.dueLocalPeriods(client, now);
        for (const userId of due) {
          const current = (await store.get(client, userId))!;
          if (current.cancelAtPeriodEnd) {
            await subscriptions.end(client, userId, current.currentPeriodEnd!);
            continue;
          }
          const start = current.currentPeriodEnd!;
          const state = { ...paidStateOf(current), periodStart: start, periodEnd: periodEndFrom(start, current.billingPeriod!), at: start };
          await subscriptions.applyPaidState(client, userId, state);
          const invoiceId = `local-renewal-${userId}-${start.getTime()}`;
          await recordPayment(client, { userId, gatewayInvoiceId: invoiceId, amountCents: priceOf(state.tier, state.billingPeriod), plan: state.tier, invoiceUrl: null, succeeded: true, at: start }, clock);
        }
        return due.length;
      });
    },
  };
  return gateway;
}

export type LocalGateway = ReturnType<typeof createLocalGateway>;

function paidStateOf(s: Subscription) {
  return {
    tier: s.tier as PaidPlan,
    billingPeriod: s.billingPeriod!,
    status: 'active' as const,
    periodStart: s.periodAnchor ?? s.currentPeriodEnd!,
    periodEnd: s.currentPeriodEnd!,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    gateway: 'local' as const,
    customerId: s.customerId,
    gatewaySubscriptionId: s.gatewaySubscriptionId,
  };
}

/** The difference of two plans' prices for the rest of the period. */
function prorated(current: Subscription, plan: PaidPlan, period: BillingPeriod, now: Date): number {
  const end = current.currentPeriodEnd!.getTime();
  const start = end - (periodEndFrom(now, period).getTime() - now.getTime());
  const remaining = Math.max(0, Math.min(1, (end - now.getTime()) / (end - start)));
  return Math.max(0, Math.round((priceOf(plan, period) - current.amountCents) * remaining));
}
