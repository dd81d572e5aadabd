import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** The collection service: valued collections, portfolio history, activity, watchlist, price alerts and preferences. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const { app, internalApp } = createHttpSurface({
    name: 'collection',
    logger: infra.logger,
    checks: infra.checks,
    serviceToken: config.SERVICE_TOKEN,
  });
  return { app, internalApp, start: async () => {}, stop: async () => {} };
}
