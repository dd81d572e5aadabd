import { randomUUID } from 'node:crypto';
import type { Logger, Redis } from '@kicksight/platform';

export interface Job {
  name: string;
  run: () => Promise<number>;
}

/**
 * Runs the scheduled jobs every interval on one replica at a time (a Redis lease per job), so
 * trials expire and local renewals happen once however many pods run.
 */
export function createScheduler({ redis, logger, jobs, intervalMs, namespace = 'billing' }: { redis: Redis; logger: Logger; jobs: Job[]; intervalMs: number; namespace?: string }) {
  const owner = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function tick() {
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
      if (intervalMs <= 0) return;
      timer = setInterval(() => {
        running ??= tick().finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
