import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { proxyInFront, uniqueName, type Proxy } from '@kicksight/testkit';
import { blockingConnection, createRedis, redisConnected, type Redis } from '../../src/index.ts';

const stack = inject('stack');
let proxy: Proxy;
let redis: Redis;

beforeAll(async () => {
  const front = await proxyInFront(stack.toxiproxy, 'redis-blocking', stack.redis);
  proxy = front.proxy;
  redis = createRedis(front.url);
  await redis.ping();
});
afterAll(async () => {
  await proxy?.enable();
  redis?.disconnect();
  await proxy?.remove();
});

/** How a promise settles: 'resolved' or 'rejected' (followed from the start, so that a rejection is never unhandled). */
const outcomeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', () => 'rejected');
/** The outcome if it came within `ms`, or 'pending'. */
const within = (outcome: Promise<string>, ms: number) => Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('pending'), ms))]);

describe('a blocking read on its own connection', () => {
  it('ends when its connection is closed while it waits to reconnect (Redis just went away)', async () => {
    await proxy.enable();
    const reader = blockingConnection(redis);
    expect(await redisConnected(reader, 2_000)).toBe(true);
    const read = outcomeOf(reader.xread('BLOCK', 10_000, 'STREAMS', uniqueName('never-written'), '$'));
    const reconnecting = new Promise((resolve) => reader.once('reconnecting', resolve));
    await proxy.disable();
    await reconnecting;
    // Closing it now, before its first attempt to reconnect: what a stopping reader does when Redis went away.
    reader.disconnect();
    expect(await within(read, 1_000)).toBe('rejected');
  });

  it('fails at once when its connection drops, instead of waiting to send the read again', async () => {
    await proxy.enable();
    const reader = blockingConnection(redis);
    try {
      expect(await redisConnected(reader, 2_000)).toBe(true);
      const read = outcomeOf(reader.xread('BLOCK', 10_000, 'STREAMS', uniqueName('never-written'), '$'));
      await proxy.disable();
      expect(await within(read, 50)).toBe('rejected');
    } finally {
      reader.disconnect();
    }
  });
});
