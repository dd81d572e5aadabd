import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, TEST_SERVICE_TOKEN, createTestTopics, startServiceProcess, startTokenIssuer, testKafka, type TokenIssuer } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
let issuer: TokenIssuer;
let bff: string;

beforeAll(async () => {
  issuer = await startTokenIssuer(cleanups);
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_admin');
  cleanups.add(topics.drop);
  // Billing as its main.ts runs it, with a database of its own.
  const billing = await startServiceProcess('billing', { stack, prefix: topics.prefix, cleanups });
  ({ url: bff } = await startBff({
    stack,
    prefix: topics.prefix,
    cleanups,
    env: { AUTH_JWKS_URL: issuer.jwksUrl, BILLING_INTERNAL_URL: billing.internalUrl, SERVICE_TOKEN: TEST_SERVICE_TOKEN, RATE_LIMIT_KEY_PREFIX: topics.prefix },
  }));
});
afterAll(() => cleanups.run());

const dashboard = (token: string, query = '') => fetch(`${bff}/api/admin/analytics/dashboard${query}`, { headers: { authorization: `Bearer ${token}` } });

describe('GET /api/admin/analytics/dashboard', () => {
  it("returns billing's analytics with the edge's uptime and error rate, for admins", async () => {
    const token = await issuer.mint({ id: '0b9f6c52-9a55-4c43-9a1f-3c0a3a0e2a11', role: 'admin' });
    await fetch(`${bff}/api/nothing-here`);
    const response = await dashboard(token, '?startDate=2026-10-01&endDate=2026-10-31');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { health: object; revenue: { revenueGrowth: unknown[] }; trialConversion: { conversionsByDay: unknown[] } } };
    expect(data.health).toMatchObject({ activeUsers: 0, newSignups: 0, trialUsers: 0, paidUsers: 0, systemUptime: 100, errorRate: 0 });
    expect(data.revenue.revenueGrowth).toEqual([{ month: '2026-10', revenue: 0, growth: 0 }]);
    expect(data.trialConversion.conversionsByDay).toHaveLength(7);
  });

  it('refuses members with 403 and bad ranges with 400', async () => {
    const member = await issuer.mint({ id: '1b9f6c52-9a55-4c43-9a1f-3c0a3a0e2a11' });
    expect((await dashboard(member)).status).toBe(403);
    const admin = await issuer.mint({ id: '0b9f6c52-9a55-4c43-9a1f-3c0a3a0e2a11', role: 'admin' });
    const bad = await dashboard(admin, '?startDate=yesterday');
    expect(bad.status).toBe(400);
  });
});
