import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, OUTAGE_ANSWER_MS, createTestTopics, deadUrl, expectDegraded, expectUnavailable, jsonClient, proxyInFront, serviceUrlEnv, startTokenIssuer, startUpstream, testKafka, timed, uniqueName, waitFor, type Proxy, type TokenIssuer } from '@kicksight/testkit';
import type { SystemHealth } from '../../src/health/system-health.ts';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const LIMIT = 5;
let issuer: TokenIssuer;
let redis: Proxy;
let bff: string;
let api: ReturnType<typeof jsonClient>;

beforeAll(async () => {
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_outage');
  cleanups.add(topics.drop);
  issuer = await startTokenIssuer(cleanups);
  const collection = await startUpstream('collection', cleanups);
  const front = await proxyInFront(stack.toxiproxy, 'bff-redis', stack.redis);
  redis = front.proxy;
  cleanups.add(() => redis.remove());
  const started = await startBff({
    stack,
    prefix: topics.prefix,
    cleanups,
    redisUrl: front.url,
    start: true,
    env: {
      ...serviceUrlEnv({ collection: collection.url }, await deadUrl()),
      AUTH_JWKS_URL: issuer.jwksUrl,
      RATE_LIMIT_POINTS: String(LIMIT),
      RATE_LIMIT_KEY_PREFIX: uniqueName('rl'),
    },
  });
  bff = started.url;
  api = jsonClient(bff);
});
afterAll(async () => {
  await redis?.enable();
  await cleanups.run();
});

describe('with Redis away', () => {
  it('still limits each member, from this pod’s memory, answering within a second', async () => {
    const token = await issuer.mint({ id: uniqueName('member') });
    await redis.disable();
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        // The upstream is a stub: its answer is not the collection's, so it is read as it comes.
        const { answer, ms } = await timed(() => fetch(`${bff}/api/collections`, { headers: { authorization: `Bearer ${token}` } }));
        statuses.push(answer.status);
        expect(ms).toBeLessThan(OUTAGE_ANSWER_MS);
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
    } finally {
      await redis.enable();
    }
  });

  it('says in its health what it serves without, stays ready, and answers live updates 503', async () => {
    const admin = await issuer.mint({ id: uniqueName('admin'), role: 'admin' });
    const member = await issuer.mint({ id: uniqueName('member') });
    await redis.disable();
    try {
      await expectDegraded(bff, ['redis']);
      const { answer, ms } = await timed(() => api.get('/api/health', admin));
      expect(ms).toBeLessThan(OUTAGE_ANSWER_MS);
      const report = answer.body.data as SystemHealth;
      expect(report.status).toBe('degraded');
      expect(report.bff).toMatchObject({ status: 'ready', degraded: ['redis'], checks: { redis: { ok: false } } });
      const anyone = await api.get('/api/health');
      expect(anyone.body.data.bff).toEqual({ status: 'ready', degraded: true });
      await expectUnavailable(() => api.get('/api/events', member), 'live updates');
    } finally {
      await redis.enable();
    }
    // Each look is a new administrator's: the limit (5 here) counts this one's calls across the outage.
    const healthOfNewAdmin = async () => (await api.get('/api/health', await issuer.mint({ id: uniqueName('admin'), role: 'admin' }))).body.data as SystemHealth;
    await waitFor(async () => (await healthOfNewAdmin()).bff.degraded === undefined, { timeoutMs: 10_000, intervalMs: 200, message: 'the BFF to use Redis again' });
  });
});
