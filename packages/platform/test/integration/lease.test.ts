import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testLogger, uniqueName, waitFor } from '@kicksight/testkit';
import { LockTimeoutError, createLease, createRedis, withLock, type Lease, type Redis } from '../../src/index.ts';

const stack = inject('stack');
let redis: Redis;

beforeAll(() => {
  redis = createRedis(stack.redis);
});
afterAll(async () => {
  await redis?.quit();
});

describe('withLock', () => {
  it('runs critical sections on one key one at a time', async () => {
    const key = uniqueName('lock');
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        withLock(redis, key, async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(n);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await redis.exists(key)).toBe(0);
  });

  it('gives up after its wait time while another holder keeps the key, and releases on errors', async () => {
    const key = uniqueName('lock');
    await redis.set(key, 'someone-else', 'PX', 5_000);
    await expect(withLock(redis, key, async () => 1, { waitMs: 100 })).rejects.toBeInstanceOf(LockTimeoutError);
    expect(await redis.get(key)).toBe('someone-else');

    const other = uniqueName('lock');
    await expect(withLock(redis, other, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await redis.exists(other)).toBe(0);
  });
});

describe('createLease', () => {
  const started: Lease[] = [];
  afterAll(async () => {
    await Promise.all(started.map((l) => l.stop()));
  });

  function candidate(key: string, events: string[], name: string): Lease {
    const lease = createLease({
      redis,
      key,
      logger: testLogger(),
      ttlMs: 600,
      checkEveryMs: 100,
      onAcquired: () => void events.push(`${name}+`),
      onLost: () => void events.push(`${name}-`),
    });
    started.push(lease);
    return lease;
  }

  it('has one holder among candidates, and hands over when the holder stops', async () => {
    const key = uniqueName('lease');
    const events: string[] = [];
    const a = candidate(key, events, 'a');
    const b = candidate(key, events, 'b');
    a.start();
    await waitFor(() => a.isHeld(), { timeoutMs: 2_000, message: 'a holds' });
    b.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([a.isHeld(), b.isHeld()]).toEqual([true, false]);

    await a.stop();
    expect(a.isHeld()).toBe(false);
    await waitFor(() => b.isHeld(), { timeoutMs: 2_000, message: 'b takes over' });
    expect(events).toEqual(['a+', 'a-', 'b+']);
    await b.stop();
    expect(await redis.exists(key)).toBe(0);
  });

  it('gives the role up when its key was taken by another holder (a long pause), and a dead holder is replaced after the ttl', async () => {
    const key = uniqueName('lease');
    const events: string[] = [];
    const a = candidate(key, events, 'a');
    a.start();
    await waitFor(() => a.isHeld(), { timeoutMs: 2_000, message: 'a holds' });
    await redis.set(key, 'another-process', 'PX', 500);
    await waitFor(() => !a.isHeld(), { timeoutMs: 2_000, message: 'a gives up' });
    // The other process never renews: once its key expires, a takes the role again.
    await waitFor(() => a.isHeld(), { timeoutMs: 3_000, message: 'a takes over after the ttl' });
    expect(events).toEqual(['a+', 'a-', 'a+']);
  });
});
