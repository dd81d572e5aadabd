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
  /** Time between two runs; 0 or less turns the scheduler off. */
  intervalMs: number;
  /** Namespaces the leases (one namespace per service). */
  namespace: string;
}

export interface Scheduler {
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs jobs every interval on one replica at a time: before each run a replica takes the job's
 * Redis lease for the interval (SET NX PX), so however many pods run, a job runs once per interval.
 */
export function createScheduler({ redis, logger, jobs, intervalMs, namespace }: SchedulerOptions): Scheduler {
  const owner = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function tick(): Promise<void> {
    for (const job of jobs) {
      const lease = `lease:${namespace}:${job.name}`;
      if ((await redis.set(lease, owner, 'PX', Math.max(intervalMs, 5_000), 'NX').catch(() => null)) !== 'OK') continue;
      try {
        const count = await job.run();
        if (count > 0) logger.info({ job: job.name, count }, 'scheduled job ran');
      } catch (err) {
        logger.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
  }

  return {
    start() {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        running ??= tick().finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
