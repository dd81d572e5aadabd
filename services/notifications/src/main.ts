import { fileURLToPath } from 'node:url';
import { runService } from '@kicksight/platform';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
await runService({
  infra: {
    name: 'notifications',
    logLevel: config.LOG_LEVEL,
    postgres: { url: config.DATABASE_URL, migrationsDir: fileURLToPath(new URL('./store/migrations', import.meta.url)) },
    redisUrl: config.REDIS_URL,
    kafka: { brokers: config.KAFKA_BROKERS, prefix: config.KAFKA_TOPIC_PREFIX },
    outbox: 'relay',
  },
  port: config.PORT,
  host: config.HOST,
  internalPort: config.INTERNAL_PORT,
  graceMs: config.SHUTDOWN_GRACE_MS,
  createApp: (infra) => createApp({ infra, config }),
});
