import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** The auth service: accounts, roles, sessions, Google sign-in, password reset and API keys. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const { app, internalApp } = createHttpSurface({
    name: 'auth',
    logger: infra.logger,
    checks: infra.checks,
    serviceToken: config.SERVICE_TOKEN,
  });
  return { app, internalApp, start: async () => {}, stop: async () => {} };
}
