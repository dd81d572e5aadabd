import { runService } from '@kicksight/platform';
import { createApp, type BffApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
let service: BffApp | undefined;
// Open event streams would hold the HTTP drain for the whole grace period: end them as shutdown begins.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => service?.endStreams());
await runService({
  infra: { name: 'bff', logLevel: config.LOG_LEVEL, redisUrl: config.REDIS_URL, kafka: { brokers: config.KAFKA_BROKERS, prefix: config.KAFKA_TOPIC_PREFIX } },
  port: config.PORT,
  internalPort: config.INTERNAL_PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  createApp: (infra) => (service = createApp({ infra, config })),
});
