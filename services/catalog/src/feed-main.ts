// The live market on its own: `node services/catalog/src/feed-main.ts` (the API process then runs with MARKET_FEED_ENABLED=false).
import { runService } from '@kicksight/platform';
import { loadConfig } from './config.ts';
import { createFeedApp } from './feed-app.ts';

const config = loadConfig();
await runService({
  infra: {
    name: 'catalog-feed',
    logLevel: config.LOG_LEVEL,
    mongoUrl: config.MONGO_URL,
    redisUrl: config.REDIS_URL,
  },
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  createApp: (infra) => createFeedApp({ infra, config }),
});
