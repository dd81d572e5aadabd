import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { call, newUserId, startBilling, type BillingApp } from './billing-app.ts';

let billing: BillingApp;
const signer = new Stripe('sk_test_kicksight');
const SECRET = 'whsec_billing_test';

beforeAll(async () => {
  billing = await startBilling({ PAYMENT_GATEWAY: 'stripe', STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(() => billing?.close());

let sequence = 0;
/** A Stripe event as the webhook receives it, signed with the configured secret. */
function signedEvent(type: string, object: Record<string, unknown>, createdSeconds: number, id = `evt_${Date.now()}_${sequence++}`) {
  const payload = JSON.stringify({ id, object: 'event', type, created: createdSeconds, api_version: '2025-01-01', data: { object } });
  return { id, payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

const deliver = (event: { payload: string; header: string }) =>
  fetch(`${billing.url}/api/membership/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, body: event.payload });

const subscriptionObject = (userId: string, price: string, overrides: Record<string, unknown> = {}) => ({
  id: `sub_${userId.slice(0, 8)}`,
  object: 'subscription',
  customer: `cus_${userId.slice(0, 8)}`,
  status: 'active',
  cancel_at_period_end: false,
  metadata: { userId },
  items: { object: 'list', data: [{ id: `si_${userId.slice(0, 8)}`, price: { id: price }, current_period_start: 1795300000, current_period_end: 1797978400 }] },
  ...overrides,
});

const row = async (userId: string) =>
  (await billing.infra.pool!.query('SELECT tier, status, billing_period, cancel_at_period_end, gateway_subscription_id FROM subscriptions WHERE user_id = $1', [userId])).rows[0];

describe('Stripe checkout against stripe-mock', () => {
  it('creates a customer and a Checkout Session in subscription mode and returns its url', async () => {
    const userId = newUserId();
    const response = await call(billing.url, 'POST', '/api/membership/checkout', await billing.token({ id: userId }), { planName: 'premium', billingPeriod: 'yearly' });
    expect(response.status).toBe(200);
    expect(response.body.data.url).toMatch(/^https?:\/\//);
    expect(billing.stripeCalls.filter((c) => c.path === '/v1/customers').length).toBeGreaterThan(0);
    expect(billing.stripeCalls.some((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions')).toBe(true);
  });

  it('refuses a plan it does not sell', async () => {
    const response = await call(billing.url, 'POST', '/api/membership/checkout', await billing.token({ id: newUserId() }), { planName: 'trial' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please choose the Pro or Expert plan.');
  });
});

describe('Stripe webhooks', () => {
  it('refuses a forged signature with 400 and changes nothing', async () => {
    const userId = newUserId();
    const event = signedEvent('customer.subscription.created', subscriptionObject(userId, 'price_premium_monthly'), 1795300000);
    const forged = { ...event, header: event.header.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`) };
    const response = await deliver(forged);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(await row(userId)).toBeUndefined();
    const tampered = await deliver({ ...event, payload: event.payload.replace('price_premium_monthly', 'price_unlimited_monthly') });
    expect(tampered.status).toBe(400);
  });

  it('applies the same event delivered twice once', async () => {
    const userId = newUserId();
    const invoice = signedEvent('invoice.paid', { id: `in_${userId.slice(0, 8)}`, object: 'invoice', customer: 'cus_x', amount_paid: 999, amount_due: 999, currency: 'usd', hosted_invoice_url: 'https://pay.example/in', parent: { subscription_details: { metadata: { userId, plan: 'premium' } } } }, 1795300000);
    expect((await deliver(invoice)).status).toBe(200);
    const again = await deliver(invoice);
    expect(await again.json()).toMatchObject({ duplicate: true });
    const { rows } = await billing.infra.pool!.query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'payment.succeeded@1' AND message_key = $1`, [userId]);
    expect(rows[0].n).toBe(1);
    const history = await call(billing.url, 'GET', '/api/membership/billing-history', await billing.token({ id: userId }));
    expect(history.body.data).toEqual([{ id: expect.any(String), date: expect.any(String), description: 'Kicksight Pro membership', amount: 999, status: 'paid', invoiceUrl: 'https://pay.example/in', lines: [] }]);
  });

  it("keeps a prorated invoice's lines, the credit for unused time among them", async () => {
    const userId = newUserId();
    const lines = { object: 'list', data: [{ description: 'Unused time on Pro after 27 Nov 2026', amount: -9908 }, { description: '1 × Expert (at $19.99 / month)', amount: 1999 }] };
    const invoice = signedEvent('invoice.paid', { id: `in_${userId.slice(0, 8)}`, object: 'invoice', customer: 'cus_x', amount_paid: 0, amount_due: 0, currency: 'usd', lines, parent: { subscription_details: { metadata: { userId, plan: 'unlimited' } } } }, 1795300000);
    expect((await deliver(invoice)).status).toBe(200);
    const history = await call(billing.url, 'GET', '/api/membership/billing-history', await billing.token({ id: userId }));
    expect(history.body.data).toMatchObject([{ amount: 0, lines: lines.data }]);
  });

  it('ends in the right state when subscription.updated arrives before checkout.session.completed', async () => {
    const userId = newUserId();
    const updated = signedEvent('customer.subscription.updated', subscriptionObject(userId, 'price_unlimited_yearly', { cancel_at_period_end: true }), 1795300200);
    const completed = signedEvent(
      'checkout.session.completed',
      { id: 'cs_1', object: 'checkout.session', mode: 'subscription', customer: `cus_${userId.slice(0, 8)}`, subscription: `sub_${userId.slice(0, 8)}`, client_reference_id: userId, metadata: { userId, plan: 'premium', billingPeriod: 'monthly' } },
      1795300100,
    );
    expect((await deliver(updated)).status).toBe(200);
    expect((await deliver(completed)).status).toBe(200);
    expect(await row(userId)).toEqual({ tier: 'unlimited', status: 'active', billing_period: 'yearly', cancel_at_period_end: true, gateway_subscription_id: `sub_${userId.slice(0, 8)}` });
  });

  it('ends a deleted subscription and publishes subscription.canceled', async () => {
    const userId = newUserId();
    await deliver(signedEvent('customer.subscription.created', subscriptionObject(userId, 'price_premium_monthly'), 1795300000));
    await deliver(signedEvent('customer.subscription.deleted', subscriptionObject(userId, 'price_premium_monthly', { status: 'canceled' }), 1795300500));
    expect(await row(userId)).toMatchObject({ tier: 'trial', status: 'canceled' });
    const { rows } = await billing.infra.pool!.query(`SELECT type FROM outbox WHERE message_key = $1 ORDER BY seq`, [userId]);
    expect(rows.map((r) => r.type)).toEqual(['subscription.trial_started@1', 'subscription.started@1', 'subscription.canceled@1']);
  });
});

describe('plan changes', () => {
  it("previews the change with Stripe's prorated invoice, then updates the one subscription at the same proration date", async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    await deliver(signedEvent('customer.subscription.created', subscriptionObject(userId, 'price_premium_monthly'), 1795300000));
    expect((await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'unlimited', billingPeriod: 'monthly' })).body.code).toBe('PLAN_CHANGE_NEEDS_CONFIRMATION');

    const before = billing.stripeCalls.length;
    const preview = await call(billing.url, 'POST', '/api/membership/change-plan/preview', token, { plan: 'unlimited', billingCycle: 'monthly' });
    expect(preview.status).toBe(200);
    // stripe-mock answers its fixture invoice: the amounts shown are Stripe's, not computed here.
    expect(preview.body.data).toMatchObject({ plan: 'unlimited', billingCycle: 'monthly', amountDue: 1000, lines: [{ description: 'My First Invoice Item (created for API docs)', amount: 1000 }] });
    const previewCalls = billing.stripeCalls.slice(before);
    expect(previewCalls.map((c) => `${c.method} ${c.path}`)).toContain('POST /v1/invoices/create_preview');
    expect(previewCalls.some((c) => c.method === 'POST' && c.path.startsWith('/v1/subscriptions/'))).toBe(false);

    const { amountDue, prorationDate } = preview.body.data;
    const stale = await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'unlimited', billingCycle: 'monthly', amountDue: amountDue + 1, prorationDate });
    expect(stale.body.code).toBe('PLAN_CHANGE_STALE');
    expect(billing.stripeCalls.some((c) => c.method === 'POST' && c.path === `/v1/subscriptions/sub_${userId.slice(0, 8)}`)).toBe(false);

    const confirmed = await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'unlimited', billingCycle: 'monthly', amountDue, prorationDate });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.amountCharged).toBe(1000);
    const calls = billing.stripeCalls.slice(before);
    expect(calls.some((c) => c.path === '/v1/checkout/sessions')).toBe(false);
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/sub_${userId.slice(0, 8)}`)).toHaveLength(1);
    const { rows } = await billing.infra.pool!.query(`SELECT envelope->'data' AS data FROM outbox WHERE message_key = $1 AND type = 'subscription.plan_changed@1'`, [userId]);
    expect(rows[0].data).toMatchObject({ fromTier: 'premium', tier: 'unlimited', amountDue: 1000 });
    // Stripe confirms the change by webhook; the subscription id stays the same.
    await deliver(signedEvent('customer.subscription.updated', subscriptionObject(userId, 'price_unlimited_monthly'), 1795300300));
    expect(await row(userId)).toMatchObject({ tier: 'unlimited', gateway_subscription_id: `sub_${userId.slice(0, 8)}` });
  });

  it('cancels at the period end through Stripe', async () => {
    const userId = newUserId();
    await deliver(signedEvent('customer.subscription.created', subscriptionObject(userId, 'price_premium_monthly'), 1795300000));
    const response = await call(billing.url, 'POST', '/api/membership/cancel', await billing.token({ id: userId }));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ name: 'premium', status: 'cancelling', cancelAtPeriodEnd: true });
    expect(billing.stripeCalls.some((c) => c.method === 'POST' && c.path === `/v1/subscriptions/sub_${userId.slice(0, 8)}`)).toBe(true);
  });

  it('opens the Customer Portal for a customer', async () => {
    const userId = newUserId();
    await deliver(signedEvent('customer.subscription.created', subscriptionObject(userId, 'price_premium_monthly'), 1795300000));
    const response = await call(billing.url, 'POST', '/api/membership/portal', await billing.token({ id: userId }));
    expect(response.status).toBe(200);
    expect(response.body.data.url).toMatch(/^https?:\/\//);
  });
});
