import { afterAll, describe, expect, inject, it } from 'vitest';
import { uniqueName, waitFor } from '@kicksight/testkit';
import { createRedis, runningWorkers, workerHeartbeat, type Redis } from '../../src/index.ts';

const stack = inject('stack');
const redis: Redis = createRedis(stack.redis);
afterAll(() => redis.quit());

describe('workerHeartbeat', () => {
  it('shows a running worker by its role while it beats, and removes it when it stops', async () => {
    const instance = uniqueName('feed');
    const key = `workers:catalog-feed:${instance}`;
    const heartbeat = workerHeartbeat(redis, 'catalog-feed', { intervalMs: 200, instance });
    await heartbeat.start();
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    expect(await redis.pttl(key)).toBeLessThanOrEqual(600);
    expect((await runningWorkers(redis))['catalog-feed']).toBeGreaterThanOrEqual(1);
    // It keeps beating: the key outlives its first time to live.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await redis.exists(key)).toBe(1);
    await heartbeat.stop();
    expect(await redis.exists(key)).toBe(0);
  });

  it('lets a worker that stopped beating without a word (crashed, cut off) lapse within its time to live', async () => {
    const instance = uniqueName('mailer');
    const key = `workers:notifications-worker:${instance}`;
    const own = createRedis(stack.redis);
    const heartbeat = workerHeartbeat(own, 'notifications-worker', { intervalMs: 100, instance });
    await heartbeat.start();
    expect(await redis.exists(key)).toBe(1);
    own.disconnect();
    await waitFor(async () => (await redis.exists(key)) === 0, { timeoutMs: 2_000 });
    await heartbeat.stop();
  });

  it('counts every role, none running as 0, and ignores keys of no known role', async () => {
    const stray = `workers:${uniqueName('nobody')}:x`;
    await redis.set(stray, '1', 'PX', 5_000);
    const running = await runningWorkers(redis);
    expect(Object.keys(running).sort()).toEqual(['billing-worker', 'catalog-feed', 'notifications-worker']);
    for (const count of Object.values(running)) expect(count).toBeGreaterThanOrEqual(0);
    await redis.del(stray);
  });
});
