import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** The prediction service: price forecasts with calibrated bands, volatility, support and resistance. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const { app, internalApp } = createHttpSurface({
    name: 'prediction',
    logger: infra.logger,
    checks: infra.checks,
    serviceToken: config.SERVICE_TOKEN,
  });
  return { app, internalApp, start: async () => {}, stop: async () => {} };
}
