import { runService } from '@kicksight/platform';
import { createApp } from './app.ts';
import { billingInfra, loadConfig } from './config.ts';

const config = loadConfig();
await runService({
  // worker-main.ts runs the relay when the API does not (RUN_WORKERS=false); the API still reports the outbox's backlog.
  infra: billingInfra(config, 'billing', { outbox: config.RUN_WORKERS ? 'relay' : 'watch' }),
  port: config.PORT,
  host: config.HOST,
  internalPort: config.INTERNAL_PORT,
  graceMs: config.SHUTDOWN_GRACE_MS,
  createApp: (infra) => createApp({ infra, config }),
});
