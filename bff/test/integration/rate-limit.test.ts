import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, createTestTopics, deadUrl, serviceUrlEnv, startTokenIssuer, startUpstream, testKafka, uniqueName, type TokenIssuer } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const LIMIT = 150;
const prefix = uniqueName('rl');
let issuer: TokenIssuer;
let quiet: string;
let pods: string[];
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
  const env = async (syncMs: number, keyPrefix: string) => ({
    ...serviceUrlEnv({ collection: collection.url }, await deadUrl()),
    AUTH_JWKS_URL: issuer.jwksUrl,
    RATE_LIMIT_POINTS: String(LIMIT),
    RATE_LIMIT_KEY_PREFIX: keyPrefix,
    RATE_LIMIT_SYNC_MS: String(syncMs),
  });
  // A pod that shares its counts only once a minute: whatever Redis sees during a test comes from requests.
  quiet = (await startBff({ stack, prefix: topics.prefix, cleanups, env: await env(60_000, `${prefix}:quiet`) })).url;
  // Two pods sharing one limit, as the BFF runs in a cluster.
  pods = await Promise.all([0, 1].map(async () => (await startBff({ stack, prefix: topics.prefix, cleanups, env: await env(100, `${prefix}:shared`) })).url));
}, 60_000);
afterAll(() => cleanups.run());

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
    const token = await issuer.mint({ id: uniqueName('member') });
    const [first, second] = pods as [string, string];
    for (let i = 0; i < 100; i++) expect(await get(first, token)).toBe(200);
    // The counts reach Redis in a pipeline or a few, not a command per request.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counters = commands.filter((args) => args[0]?.toLowerCase() === 'incrby' && args[1]?.startsWith(`${prefix}:shared:api:user:`));
    expect(counters.reduce((sum, args) => sum + Number(args[2]), 0)).toBe(100);
    expect(counters.length).toBeLessThan(100);
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
