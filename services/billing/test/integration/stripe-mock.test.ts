import { describe, expect, inject, it } from 'vitest';
import Stripe from 'stripe';

const stack = inject('stack');

function stripeClient(): Stripe {
  const url = new URL(stack.stripe);
  return new Stripe('sk_test_kicksight', { host: url.hostname, port: Number(url.port), protocol: url.protocol.replace(':', '') as 'http' | 'https', maxNetworkRetries: 0 });
}

describe('stripe-node against stripe-mock', () => {
  it('creates a customer and a checkout session', async () => {
    const stripe = stripeClient();
    const customer = await stripe.customers.create({ email: 'ana@example.com', metadata: { userId: 'user-1' } });
    expect(customer.id).toMatch(/^cus_/);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_premium_monthly', quantity: 1 }],
      success_url: 'http://127.0.0.1:5173/admin/membership?checkout=success',
      cancel_url: 'http://127.0.0.1:5173/admin/membership?checkout=cancel',
    });
    expect(session.object).toBe('checkout.session');
  });

  it('rejects a request Stripe would reject', async () => {
    await expect(stripeClient().customers.create({ email: 'x', invalid_param: true } as Stripe.CustomerCreateParams)).rejects.toThrow();
  });

  it('verifies a signed webhook payload and refuses a tampered one', () => {
    const stripe = stripeClient();
    const secret = 'whsec_test_secret';
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(stripe.webhooks.constructEvent(payload, header, secret).type).toBe('invoice.paid');
    expect(() => stripe.webhooks.constructEvent(payload.replace('paid', 'free'), header, secret)).toThrow();
  });
});
