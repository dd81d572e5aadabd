import Stripe from 'stripe';
import { AppError, withTransaction, type Clock, type Pool } from '@kicksight/platform';
import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import { subscriptions } from '../store/subscriptions.ts';
import type { Subscription } from '../domain/subscription.ts';
import { publishPlanChanged } from '../domain/plan-change.ts';
import { periodEndFrom, planLabel, priceOf } from '../domain/proration.ts';
import type { CheckoutRequest, PaymentGateway } from './gateway.ts';

/** Stripe price ids per plan and period, from config. */
export type StripePrices = Record<PaidPlan, Record<BillingPeriod, string>>;

/** A change is invoiced at once, so the amount confirmed is the amount charged now. */
const PRORATION = 'always_invoice' as const;
const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

const unavailable = (err: unknown) => AppError.unavailable('Payments are unavailable right now. Please try again shortly.', err);

/** Stripe Checkout, the Customer Portal and subscription updates; state comes back through webhooks. */
export function createStripeGateway({ stripe, prices, pool, clock }: { stripe: Stripe; prices: StripePrices; pool: Pool; clock: Clock }): PaymentGateway {
  async function customerFor(request: CheckoutRequest): Promise<string> {
    if (request.subscription.customerId) return request.subscription.customerId;
    const customer = await stripe.customers.create({ email: request.email, name: request.name, metadata: { userId: request.userId } });
    await withTransaction(pool, async (client) => {
      const current = await subscriptions.get(client, request.userId, true);
      if (current && !current.customerId) await subscriptions.save(client, { ...current, customerId: customer.id }, new Date());
    });
    return customer.id;
  }

  async function itemOf(subscriptionId: string) {
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0];
    if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
    return item;
  }

  const requireSubscriptionId = (s: Subscription) => {
    if (!s.gatewaySubscriptionId) throw AppError.conflict('There is no paid subscription to change.', 'NO_SUBSCRIPTION');
    return s.gatewaySubscriptionId;
  };

  return {
    kind: 'stripe',
    async createCheckout(request) {
      try {
        const customer = await customerFor(request);
        const metadata = { userId: request.userId, plan: request.plan, billingPeriod: request.period };
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: request.userId,
          line_items: [{ price: prices[request.plan][request.period], quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          subscription_data: { metadata },
        });
        if (!session.url) throw new Error('Stripe returned a checkout session without a url');
        return { url: session.url };
      } catch (err) {
        throw err instanceof AppError ? err : unavailable(err);
      }
    },

    async previewChange(subscription, plan, period, at) {
      const id = requireSubscriptionId(subscription);
      try {
        const item = await itemOf(id);
        const preview = await stripe.invoices.createPreview({
          customer: subscription.customerId ?? undefined,
          subscription: id,
          subscription_details: { items: [{ id: item.id, price: prices[plan][period] }], proration_date: unixSeconds(at), proration_behavior: PRORATION },
        });
        const lines = preview.lines.data.map((line) => ({ description: line.description ?? planLabel(plan, period), amount: line.amount }));
        const creditLeft = Math.max(0, -(preview.ending_balance ?? 0));
        const periodEnd = subscription.billingPeriod === period && item.current_period_end ? new Date(item.current_period_end * 1000) : periodEndFrom(at, period);
        return {
          plan,
          period,
          at,
          lines,
          amountDue: preview.amount_due,
          creditLeft,
          periodStart: at,
          periodEnd,
          nextBillingDate: periodEnd,
          nextBillingAmount: Math.max(0, priceOf(plan, period) - creditLeft),
        };
      } catch (err) {
        throw err instanceof AppError ? err : unavailable(err);
      }
    },

    async changePlan(subscription, quote) {
      const id = requireSubscriptionId(subscription);
      try {
        const item = await itemOf(id);
        // The same proration date as the preview, so Stripe charges the amount the member confirmed; a
        // payment that does not go through leaves the plan as it was.
        await stripe.subscriptions.update(id, {
          items: [{ id: item.id, price: prices[quote.plan][quote.period] }],
          proration_behavior: PRORATION,
          proration_date: unixSeconds(quote.at),
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
          metadata: { userId: subscription.userId, plan: quote.plan, billingPeriod: quote.period },
        });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) throw new AppError(402, 'PAYMENT_FAILED', `Your payment did not go through: ${err.message} Your plan has not changed.`, { cause: err });
        throw err instanceof AppError ? err : unavailable(err);
      }
      await withTransaction(pool, (client) => publishPlanChanged(client, subscription, quote, clock));
    },

    async createPortal(subscription, returnUrl) {
      if (!subscription.customerId) throw AppError.conflict('There is no billing account yet. Choose a plan first.', 'NO_SUBSCRIPTION');
      try {
        const session = await stripe.billingPortal.sessions.create({ customer: subscription.customerId, return_url: returnUrl });
        return { url: session.url };
      } catch (err) {
        throw unavailable(err);
      }
    },

    async cancelAtPeriodEnd(subscription) {
      try {
        await stripe.subscriptions.update(requireSubscriptionId(subscription), { cancel_at_period_end: true });
      } catch (err) {
        throw err instanceof AppError ? err : unavailable(err);
      }
    },

    async cancelNow(subscription) {
      if (subscription.gatewaySubscriptionId) await stripe.subscriptions.cancel(subscription.gatewaySubscriptionId);
    },
  };
}
