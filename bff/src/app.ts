import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';
import { systemHealth } from './health/system-health.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** The BFF: the one origin of `/api` for the web app. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const { app } = createHttpSurface({
    name: 'bff',
    logger: infra.logger,
    checks: infra.checks,
    // Bodies of proxied calls pass through untouched (the payment webhook needs its raw body).
    parseJson: false,
    routes: (app) => {
      app.get('/api/health', async (_req, res) => {
        const health = await systemHealth(config.serviceUrls, infra.checks, config.HEALTH_TIMEOUT_MS);
        res.status(health.status === 'ok' ? 200 : 503).json({ data: health });
      });
    },
  });
  return { app, start: async () => {}, stop: async () => {} };
}
