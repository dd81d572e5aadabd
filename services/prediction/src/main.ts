import { runService } from '@kicksight/platform';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
await runService({
  infra: {
    name: 'prediction',
    logLevel: config.LOG_LEVEL,
    kafka: { brokers: config.KAFKA_BROKERS, prefix: config.KAFKA_TOPIC_PREFIX },
  },
  port: config.PORT,
  host: config.HOST,
  internalPort: config.INTERNAL_PORT,
  graceMs: config.SHUTDOWN_GRACE_MS,
  createApp: (infra) => createApp({ infra, config }),
});
