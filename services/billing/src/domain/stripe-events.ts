import type Stripe from 'stripe';
import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import { withTransaction, type Clock, type Pool, type PoolClient } from '@kicksight/platform';
import { subscriptions as store } from '../store/subscriptions.ts';
import { gatewayEvents } from '../store/gateway-events.ts';
import { periodEndFrom, type Subscriptions } from './subscriptions.ts';
import { recordPayment } from './payments.ts';
import type { StripePrices } from '../gateway/stripe.ts';

const PAID_PLANS: PaidPlan[] = ['premium', 'unlimited'];
const isPaidPlan = (value: unknown): value is PaidPlan => PAID_PLANS.includes(value as PaidPlan);

/** The plan and period of a Stripe price id, from config; the metadata set at checkout is the fallback. */
export function planOfPrice(prices: StripePrices, priceId: string | undefined, metadata: Stripe.Metadata | null | undefined): { plan: PaidPlan; period: BillingPeriod } | undefined {
  for (const plan of PAID_PLANS) {
    for (const period of ['monthly', 'yearly'] as const) if (prices[plan][period] === priceId) return { plan, period };
  }
  const plan = metadata?.plan;
  const period = metadata?.billingPeriod === 'yearly' ? 'yearly' : 'monthly';
  return isPaidPlan(plan) ? { plan, period } : undefined;
}

const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : undefined);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/**
 * Applies Stripe's webhook events: each event once (its id is recorded with its effect), and in any
 * order (a subscription's state carries its event time; an older state never overwrites a newer one).
 */
export function createStripeEvents({ pool, clock, subscriptions, prices }: { pool: Pool; clock: Clock; subscriptions: Subscriptions; prices: StripePrices }) {
  async function userOf(client: PoolClient, metadata: Stripe.Metadata | null | undefined, customer: string | undefined): Promise<string | undefined> {
    if (metadata?.userId) return metadata.userId;
    return customer ? (await store.byCustomer(client, customer))?.userId : undefined;
  }

  async function applySubscription(client: PoolClient, sub: Stripe.Subscription, at: Date, deleted: boolean) {
    const userId = await userOf(client, sub.metadata, idOf(sub.customer));
    if (!userId) return;
    if (deleted || sub.status === 'canceled' || sub.status === 'incomplete_expired' || sub.status === 'unpaid') {
      await subscriptions.end(client, userId, at);
      return;
    }
    if (sub.status !== 'active' && sub.status !== 'trialing' && sub.status !== 'past_due') return;
    const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
    const plan = planOfPrice(prices, item?.price?.id, sub.metadata);
    if (!plan) return;
    const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
    const periodStart = seconds(item?.current_period_start ?? legacy.current_period_start) ?? at;
    await subscriptions.applyPaidState(client, userId, {
      tier: plan.plan,
      billingPeriod: plan.period,
      status: sub.status === 'past_due' ? 'past_due' : 'active',
      periodStart,
      periodEnd: seconds(item?.current_period_end ?? legacy.current_period_end) ?? periodEndFrom(periodStart, plan.period),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      gateway: 'stripe',
      customerId: idOf(sub.customer) ?? null,
      gatewaySubscriptionId: sub.id,
      at,
    });
  }

  async function applyCheckout(client: PoolClient, session: Stripe.Checkout.Session, at: Date) {
    if (session.mode !== 'subscription') return;
    const userId = session.metadata?.userId ?? session.client_reference_id ?? undefined;
    const plan = planOfPrice(prices, undefined, session.metadata);
    if (!userId || !plan) return;
    await subscriptions.applyPaidState(client, userId, {
      tier: plan.plan,
      billingPeriod: plan.period,
      status: 'active',
      periodStart: at,
      periodEnd: periodEndFrom(at, plan.period),
      cancelAtPeriodEnd: false,
      gateway: 'stripe',
      customerId: idOf(session.customer) ?? null,
      gatewaySubscriptionId: idOf(session.subscription) ?? null,
      at,
    });
  }

  async function applyInvoice(client: PoolClient, invoice: Stripe.Invoice, at: Date, succeeded: boolean) {
    const details = (invoice as unknown as { parent?: { subscription_details?: { metadata?: Stripe.Metadata } }; subscription_details?: { metadata?: Stripe.Metadata } });
    const metadata = details.parent?.subscription_details?.metadata ?? details.subscription_details?.metadata;
    const userId = await userOf(client, metadata, idOf(invoice.customer));
    if (!userId || !invoice.id) return;
    const plan = planOfPrice(prices, undefined, metadata)?.plan ?? null;
    // A prorated invoice (a plan change) has several lines: the credit for unused time and the new plan.
    const lines = (invoice.lines?.data ?? []).map((line) => ({ description: line.description ?? '', amount: line.amount }));
    await recordPayment(
      client,
      {
        userId,
        gatewayInvoiceId: invoice.id,
        amountCents: succeeded ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency,
        plan,
        invoiceUrl: invoice.hosted_invoice_url ?? null,
        succeeded,
        at,
        lines: lines.length > 1 ? lines : [],
      },
      clock,
    );
  }

  return {
    /** Applies one verified event; false when it had been applied before. */
    async apply(event: Stripe.Event): Promise<boolean> {
      return withTransaction(pool, async (client) => {
        if (!(await gatewayEvents.record(client, event.id, event.type, clock.now()))) return false;
        const at = new Date(event.created * 1000);
        switch (event.type) {
          case 'checkout.session.completed':
            await applyCheckout(client, event.data.object, at);
            break;
          case 'customer.subscription.created':
          case 'customer.subscription.updated':
            await applySubscription(client, event.data.object, at, false);
            break;
          case 'customer.subscription.deleted':
            await applySubscription(client, event.data.object, at, true);
            break;
          case 'invoice.paid':
            await applyInvoice(client, event.data.object, at, true);
            break;
          case 'invoice.payment_failed':
            await applyInvoice(client, event.data.object, at, false);
            break;
          default:
            break;
        }
        return true;
      });
    },
  };
}
