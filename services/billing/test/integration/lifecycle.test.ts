import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventProducer, newEvent, systemClock, type EventProducer } from '@kicksight/platform';
import { testKafka, waitFor } from '@kicksight/testkit';
import { call, newUserId, payLocalCheckout, startBilling, type BillingApp } from './billing-app.ts';

let billing: BillingApp;
let producer: EventProducer;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  billing = await startBilling();
  producer = createEventProducer(testKafka(inject('stack').kafkaBrokers), { prefix: billing.prefix });
  await producer.connect();
});
afterAll(async () => {
  await producer?.disconnect();
  await billing?.close();
});

const outboxTypes = async (userId: string) =>
  (await billing.infra.pool!.query(`SELECT type FROM outbox WHERE message_key = $1 ORDER BY seq`, [userId])).rows.map((r) => r.type as string);

describe('trial', () => {
  it('starts when user.registered arrives, for 3 days, and a job expires it', async () => {
    const userId = newUserId();
    const createdAt = billing.clock.now().toISOString();
    await producer.send([{ key: userId, envelope: newEvent('user.registered@1', { userId, email: 'new@example.com', name: 'New', role: 'member', createdAt }, { clock: systemClock }) }]);
    await waitFor(async () => (await outboxTypes(userId)).includes('subscription.trial_started@1'), { message: 'trial_started' });
    const { rows } = await billing.infra.pool!.query(`SELECT envelope->'data'->>'trialEndsAt' AS ends FROM outbox WHERE message_key = $1`, [userId]);
    expect(Date.parse(rows[0].ends) - Date.parse(createdAt)).toBe(3 * DAY);

    const token = await billing.token({ id: userId });
    expect((await call(billing.url, 'GET', '/api/membership/usage', token)).body.data).toMatchObject({ daysLeftInTrial: 3, isTrialExpired: false, searchesLimit: 10, productViewsLimit: 5, collectionItemsLimit: 5 });

    const { createSubscriptions } = await import('../../src/domain/subscriptions.ts');
    const expired = await createSubscriptions({ pool: billing.infra.pool!, clock: billing.clock }).expireTrials(new Date(Date.parse(createdAt) + 3 * DAY + 1));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await outboxTypes(userId)).toContain('subscription.trial_expired@1');
    expect((await call(billing.url, 'GET', '/api/membership/status', token)).body.data.subscription.status).toBe('expired');
  });

  it('keeps the collection size from collection events', async () => {
    const userId = newUserId();
    const item = (itemCount: number) => newEvent('collection.item_added@1', { userId, itemId: `i${itemCount}`, sneakerId: 's1', size: 10, itemCount }, { clock: systemClock });
    await producer.send([{ key: userId, envelope: item(1) }, { key: userId, envelope: item(2) }]);
    const token = await billing.token({ id: userId });
    await waitFor(async () => (await call(billing.url, 'GET', '/api/membership/usage', token)).body.data.collectionItemsUsed === 2, { message: 'two items' });
  });
});

