import { fileURLToPath } from 'node:url';
import { runService } from '@kicksight/platform';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loadSigningKeys } from './domain/tokens.ts';

const config = loadConfig();
const keys = await loadSigningKeys(config.JWT_SIGNING_KEYS);
await runService({
  infra: {
    name: 'auth',
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
  createApp: (infra) => createApp({ infra, config, keys }),
});
