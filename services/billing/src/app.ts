import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** The billing service: plans, trial, subscriptions and payments, usage metering, entitlements and admin analytics. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const { app, internalApp } = createHttpSurface({
    name: 'billing',
    logger: infra.logger,
    checks: infra.checks,
    serviceToken: config.SERVICE_TOKEN,
  });
  return { app, internalApp, start: async () => {}, stop: async () => {} };
}
