// The email workers on their own, beside the API (which then runs with RUN_WORKERS=false); run as
// many as the mail volume needs: node services/notifications/src/worker-main.ts
import { fileURLToPath } from 'node:url';
import { createHttpSurface, runService } from '@kicksight/platform';
import { loadConfig } from './config.ts';
import { createEmailWorkers } from './workers.ts';

const config = loadConfig();
await runService({
  infra: {
    name: 'notifications-worker',
    logLevel: config.LOG_LEVEL,
    postgres: { url: config.DATABASE_URL, migrationsDir: fileURLToPath(new URL('./store/migrations', import.meta.url)), poolSize: config.WORKER_CONCURRENCY + 2 },
    redisUrl: config.REDIS_URL,
  },
  port: config.WORKER_PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  createApp: (infra) => {
    const workers = createEmailWorkers({ pool: infra.pool!, redis: infra.redis!, config, clock: infra.clock, logger: infra.logger });
    const { app } = createHttpSurface({ name: 'notifications-worker', logger: infra.logger, checks: infra.checks });
    return { app, start: workers.start, stop: workers.stop };
  },
});
