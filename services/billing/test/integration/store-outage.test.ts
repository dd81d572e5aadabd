import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kicksight/contracts';
import { AppError } from '@kicksight/platform';
import { OUTAGE_ANSWER_MS, expectNotReady, expectUnavailable, jsonClient, timed, waitUntilReady } from '@kicksight/testkit';
import { newUserId, startBilling, type BillingApp } from './billing-app.ts';

let billing: BillingApp;
let api: ReturnType<typeof jsonClient>;

beforeAll(async () => {
  billing = await startBilling({}, ['postgres', 'redis']);
  api = jsonClient(billing.url);
});
afterAll(async () => {
  await billing?.proxies.postgres?.enable();
  await billing?.proxies.redis?.enable();
  await billing?.close();
});

const consume = (userId: string, key: string) => billing.internal.post('/internal/usage/consume', { role: 'member', userId, action: 'search', key });

describe('with PostgreSQL away', () => {
  it('answers the membership 503 with Retry-After within a second, and again once it is back', async () => {
    const token = await billing.token({ id: newUserId() });
    expect((await api.get('/api/membership/status', token)).status).toBe(200);
    await billing.proxies.postgres!.disable();
    try {
      await expectUnavailable(() => api.get('/api/membership/status', token), 'status');
      await expectUnavailable(() => api.post('/api/membership/checkout', { planName: 'premium', billingPeriod: 'monthly' }, token), 'checkout');
      await expectNotReady(billing.url, ['postgres']);
    } finally {
      await billing.proxies.postgres!.enable();
    }
    await waitUntilReady(billing.url);
    expect((await api.get('/api/membership/status', token)).status).toBe(200);
  });
});

describe('with Redis away', () => {
  it('refuses metered calls within a second (usage is never let through uncounted), and counts again once it is back', async () => {
    const userId = newUserId();
    await consume(userId, 'first');
    await billing.proxies.redis!.disable();
    try {
      const { answer: refused, ms } = await timed(() => consume(userId, 'second').then(() => undefined, (err: unknown) => err));
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 503, code: ErrorCode.SERVICE_UNAVAILABLE });
      expect(ms).toBeLessThan(OUTAGE_ANSWER_MS);
      // The usage-ledger follower, reading from Redis, stops with it.
      await expectNotReady(billing.url, ['redis', 'workers']);
      // Long enough for the ledger follower to lose its lease: it must take it again once Redis is back.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    } finally {
      await billing.proxies.redis!.enable();
    }
    await waitUntilReady(billing.url, 20_000);
    expect(await consume(userId, 'second')).toMatchObject({ used: 2, counted: true });
    await billing.ledgerWritten();
  });
});
