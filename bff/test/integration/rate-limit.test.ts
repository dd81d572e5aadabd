import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, createTestTopics, deadUrl, proxyInFront, serviceUrlEnv, startTokenIssuer, startUpstream, testKafka, uniqueName, type Proxy, type TokenIssuer } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const LIMIT = 150;
/** The window of the pods whose Redis answers late: long enough that a test does not straddle two. */
const LATE_WINDOW_S = 3_600;
const prefix = uniqueName('rl');
let issuer: TokenIssuer;
let quiet: string;
let pods: string[];
/** A pod that reaches Redis through a proxy the test can slow down, and a pod beside it that reaches Redis directly. */
let slowed: { url: string; proxy: Proxy };
let beside: string;
/** Reads the shared counts directly. */
let reader: Redis;
/** Every command Redis received that touches this run's rate-limit counters, as Redis's MONITOR reports them. */
const commands: string[][] = [];

beforeAll(async () => {
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_limits');
  cleanups.add(topics.drop);
  issuer = await startTokenIssuer(cleanups);
  const collection = await startUpstream('collection', cleanups);
  const monitor = await new Redis(stack.redis).monitor();
  cleanups.add(async () => monitor.disconnect());
  monitor.on('monitor', (_time: string, args: string[]) => {
    if (args.some((arg) => arg.includes(prefix))) commands.push(args);
  });
  reader = new Redis(stack.redis);
  cleanups.add(async () => reader.disconnect());
  const env = async (syncMs: number, keyPrefix: string, durationS = 60) => ({
    ...serviceUrlEnv({ collection: collection.url }, await deadUrl()),
    AUTH_JWKS_URL: issuer.jwksUrl,
    RATE_LIMIT_POINTS: String(LIMIT),
    RATE_LIMIT_KEY_PREFIX: keyPrefix,
    RATE_LIMIT_SYNC_MS: String(syncMs),
    RATE_LIMIT_DURATION_S: String(durationS),
  });
  // A pod that shares its counts only once a minute: whatever Redis sees during a test comes from requests.
  quiet = (await startBff({ stack, prefix: topics.prefix, cleanups, env: await env(60_000, `${prefix}:quiet`) })).url;
  // Two pods sharing one limit, as the BFF runs in a cluster.
  pods = await Promise.all([0, 1].map(async () => (await startBff({ stack, prefix: topics.prefix, cleanups, env: await env(100, `${prefix}:shared`) })).url));
  const front = await proxyInFront(stack.toxiproxy, 'bff-rl-redis', stack.redis);
  cleanups.add(() => front.proxy.remove());
  slowed = { proxy: front.proxy, url: (await startBff({ stack, prefix: topics.prefix, cleanups, redisUrl: front.url, env: await env(100, `${prefix}:late`, LATE_WINDOW_S) })).url };
  beside = (await startBff({ stack, prefix: topics.prefix, cleanups, env: await env(100, `${prefix}:late`, LATE_WINDOW_S) })).url;
}, 60_000);
afterAll(() => cleanups.run());

/** The count every pod has recorded for a member's key (each pod records its own total in the key's hash). */
async function recordedFor(keyPrefix: string, member: string): Promise<number> {
  const keys = await reader.keys(`${keyPrefix}:api:user:${member}:*`);
  const values = (await Promise.all(keys.map((key) => reader.hvals(key)))).flat();
  return values.reduce((sum, value) => sum + Number(value), 0);
}

const get = async (bff: string, token: string) => {
  const response = await fetch(`${bff}/api/collections`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
};

describe('the BFF’s rate limit', () => {
  it('sends Redis no command for a request within its limits', async () => {
    const token = await issuer.mint({ id: uniqueName('member') });
    const before = commands.length;
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push(await get(quiet, token));
    expect(statuses).toEqual(Array<number>(50).fill(200));
    const perRequest = (commands.length - before) / statuses.length;
    expect(perRequest).toBe(0);
  });

  it('is one limit across pods: each adds its counts to Redis in the background and learns the others’', async () => {
    const member = uniqueName('member');
    const token = await issuer.mint({ id: member });
    const [first, second] = pods as [string, string];
    const before = commands.length;
    for (let i = 0; i < 100; i++) expect(await get(first, token)).toBe(200);
    // The counts reach Redis in a pipeline or a few, not a command per request.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await recordedFor(`${prefix}:shared`, member)).toBe(100);
    const scripts = commands.slice(before).filter((args) => ['evalsha', 'eval'].includes(args[0]?.toLowerCase() ?? '') && args.some((arg) => arg.includes(member)));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.length).toBeLessThan(100);
    // The second pod learns the first pod's 100 when it shares its own first counts, and refuses past the limit.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      statuses.push(await get(second, token));
      if (i === 9) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(statuses.filter((s) => s === 200).length).toBe(LIMIT - 100);
    expect(statuses.slice(LIMIT - 100)).toEqual(Array<number>(60 - (LIMIT - 100)).fill(429));
  });
});

describe('the BFF’s rate limit when Redis answers late', () => {
  it('never counts a request twice: a count Redis recorded but answered after the client gave up is not added again', async () => {
    const member = uniqueName('member');
    const token = await issuer.mint({ id: member });
    const leftInWindow = LATE_WINDOW_S * 1000 - (Date.now() % (LATE_WINDOW_S * 1000));
    if (leftInWindow < 15_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 100));
    // Redis's answers come 1.5 s late, past the client's 1 s command timeout, while every command still reaches it.
    const removeLatency = await slowed.proxy.addToxic({ type: 'latency', stream: 'downstream', attributes: { latency: 1_500 } });
    try {
      for (let i = 0; i < 30; i++) expect(await get(slowed.url, token)).toBe(200);
      // Several synchronisations send their counts and time out meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 3_500));
    } finally {
      await removeLatency();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await recordedFor(`${prefix}:late`, member)).toBe(30);
    // The pod beside it learns the 30 when it records its own first count, and lets the member through to the limit exactly.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT - 30 + 10; i++) {
      statuses.push(await get(beside, token));
      if (i === 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(statuses.filter((s) => s === 200).length).toBe(LIMIT - 30);
    expect(statuses.slice(LIMIT - 30)).toEqual(Array<number>(10).fill(429));
  }, 45_000);
});
