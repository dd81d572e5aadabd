import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { Pool } from '@kicksight/platform';
import { createStripeGateway } from './stripe.ts';
import { prorate } from '../domain/proration.ts';
import type { Subscription } from '../domain/subscription.ts';

const prices = { premium: { monthly: 'price_pm', yearly: 'price_py' }, unlimited: { monthly: 'price_um', yearly: 'price_uy' } };
const subscription = { userId: 'u1', tier: 'premium', billingPeriod: 'monthly', gatewaySubscriptionId: 'sub_1', customerId: 'cus_1' } as Subscription;
const quote = prorate({ from: { plan: 'premium', period: 'monthly', periodEnd: new Date('2026-12-01T00:00:00Z') }, to: { plan: 'unlimited', period: 'monthly' }, at: new Date('2026-11-16T00:00:00Z'), creditCents: 0 });

describe('Stripe plan change', () => {
  it('answers a declined card with 402 PAYMENT_FAILED, saying the plan has not changed', async () => {
    const declined = new Stripe.errors.StripeCardError({ type: 'card_error', message: 'Your card was declined.', code: 'card_declined' });
    const stripe = {
      subscriptions: {
        retrieve: async () => ({ items: { data: [{ id: 'si_1' }] } }),
        update: async () => {
          throw declined;
        },
      },
    } as unknown as Stripe;
    const gateway = createStripeGateway({ stripe, prices, pool: {} as Pool, clock: { now: () => new Date() } });
    await expect(gateway.changePlan(subscription, quote)).rejects.toMatchObject({ status: 402, code: 'PAYMENT_FAILED', message: 'Your payment did not go through: Your card was declined. Your plan has not changed.' });
  });
});
