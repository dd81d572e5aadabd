import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';
import type { Redis } from './redis.ts';

/** A job a scheduler runs every interval; it answers how many things it did (for the log). */
export interface ScheduledJob {
  name: string;
  run: () => Promise<number>;
}

export interface SchedulerOptions {
  redis: Redis;
  logger: Logger;
  jobs: ScheduledJob[];
  /** Time between two rounds; 0 or less turns the scheduler off. */
  intervalMs: number;
  /** Namespaces the leases (one namespace per service). */
  namespace: string;
  /** When the first round comes after `start()`: a whole interval by default, 0 for at once. */
  firstRoundAfterMs?: number;
  /**
   * When set, a job that failed gives its lease back and this replica's next round comes this soon, so a job that
   * failed for a passing reason (a store or a service away) runs again well before the next interval.
   */
  retryAfterMs?: number;
}

export interface Scheduler {
  start(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Deletes the lease only while this replica still holds it. */
const GIVE_BACK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * Runs jobs every interval on one replica at a time: before each round a replica takes each job's
 * Redis lease for the interval (SET NX PX), so however many pods run, a job runs once per interval.
 */
export function createScheduler({ redis, logger, jobs, intervalMs, namespace, firstRoundAfterMs = intervalMs, retryAfterMs }: SchedulerOptions): Scheduler {
  const owner = randomUUID();
  let active = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  /** Runs each job whose lease this replica takes; answers whether one of them failed. */
  async function round(): Promise<boolean> {
    let failed = false;
    for (const job of jobs) {
      const lease = `lease:${namespace}:${job.name}`;
      if ((await redis.set(lease, owner, 'PX', Math.max(intervalMs, 5_000), 'NX').catch(() => null)) !== 'OK') continue;
      try {
        const count = await job.run();
        if (count > 0) logger.info({ job: job.name, count }, 'scheduled job ran');
      } catch (err) {
        failed = true;
        logger.error({ err, job: job.name }, 'scheduled job failed');
        if (retryAfterMs !== undefined) await redis.eval(GIVE_BACK, 1, lease, owner).catch(() => undefined);
      }
    }
    return failed;
  }

  function nextRoundAfter(ms: number): void {
    if (!active) return;
    timer = setTimeout(() => {
      running = round().then((failed) => nextRoundAfter(failed && retryAfterMs !== undefined ? retryAfterMs : intervalMs));
    }, ms);
    timer.unref();
  }

  return {
    start() {
      if (intervalMs <= 0 || active) return;
      active = true;
      nextRoundAfter(firstRoundAfterMs);
    },
    async stop() {
      active = false;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
