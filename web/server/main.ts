import { runService } from '@kicksight/platform';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
await runService({
  infra: { name: 'web', logLevel: config.LOG_LEVEL },
  port: config.PORT,
  internalPort: config.INTERNAL_PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  // The ingress in front never sends a write twice: no connection it may be sending on is cut while idle.
  leaveIdleConnections: true,
  createApp: (infra) => createApp({ infra, config }),
});
