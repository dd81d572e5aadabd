// The System Health tab's figures come from the services themselves: while collection cannot reach Kafka
// (its broker cut with toxiproxy), its outbox backlog rises and ages in the BFF's admin answer, and falls
// once Kafka is back; consumer groups report their lag.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SystemHealth } from '@kicksight/contracts';
import {
  Cleanups,
  createKafkaFaultProxy,
  createTestTopics,
  deadUrl,
  jsonClient,
  serviceUrlEnv,
  startBffProcess,
  startServiceProcess,
  startTokenIssuer,
  testKafka,
  waitFor,
  type JsonClient,
  type Proxy,
  type TokenIssuer,
} from '@kicksight/testkit';

const stack = inject('stack');
const cleanups = new Cleanups();
let issuer: TokenIssuer;
let bff: JsonClient;
let proxy: Proxy;
let admin: string;

beforeAll(async () => {
  issuer = await startTokenIssuer(cleanups);
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'system_health');
  cleanups.add(topics.drop);
  proxy = await createKafkaFaultProxy(stack);
  cleanups.add(() => proxy.remove());
  const options = { stack, prefix: topics.prefix, cleanups };
  const billing = await startServiceProcess('billing', options);
  // Collection reaches Kafka only through the proxy the test cuts.
  const collection = await startServiceProcess('collection', {
    ...options,
    env: { KAFKA_BROKERS: stack.kafkaFaultBroker, JWKS_URL: issuer.jwksUrl, BILLING_INTERNAL_URL: billing.internalUrl },
  });
  const edge = await startBffProcess({
    ...options,
    env: { ...serviceUrlEnv({ collection: collection.url, billing: billing.url }, await deadUrl()), AUTH_JWKS_URL: issuer.jwksUrl, RATE_LIMIT_KEY_PREFIX: topics.prefix },
  });
  bff = jsonClient(edge.url);
  admin = await issuer.mint({ id: randomUUID(), role: 'admin' });
}, 120_000);
afterAll(() => cleanups.run());

/** The admin answer (checked against the contract by the client). */
async function report(): Promise<SystemHealth> {
  const answer = await bff.get('/api/admin/system-health', admin);
  expect(answer.status).toBe(200);
  return answer.body.data as SystemHealth;
}
const outboxOf = async (service: string) => (await report()).services[service]?.flow?.outbox;

describe('GET /api/admin/system-health', () => {
  it('is for administrators only: 401 without a token, 403 for a member', async () => {
    expect((await bff.get('/api/admin/system-health')).status).toBe(401);
    const member = await bff.get('/api/admin/system-health', await issuer.mint({ id: randomUUID() }));
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
  });

  it('shows each service’s consumer lag per group and the BFF’s own, services away as unreachable', async () => {
    const health = await waitFor(
      async () => {
        const seen = await report();
        return seen.services.billing?.flow?.consumers.length && seen.services.collection?.flow?.consumers.length ? seen : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 300, message: 'the consumer groups of billing and collection' },
    );
    for (const group of [...health.services.billing!.flow!.consumers, ...health.services.collection!.flow!.consumers, ...health.bff.flow!.consumers]) {
      expect(group.lag).toBeGreaterThanOrEqual(0);
      if (group.worst) expect(group.worst.lag).toBeLessThanOrEqual(group.lag);
    }
    expect(health.bff.flow!.consumers.length).toBeGreaterThan(0);
    expect(health.services.collection!.flow!.outbox).toEqual({ pending: 0, oldestAgeSeconds: 0 });
    expect(health.services.auth).toMatchObject({ status: 'unreachable' });
    expect(health.services.auth!.flow).toBeUndefined();
  });

  it('shows the worker processes by role: billing’s workers (run inside billing here) beat, and every role is listed', async () => {
    const { workers } = await report();
    expect(Object.keys(workers ?? {}).sort()).toEqual(['billing-worker', 'catalog-feed', 'notifications-worker']);
    expect(workers!['billing-worker']!.running).toBeGreaterThanOrEqual(1);
  });

  it('shows collection’s outbox backlog rising and ageing while Kafka is cut, and falling once it is back', async () => {
    const member = await issuer.mint({ id: randomUUID() });
    await proxy.disable();
    try {
      for (const name of ['Cut Dunk', 'Cut Jordan']) {
        const added = await bff.post('/api/collections', { name, brand: 'Nike', purchasePrice: 9_900 }, member);
        expect(added.status).toBe(201);
      }
      const first = await waitFor(
        async () => {
          const outbox = await outboxOf('collection');
          return outbox && outbox.pending >= 2 ? outbox : undefined;
        },
        {
          timeoutMs: 15_000,
          intervalMs: 300,
          message: 'the backlog in the admin answer',
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const later = (await outboxOf('collection'))!;
      expect(later.pending).toBe(first.pending);
      expect(later.oldestAgeSeconds).toBeGreaterThan(first.oldestAgeSeconds + 1);
      // Collection's consumers cannot reach the broker either: their lag is named unreadable, not shown as 0.
      const collection = (await report()).services.collection!;
      expect(collection.flow!.unreadable.some((name: string) => name.startsWith('consumers:'))).toBe(true);
    } finally {
      await proxy.enable();
    }
    await waitFor(async () => (await outboxOf('collection'))?.pending === 0, { timeoutMs: 60_000, intervalMs: 500, message: 'the backlog sent once Kafka is back' });
    expect((await outboxOf('collection'))!.oldestAgeSeconds).toBe(0);
  });
});
