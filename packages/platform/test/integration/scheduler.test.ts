import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { testLogger, uniqueName, waitFor } from '@kicksight/testkit';
import { createRedis, createScheduler, type Redis, type Scheduler, type SchedulerOptions } from '../../src/index.ts';

const stack = inject('stack');
const HOUR = 3_600_000;
let redis: Redis;
const started: Scheduler[] = [];

beforeAll(() => {
  redis = createRedis(stack.redis);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((scheduler) => scheduler.stop()));
});
afterAll(async () => {
  await redis?.quit();
});

/** A replica's scheduler of one job on the shared Redis, started. */
function replica(options: Pick<SchedulerOptions, 'namespace' | 'jobs'> & Partial<SchedulerOptions>): Scheduler {
  const scheduler = createScheduler({ redis, logger: testLogger(), intervalMs: HOUR, ...options });
  started.push(scheduler);
  scheduler.start();
  return scheduler;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createScheduler', () => {
  it('runs a job at start when asked to, once among replicas, and not again before the interval', async () => {
    const namespace = uniqueName('scheduler');
    let runs = 0;
    const job = { name: 'count', run: async () => ++runs };
    replica({ namespace, jobs: [job], firstRoundAfterMs: 0 });
    replica({ namespace, jobs: [job], firstRoundAfterMs: 0 });
    await waitFor(() => runs > 0, { timeoutMs: 2_000, message: 'the first round ran' });
    await sleep(300);
    expect(runs).toBe(1);
  });

  it('waits a whole interval for its first round by default', async () => {
    let runs = 0;
    replica({ namespace: uniqueName('scheduler'), jobs: [{ name: 'count', run: async () => ++runs }], intervalMs: 400 });
    await sleep(200);
    expect(runs).toBe(0);
    await waitFor(() => runs > 0, { timeoutMs: 2_000, message: 'the first round ran after the interval' });
  });

  it('tries a failed job again after the retry delay, and gives its lease back so another replica may', async () => {
    const namespace = uniqueName('scheduler');
    let attempts = 0;
    const flaky = {
      name: 'flaky',
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('collection is away');
        return 1;
      },
    };
    replica({ namespace, jobs: [flaky], firstRoundAfterMs: 0, retryAfterMs: 200 });
    await waitFor(() => attempts === 2, { timeoutMs: 2_000, message: 'the job ran again after failing' });
    // The second round succeeded: its lease holds for the interval, so no third attempt comes.
    await sleep(500);
    expect(attempts).toBe(2);
    expect(await redis.pttl(`lease:${namespace}:flaky`)).toBeGreaterThan(HOUR - 5_000);
  });

  it('keeps a failed job for the next interval when no retry delay is set', async () => {
    const namespace = uniqueName('scheduler');
    let attempts = 0;
    replica({
      namespace,
      jobs: [{ name: 'failing', run: async () => Promise.reject(new Error(`attempt ${++attempts}`)) }],
      firstRoundAfterMs: 0,
    });
    await waitFor(() => attempts === 1, { timeoutMs: 2_000, message: 'the job ran once' });
    await sleep(400);
    expect(attempts).toBe(1);
    expect(await redis.exists(`lease:${namespace}:failing`)).toBe(1);
  });

  it('waits for a round in progress when stopped', async () => {
    let finished = 0;
    let runs = 0;
    const scheduler = replica({
      namespace: uniqueName('scheduler'),
      jobs: [
        {
          name: 'slow',
          run: async () => {
            runs += 1;
            await sleep(300);
            finished += 1;
            return 1;
          },
        },
      ],
      intervalMs: 100,
      firstRoundAfterMs: 0,
    });
    await waitFor(() => runs === 1, { timeoutMs: 2_000, message: 'the round started' });
    expect(finished).toBe(0);
    await scheduler.stop();
    expect(finished).toBe(1);
  });
});
