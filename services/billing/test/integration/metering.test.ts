import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createRedis } from '@kicksight/platform';
import { payLocalCheckout } from '@kicksight/testkit';
import { call, newUserId, startBilling, type BillingApp } from './billing-app.ts';

let billing: BillingApp;

beforeAll(async () => {
  billing = await startBilling();
});
afterAll(() => billing?.close());

type Unit = { userId: string; role?: 'member' | 'admin'; action: 'search' | 'product_view'; key: string };
const consume = (unit: Unit) => billing.internal.post<{ used: number | null; limit: number | null; counted: boolean; maxResults: number | null }>('/internal/usage/consume', { role: 'member', ...unit });
const refused = (unit: Unit) => consume(unit).then(() => undefined, (err: { status: number; code: string }) => err);

async function upgrade(userId: string, plan: 'premium' | 'unlimited') {
  const token = await billing.token({ id: userId });
  const { body } = await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: plan, billingPeriod: 'monthly' });
  const paid = await payLocalCheckout(billing.url, body.data.url);
  expect(paid.status).toBe(303);
}

describe('trial limits', () => {
  it("allows the 10th search and refuses the 11th with SEARCH_LIMIT, and caps results at 20", async () => {
    const userId = newUserId();
    for (let i = 1; i <= 10; i++) {
      const result = await consume({ userId, action: 'search', key: `q${i}` });
      expect(result).toMatchObject({ used: i, limit: 10, counted: true, maxResults: 20 });
    }
    expect(await refused({ userId, action: 'search', key: 'q11' })).toMatchObject({ status: 403, code: 'SEARCH_LIMIT' });
  });

  it('counts a repeated search once', async () => {
    const userId = newUserId();
    const first = await consume({ userId, action: 'search', key: 'jordan' });
    const again = await consume({ userId, action: 'search', key: 'jordan' });
    expect(first).toMatchObject({ used: 1, counted: true });
    expect(again).toMatchObject({ used: 1, counted: false });
  });

  it('allows 5 product views and refuses the 6th', async () => {
    const userId = newUserId();
    for (let i = 1; i <= 5; i++) await consume({ userId, action: 'product_view', key: `s${i}` });
    expect(await refused({ userId, action: 'product_view', key: 's6' })).toMatchObject({ status: 403, code: 'PRODUCT_VIEW_LIMIT' });
    expect(await consume({ userId, action: 'product_view', key: 's3' })).toMatchObject({ counted: false });
  });

  it('lets exactly 10 of 50 concurrent searches through', async () => {
    const userId = newUserId();
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => consume({ userId, action: 'search', key: `c${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    await billing.ledgerWritten();
    const { rows } = await billing.infra.pool!.query(`SELECT count(*)::int AS n FROM usage_ledger WHERE user_id = $1 AND refunded_at IS NULL`, [userId]);
    expect(rows[0].n).toBe(10);
  });

  it('gives a refunded unit back', async () => {
    const userId = newUserId();
    for (let i = 1; i <= 5; i++) await consume({ userId, action: 'product_view', key: `v${i}` });
    const refund = await billing.internal.post<{ refunded: boolean }>('/internal/usage/refund', { userId, role: 'member', action: 'product_view', key: 'v5' });
    expect(refund.refunded).toBe(true);
    expect(await consume({ userId, action: 'product_view', key: 'v6' })).toMatchObject({ used: 5, counted: true });
  });

  it('writes a unit counted, given back and counted again to the ledger in that order', async () => {
    const userId = newUserId();
    const unit = { userId, action: 'search' as const, key: 'again' };
    await consume(unit);
    expect((await billing.internal.post<{ refunded: boolean }>('/internal/usage/refund', { role: 'member', ...unit })).refunded).toBe(true);
    expect((await billing.internal.post<{ refunded: boolean }>('/internal/usage/refund', { role: 'member', ...unit })).refunded).toBe(false);
    expect(await consume(unit)).toMatchObject({ used: 1, counted: true });
    await billing.ledgerWritten();
    const pool = billing.infra.pool!;
    const { rows } = await pool.query(`SELECT refunded_at IS NOT NULL AS refunded FROM usage_ledger WHERE user_id = $1 ORDER BY created_at, refunded_at NULLS LAST`, [userId]);
    expect(rows.map((r) => r.refunded)).toEqual([true, false]);
    const events = await pool.query(`SELECT (envelope->'data'->>'used')::int AS used FROM outbox WHERE type = 'usage.recorded@1' AND message_key = $1 ORDER BY seq`, [userId]);
    expect(events.rows.map((r) => r.used)).toEqual([1, 1]);
  });

  it('rebuilds counters from the ledger when Redis lost them', async () => {
    const userId = newUserId();
    for (let i = 1; i <= 7; i++) await consume({ userId, action: 'search', key: `r${i}` });
    const redis = createRedis(inject('stack').redis);
    try {
      const keys = await redis.keys(`usage:{${userId}}:*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      await redis.quit();
    }
    const usage = await call(billing.url, 'GET', '/api/membership/usage', await billing.token({ id: userId }));
    expect(usage.body.data).toMatchObject({ searchesUsed: 7, searchesLimit: 10, canPerformSearch: true });
    expect(await consume({ userId, action: 'search', key: 'r3' })).toMatchObject({ used: 7, counted: false });
    for (let i = 8; i <= 10; i++) await consume({ userId, action: 'search', key: `r${i}` });
    expect(await refused({ userId, action: 'search', key: 'r11' })).toMatchObject({ code: 'SEARCH_LIMIT' });
  });

  it('publishes usage.threshold at 80% and 100%', async () => {
    const userId = newUserId();
    for (let i = 1; i <= 10; i++) await consume({ userId, action: 'search', key: `t${i}` });
    await billing.ledgerWritten();
    const { rows } = await billing.infra.pool!.query(`SELECT envelope->'data' AS data FROM outbox WHERE type = 'usage.threshold@1' AND message_key = $1 ORDER BY seq`, [userId]);
    expect(rows.map((r) => [r.data.used, r.data.level])).toEqual([
      [8, 80],
      [10, 100],
    ]);
  });

  it('refuses every metered action once the trial has ended', async () => {
    const userId = newUserId();
    await consume({ userId, action: 'search', key: 'before' });
    billing.clock.advance(3 * 24 * 60 * 60 * 1000 + 1_000);
    try {
      expect(await refused({ userId, action: 'search', key: 'after' })).toMatchObject({ status: 403, code: 'TRIAL_EXPIRED' });
      const usage = await call(billing.url, 'GET', '/api/membership/usage', await billing.token({ id: userId }));
      expect(usage.body.data).toMatchObject({ isTrialExpired: true, canPerformSearch: false, canViewProduct: false, canAddToCollection: false, daysLeftInTrial: 0 });
    } finally {
      billing.clock.reset();
    }
  });
});

describe('units counted together', () => {
  it('records each unit once, with one usage.recorded, when many arrive at once and keys repeat', async () => {
    const userId = newUserId();
    await upgrade(userId, 'unlimited');
    const keys = Array.from({ length: 60 }, (_, i) => `k${i % 20}`);
    const results = await Promise.all(keys.map((key) => consume({ userId, action: 'search', key })));
    expect(results.filter((r) => r.counted)).toHaveLength(20);
    expect(results.filter((r) => r.counted).map((r) => r.used).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await billing.ledgerWritten();
    const pool = billing.infra.pool!;
    const ledgerRows = await pool.query(`SELECT usage_key FROM usage_ledger WHERE user_id = $1 AND refunded_at IS NULL`, [userId]);
    expect(ledgerRows.rows.map((r) => r.usage_key).sort()).toEqual([...new Set(keys)].sort());
    const events = await pool.query(`SELECT (envelope->'data'->>'used')::int AS used FROM outbox WHERE type = 'usage.recorded@1' AND message_key = $1 ORDER BY seq`, [userId]);
    expect(events.rows.map((r) => r.used)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("applies a plan change to the very next unit (the subscription read is cached, this service's changes are not missed)", async () => {
    const userId = newUserId();
    expect(await consume({ userId, action: 'search', key: 'on-trial' })).toMatchObject({ limit: 10, maxResults: 20 });
    await upgrade(userId, 'premium');
    expect(await consume({ userId, action: 'search', key: 'on-premium' })).toMatchObject({ used: 1, limit: null, maxResults: 60, counted: true });
  });
});

describe('paid plans and admins', () => {
  it("allows premium's 250th product view and refuses the 251st, with unlimited searches", async () => {
    const userId = newUserId();
    await upgrade(userId, 'premium');
    for (let i = 1; i <= 250; i++) await consume({ userId, action: 'product_view', key: `p${i}` });
    expect(await refused({ userId, action: 'product_view', key: 'p251' })).toMatchObject({ status: 403, code: 'PRODUCT_VIEW_LIMIT' });
    for (let i = 1; i <= 30; i++) await consume({ userId, action: 'search', key: `s${i}` });
    expect(await consume({ userId, action: 'search', key: 'one-more' })).toMatchObject({ limit: null, maxResults: 60 });
  });

  it('never refuses unlimited members or admins', async () => {
    const unlimited = newUserId();
    await upgrade(unlimited, 'unlimited');
    const admin = newUserId();
    for (let i = 1; i <= 300; i++) {
      await consume({ userId: unlimited, action: 'product_view', key: `u${i}` });
      await consume({ userId: admin, role: 'admin', action: 'product_view', key: `a${i}` });
    }
    expect(await consume({ userId: unlimited, action: 'search', key: 'x' })).toMatchObject({ limit: null, maxResults: 200 });
    expect(await consume({ userId: admin, role: 'admin', action: 'search', key: 'x' })).toMatchObject({ counted: false, limit: null });
  });
});
