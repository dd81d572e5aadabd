import type Stripe from 'stripe';
import { AppError, withTransaction, type Pool } from '@kicksight/platform';
import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import { subscriptions } from '../store/subscriptions.ts';
import type { Subscription } from '../domain/subscription.ts';
import type { CheckoutRequest, PaymentGateway } from './gateway.ts';

/** Stripe price ids per plan and period, from config. */
export type StripePrices = Record<PaidPlan, Record<BillingPeriod, string>>;

const unavailable = (err: unknown) => AppError.unavailable('Payments are unavailable right now. Please try again shortly.', err);

/** Stripe Checkout, the Customer Portal and subscription updates; state comes back through webhooks. */
export function createStripeGateway({ stripe, prices, pool }: { stripe: Stripe; prices: StripePrices; pool: Pool }): PaymentGateway {
  async function customerFor(request: CheckoutRequest): Promise<string> {
    if (request.subscription.customerId) return request.subscription.customerId;
    const customer = await stripe.customers.create({ email: request.email, name: request.name, metadata: { userId: request.userId } });
    await withTransaction(pool, async (client) => {
      const current = await subscriptions.get(client, request.userId, true);
      if (current && !current.customerId) await subscriptions.save(client, { ...current, customerId: customer.id }, new Date());
    });
    return customer.id;
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

    async changePlan(subscription, plan, period) {
      const id = requireSubscriptionId(subscription);
      try {
        const current = await stripe.subscriptions.retrieve(id);
        const item = current.items.data[0];
        if (!item) throw new Error(`subscription ${id} has no item`);
        await stripe.subscriptions.update(id, {
          items: [{ id: item.id, price: prices[plan][period] }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
          metadata: { userId: subscription.userId, plan, billingPeriod: period },
        });
      } catch (err) {
        throw unavailable(err);
      }
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