describe('local payments', () => {
  it('takes a member from checkout to premium, cancels at the period end and expires after it', async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    const checkout = await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium', billingPeriod: 'monthly' });
    expect(checkout.body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:5173\/api\/membership\/local\/checkout\/[0-9a-f-]+\?expires=\d+&signature=/);

    const page = await fetch(`${billing.url}${new URL(checkout.body.data.url).pathname}${new URL(checkout.body.data.url).search}`);
    const html = await page.text();
    expect(html).toContain('Local payment · no card is charged');
    expect(html).toContain('$9.99');

    const paid = await payLocalCheckout(billing.url, checkout.body.data.url);
    expect(paid.headers.get('location')).toBe('http://127.0.0.1:5173/admin/membership?checkout=success');
    expect((await payLocalCheckout(billing.url, checkout.body.data.url).catch((e: Error) => e)) instanceof Error).toBe(true);

    const status = await call(billing.url, 'GET', '/api/membership/status', token);
    expect(status.body.data.plan).toEqual({ name: 'premium', displayName: 'Pro' });
    const plan = await call(billing.url, 'GET', '/api/membership/current-plan', token);
    expect(plan.body.data).toMatchObject({ name: 'premium', status: 'active', amount: 999, billingCycle: 'monthly', cancelAtPeriodEnd: false });
    const history = await call(billing.url, 'GET', '/api/membership/billing-history', token);
    expect(history.body.data).toMatchObject([{ amount: 999, status: 'paid', description: 'Kicksight Pro membership' }]);
    expect(await outboxTypes(userId)).toEqual(['subscription.trial_started@1', 'subscription.started@1', 'payment.succeeded@1']);

    const cancelled = await call(billing.url, 'POST', '/api/membership/cancel', token);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true, nextBillingDate: null });
    const consume = (key: string) => billing.internal.post('/internal/usage/consume', { userId, role: 'member', action: 'search', key });
    await expect(consume('still-paid')).resolves.toMatchObject({ limit: null });

    billing.clock.advance(32 * DAY);
    try {
      await expect(consume('after-the-end')).rejects.toMatchObject({ status: 403, code: 'TRIAL_EXPIRED' });
    } finally {
      billing.clock.reset();
    }
  });

  it('changes plan on the same subscription with a prorated charge', async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    await payLocalCheckout(billing.url, (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium' })).body.data.url);
    const change = await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'unlimited', billingPeriod: 'monthly' });
    expect(change.body.data.url).toBe('http://127.0.0.1:5173/admin/membership?checkout=success');
    expect((await call(billing.url, 'GET', '/api/membership/status', token)).body.data.plan.name).toBe('unlimited');
    const history = (await call(billing.url, 'GET', '/api/membership/billing-history', token)).body.data;
    expect(history).toHaveLength(2);
    expect(history[0].amount).toBeGreaterThan(990);
    expect(history[0].amount).toBeLessThanOrEqual(1000);
    expect(await outboxTypes(userId)).toEqual(['subscription.trial_started@1', 'subscription.started@1', 'payment.succeeded@1', 'subscription.changed@1', 'payment.succeeded@1']);
    const same = await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'unlimited', billingPeriod: 'monthly' });
    expect(same.status).toBe(409);
  });

  it('refuses a tampered or expired payment link', async () => {
    const token = await billing.token({ id: newUserId() });
    const url = new URL((await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium' })).body.data.url);
    const tampered = await fetch(`${billing.url}${url.pathname}?expires=${url.searchParams.get('expires')}&signature=forged`);
    expect(tampered.status).toBe(403);
    billing.clock.advance(2 * 60 * 60 * 1000);
    try {
      expect((await fetch(`${billing.url}${url.pathname}${url.search}`)).status).toBe(403);
    } finally {
      billing.clock.reset();
    }
  });

  it("opens the portal, and cancels from it, only in the browser that asked for the link", async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    await payLocalCheckout(billing.url, (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium' })).body.data.url);
    const asked = await fetch(`${billing.url}/api/membership/portal`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(asked.status).toBe(200);
    const setCookie = asked.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^ks_portal=[\w-]{43}; Max-Age=3600; Path=\/api\/membership\/local\/portal; HttpOnly; SameSite=Strict$/);
    const browser = { cookie: setCookie.split(';')[0]! };
    const url = new URL(((await asked.json()) as { data: { url: string } }).data.url);
    const portal = `${billing.url}${url.pathname}${url.search}`;

    // Leaked to another browser, or forged without the cookie: nothing opens, nothing is cancelled.
    const elsewhere = { cookie: `ks_portal=${'x'.repeat(43)}` };
    for (const headers of [{}, elsewhere]) expect((await fetch(portal, { headers })).status).toBe(403);
    const mine = await fetch(portal, { headers: browser });
    expect(mine.status).toBe(200);
    const cancelAction = /<form method="post" action="([^"]+\/cancel\?[^"]+)"/.exec(await mine.text())![1]!.replaceAll('&amp;', '&');
    const cancel = `${billing.url}${new URL(cancelAction).pathname}${new URL(cancelAction).search}`;
    for (const headers of [{}, elsewhere]) expect((await fetch(cancel, { method: 'POST', headers, redirect: 'manual' })).status).toBe(403);
    expect((await call(billing.url, 'GET', '/api/membership/current-plan', token)).body.data.cancelAtPeriodEnd).toBe(false);

    const cancelled = await fetch(cancel, { method: 'POST', headers: browser, redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect((await call(billing.url, 'GET', '/api/membership/current-plan', token)).body.data.cancelAtPeriodEnd).toBe(true);
    // The portal it returns to opens in the same browser.
    const back = new URL(cancelled.headers.get('location')!);
    expect((await fetch(`${billing.url}${back.pathname}${back.search}`, { headers: browser })).status).toBe(200);
  });
});

describe('checks and tracking', () => {
  it('answers permission checks without counting', async () => {
    const token = await billing.token({ id: newUserId() });
    const search = await call(billing.url, 'GET', '/api/membership/check/search', token);
    expect(search.body.data).toEqual({ action: 'search', allowed: true, reason: null, used: 0, limit: 10 });
    expect((await call(billing.url, 'GET', '/api/membership/check/predictions', token)).body.data).toMatchObject({ allowed: false, reason: 'PREMIUM_FEATURE' });
    expect((await call(billing.url, 'GET', '/api/membership/check/fly', token)).status).toBe(400);
    expect((await call(billing.url, 'GET', '/api/membership/usage', token)).body.data.searchesUsed).toBe(0);
  });

  it('records client events without metering', async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    expect((await call(billing.url, 'POST', '/api/membership/track', token, { action: 'begin_checkout', metadata: { plan: 'premium' } })).status).toBe(202);
    expect((await call(billing.url, 'POST', '/api/membership/track', token, { action: '' })).status).toBe(400);
    for (const invented of ['000000', 'Ul.us.DEd4', 'view_item ']) {
      const refused = await call(billing.url, 'POST', '/api/membership/track', token, { action: invented });
      expect(refused.status, invented).toBe(400);
      expect(refused.body.message, invented).toMatch(/^action must be one of page_view, view_item, /);
    }
    const { rows } = await billing.infra.pool!.query(`SELECT count(*)::int AS n FROM usage_ledger WHERE user_id = $1`, [userId]);
    expect(rows[0].n).toBe(0);
  });

  it('serves the plans without a token', async () => {
    const plans = (await call(billing.url, 'GET', '/api/membership/plans')).body.data;
    expect(plans.map((p: { name: string; price: number; yearlyPrice: number; popular: boolean }) => [p.name, p.price, p.yearlyPrice, p.popular])).toEqual([
      ['trial', 0, 0, false],
      ['premium', 999, 9990, true],
      ['unlimited', 1999, 19990, false],
    ]);
    expect(plans[1]).toMatchObject({ stripePriceId: 'price_premium_monthly', limits: { searches: null, productViews: 250, searchResults: 60, collectionItems: 20 } });
  });
});

describe('account deletion', () => {
  it('cancels the subscription and erases billing data, keeping anonymous invoices', async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    await payLocalCheckout(billing.url, (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium' })).body.data.url);
    await billing.internal.post('/internal/usage/consume', { userId, role: 'member', action: 'search', key: 'q' });
    await producer.send([{ key: userId, envelope: newEvent('user.deleted@1', { userId }, { clock: systemClock }) }]);
    const pool = billing.infra.pool!;
    await waitFor(async () => (await pool.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [userId])).rowCount === 0, { message: 'erased' });
    expect((await pool.query('SELECT 1 FROM usage_ledger WHERE user_id = $1', [userId])).rowCount).toBe(0);
    expect((await pool.query(`SELECT 1 FROM invoices WHERE user_id IS NULL AND amount_cents = 999`)).rowCount).toBeGreaterThan(0);
    expect(await outboxTypes(userId)).toContain('subscription.canceled@1');
  });
});
