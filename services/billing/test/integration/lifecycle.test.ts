import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventProducer, newEvent, systemClock, type EventProducer } from '@kicksight/platform';
import { payLocalCheckout, testKafka, waitFor } from '@kicksight/testkit';
import { call, newUserId, startBilling, type BillingApp } from './billing-app.ts';

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

    // A sold pair leaves the count, and comes back when its sale is undone.
    const sale = { userId, itemId: 'i2', saleId: newUserId(), sneakerId: 's1', size: 10, platform: 'ebay' as const, soldAt: '2026-03-01', salePrice: 30_000, netProceeds: 27_600, realisedGain: 6_100 };
    await producer.send([{ key: userId, envelope: newEvent('collection.item_sold@2', { ...sale, itemCount: 1 }, { clock: systemClock }) }]);
    await waitFor(async () => (await call(billing.url, 'GET', '/api/membership/usage', token)).body.data.collectionItemsUsed === 1, { message: 'one item after the sale' });
    expect((await call(billing.url, 'GET', '/api/membership/usage', token)).body.data.canAddToCollection).toBe(true);
    await producer.send([{ key: userId, envelope: newEvent('collection.sale_undone@2', { ...sale, itemCount: 2 }, { clock: systemClock }) }]);
    await waitFor(async () => (await call(billing.url, 'GET', '/api/membership/usage', token)).body.data.collectionItemsUsed === 2, { message: 'two items after the undo' });
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
    expect(cancelled.body.data).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true, nextBillingDate: null, periodEnd: plan.body.data.nextBillingDate });
    expect((await outboxTypes(userId)).slice(-2)).toEqual(['subscription.changed@1', 'subscription.cancel_scheduled@1']);
    const { rows } = await billing.infra.pool!.query(`SELECT envelope->'data' AS data FROM outbox WHERE message_key = $1 AND type = 'subscription.cancel_scheduled@1'`, [userId]);
    expect(rows[0].data).toEqual({ userId, tier: 'premium', accessUntil: plan.body.data.nextBillingDate });
    const consume = (key: string) => billing.internal.post('/internal/usage/consume', { userId, role: 'member', action: 'search', key });
    await expect(consume('still-paid')).resolves.toMatchObject({ limit: null });

    billing.clock.advance(32 * DAY);
    try {
      await expect(consume('after-the-end')).rejects.toMatchObject({ status: 403, code: 'TRIAL_EXPIRED' });
    } finally {
      billing.clock.reset();
    }
  });

  it('previews a change from yearly Pro to monthly Expert, charges nothing until it is confirmed, then $19.99 less the unused year', async () => {
    const userId = newUserId();
    let token = await billing.token({ id: userId });
    await payLocalCheckout(billing.url, (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium', billingPeriod: 'yearly' })).body.data.url);
    const paidPlan = (await call(billing.url, 'GET', '/api/membership/current-plan', token)).body.data;
    expect(paidPlan).toMatchObject({ name: 'premium', amount: 9990, billingCycle: 'yearly' });
    const yearEnd = Date.parse(paidPlan.nextBillingDate);
    const history = async () => (await call(billing.url, 'GET', '/api/membership/billing-history', token)).body.data;
    expect(await history()).toMatchObject([{ amount: 9990 }]);

    // A paid member's checkout no longer changes the plan (and charges) at once.
    const direct = await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'unlimited', billingPeriod: 'monthly' });
    expect(direct.status).toBe(409);
    expect(direct.body.code).toBe('PLAN_CHANGE_NEEDS_CONFIRMATION');

    billing.clock.advance(335 * DAY);
    try {
      token = await billing.token({ id: userId });
      const preview = await call(billing.url, 'POST', '/api/membership/change-plan/preview', token, { plan: 'unlimited', billingCycle: 'monthly' });
      expect(preview.status).toBe(200);
      const { lines, amountDue, prorationDate, nextBillingDate, nextBillingAmount } = preview.body.data;
      const at = Date.parse(prorationDate);
      const yearStart = Date.parse(new Date(new Date(yearEnd).setUTCFullYear(new Date(yearEnd).getUTCFullYear() - 1)).toISOString());
      const credit = Math.round((9990 * (yearEnd - at)) / (yearEnd - yearStart));
      expect(credit).toBeGreaterThan(700);
      expect(lines).toEqual([
        { description: expect.stringMatching(/^Unused time on Pro \(yearly\) after /), amount: -credit },
        { description: expect.stringMatching(/^Expert \(monthly\) from /), amount: 1999 },
      ]);
      expect(amountDue).toBe(1999 - credit);
      expect(nextBillingAmount).toBe(1999);
      expect(Date.parse(nextBillingDate)).toBe(new Date(new Date(at).setUTCMonth(new Date(at).getUTCMonth() + 1)).getTime());
      // The preview charged nothing and changed nothing.
      expect(await history()).toHaveLength(1);
      expect((await call(billing.url, 'GET', '/api/membership/status', token)).body.data.plan.name).toBe('premium');

      const stale = await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'unlimited', billingCycle: 'monthly', amountDue: amountDue + 100, prorationDate });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'PLAN_CHANGE_STALE', message: expect.stringContaining(`$${(amountDue / 100).toFixed(2)}`) });
      const old = new Date(at - 11 * 60_000).toISOString();
      expect((await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'unlimited', billingCycle: 'monthly', amountDue, prorationDate: old })).body.code).toBe('PLAN_CHANGE_EXPIRED');
      expect((await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'unlimited', billingCycle: 'monthly' })).status).toBe(400);
      expect(await history()).toHaveLength(1);

      const confirmed = await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'unlimited', billingCycle: 'monthly', amountDue, prorationDate });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data).toMatchObject({ amountCharged: amountDue, plan: { name: 'unlimited', amount: 1999, billingCycle: 'monthly', nextBillingDate } });
      const [change, first] = await history();
      expect(change).toMatchObject({ amount: 1999 - credit, status: 'paid', description: 'Change to Expert (monthly)', lines });
      expect(first).toMatchObject({ amount: 9990, lines: [] });

      expect((await outboxTypes(userId)).slice(-3)).toEqual(['subscription.changed@1', 'payment.succeeded@1', 'subscription.plan_changed@1']);
      const { rows } = await billing.infra.pool!.query(`SELECT envelope->'data' AS data FROM outbox WHERE message_key = $1 AND type = 'subscription.plan_changed@1'`, [userId]);
      expect(rows[0].data).toEqual({ userId, fromTier: 'premium', fromBillingCycle: 'yearly', tier: 'unlimited', billingCycle: 'monthly', amountDue, lines, nextBillingDate, nextBillingAmount: 1999 });

      const again = await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'unlimited', billingCycle: 'monthly', amountDue, prorationDate });
      expect(again.body.code).toBe('ALREADY_ON_PLAN');
    } finally {
      billing.clock.reset();
    }
  });

  it('keeps a credit larger than the new charge for the next bills', async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    await payLocalCheckout(billing.url, (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium', billingPeriod: 'yearly' })).body.data.url);
    const preview = (await call(billing.url, 'POST', '/api/membership/change-plan/preview', token, { plan: 'unlimited', billingCycle: 'monthly' })).body.data;
    expect(preview.lines[0].amount).toBeLessThan(-9900);
    expect(preview).toMatchObject({ amountDue: 0, nextBillingAmount: 0 });
    const { plan, billingCycle, amountDue, prorationDate } = preview;
    expect((await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan, billingCycle, amountDue, prorationDate })).status).toBe(200);
    const { rows } = await billing.infra.pool!.query('SELECT credit_cents FROM subscriptions WHERE user_id = $1', [userId]);
    expect(rows[0].credit_cents).toBe(-(preview.lines[0].amount + 1999));
    // Back to yearly Pro: the credit held is a line of its own.
    const back = (await call(billing.url, 'POST', '/api/membership/change-plan/preview', token, { plan: 'premium', billingCycle: 'yearly' })).body.data;
    expect(back.lines).toContainEqual({ description: 'Account credit', amount: -rows[0].credit_cents });
  });

  it('keeps a cancelled subscription when the member confirms the same plan again, for nothing due', async () => {
    const userId = newUserId();
    const token = await billing.token({ id: userId });
    await payLocalCheckout(billing.url, (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium', billingPeriod: 'monthly' })).body.data.url);
    expect((await call(billing.url, 'POST', '/api/membership/change-plan/preview', token, { plan: 'premium', billingCycle: 'monthly' })).body.code).toBe('ALREADY_ON_PLAN');
    await call(billing.url, 'POST', '/api/membership/cancel', token);
    const preview = (await call(billing.url, 'POST', '/api/membership/change-plan/preview', token, { plan: 'premium', billingCycle: 'monthly' })).body.data;
    expect(preview).toMatchObject({ amountDue: 0, nextBillingAmount: 999 });
    const kept = await call(billing.url, 'POST', '/api/membership/change-plan', token, { plan: 'premium', billingCycle: 'monthly', amountDue: 0, prorationDate: preview.prorationDate });
    expect(kept.body.data.plan).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, nextBillingDate: preview.nextBillingDate });
  });

  it('refuses to pay a second checkout once the member has a paid plan, and leaves that checkout open', async () => {
    const token = await billing.token({ id: newUserId() });
    const first = (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium', billingPeriod: 'monthly' })).body.data.url;
    const second = (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'unlimited', billingPeriod: 'yearly' })).body.data.url;
    expect((await payLocalCheckout(billing.url, first)).status).toBe(303);
    const refused = await payLocalCheckout(billing.url, second);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('ALREADY_SUBSCRIBED');
    expect((await call(billing.url, 'GET', '/api/membership/billing-history', token)).body.data).toMatchObject([{ amount: 999 }]);
    const { rows } = await billing.infra.pool!.query(`SELECT status FROM local_checkouts WHERE id = $1`, [new URL(second).pathname.split('/').pop()]);
    expect(rows[0].status).toBe('open');
  });

  it('refuses a plan change to administrators and to members without a paid plan', async () => {
    const admin = await billing.token({ id: newUserId(), role: 'admin' });
    expect((await call(billing.url, 'POST', '/api/membership/change-plan/preview', admin, { plan: 'unlimited', billingCycle: 'monthly' })).body.code).toBe('ADMIN_ACCOUNT');
    const trial = await billing.token({ id: newUserId() });
    expect((await call(billing.url, 'POST', '/api/membership/change-plan/preview', trial, { plan: 'unlimited', billingCycle: 'monthly' })).body.code).toBe('NO_SUBSCRIPTION');
    const bad = await call(billing.url, 'POST', '/api/membership/change-plan/preview', trial, { plan: 'gold', billingCycle: 'weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please choose the Pro or Expert plan.');
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
