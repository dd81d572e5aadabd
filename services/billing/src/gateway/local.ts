import { randomUUID } from 'node:crypto';
import { AppError, withTransaction, type Clock, type Pool, type PoolClient } from '@kicksight/platform';
import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import { subscriptions as store } from '../store/subscriptions.ts';
import { localCheckouts } from '../store/local-checkouts.ts';
import type { Subscriptions } from '../domain/subscriptions.ts';
import { periodEndFrom, planLabel, priceOf, renewalBill } from '../domain/proration.ts';
import { planChangeStale, publishPlanChanged, quotePlanChange } from '../domain/plan-change.ts';
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

  /** Starts a paid subscription from a paid checkout; a member already paid up changes plan through a confirmed change instead. */
  async function activate(client: PoolClient, userId: string, plan: PaidPlan, period: BillingPeriod, invoiceId: string) {
    const now = clock.now();
    const current = await store.get(client, userId, true);
    if (current && current.tier !== 'trial' && current.status === 'active' && current.currentPeriodEnd && current.currentPeriodEnd > now) {
      throw AppError.conflict('You already have a paid plan: change it from the upgrade page, where the amount is shown before you confirm.', 'ALREADY_SUBSCRIBED');
    }
    await subscriptions.applyPaidState(client, userId, {
      tier: plan,
      billingPeriod: period,
      status: 'active',
      periodStart: now,
      periodEnd: periodEndFrom(now, period),
      cancelAtPeriodEnd: false,
      gateway: 'local',
      customerId: localId(userId),
      gatewaySubscriptionId: localId(userId),
      at: now,
    });
    await recordPayment(client, { userId, gatewayInvoiceId: invoiceId, amountCents: priceOf(plan, period), plan, invoiceUrl: null, succeeded: true, at: now }, clock);
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

    previewChange: async (subscription, plan, period, at) => quotePlanChange(subscription, plan, period, at),

    async changePlan(subscription, quote) {
      await withTransaction(pool, async (client) => {
        const current = await store.get(client, subscription.userId, true);
        if (!current || (current.stateAt && current.stateAt > quote.at)) throw planChangeStale();
        const now = quotePlanChange(current, quote.plan, quote.period, quote.at);
        if (now.amountDue !== quote.amountDue || now.nextBillingAmount !== quote.nextBillingAmount) throw planChangeStale();
        await subscriptions.applyPaidState(client, current.userId, {
          ...paidStateOf(current),
          tier: quote.plan,
          billingPeriod: quote.period,
          periodStart: now.periodStart,
          periodEnd: now.periodEnd,
          cancelAtPeriodEnd: false,
          at: clock.now(),
        });
        await store.setCredit(client, current.userId, now.creditLeft);
        const description = `Change to ${planLabel(quote.plan, quote.period)}`;
        const invoiceId = `local-change-${randomUUID()}`;
        await recordPayment(client, { userId: current.userId, gatewayInvoiceId: invoiceId, amountCents: now.amountDue, plan: quote.plan, description, invoiceUrl: null, succeeded: true, at: clock.now(), lines: now.lines }, clock);
        await publishPlanChanged(client, current, now, clock);
      });
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
      await withTransaction(pool, async (client) => {
        const checkout = await localCheckouts.claim(client, checkoutId, clock.now());
        if (!checkout) throw AppError.conflict('This checkout is no longer open.', 'CHECKOUT_CLOSED');
        await activate(client, checkout.userId, checkout.plan, checkout.period, `local-${checkoutId}`);
      });
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
          const bill = renewalBill(state.tier, state.billingPeriod, current.creditCents);
          if (bill.creditLeft !== current.creditCents) await store.setCredit(client, userId, bill.creditLeft);
          await recordPayment(client, { userId, gatewayInvoiceId: invoiceId, amountCents: bill.amountDue, plan: state.tier, invoiceUrl: null, succeeded: true, at: start, lines: bill.lines }, clock);
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
