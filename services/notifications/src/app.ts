import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** The notifications service: in-app notifications, feedback, email templates and delivery, the daily digest and scheduled jobs. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const { app, internalApp } = createHttpSurface({
    name: 'notifications',
    logger: infra.logger,
    checks: infra.checks,
    serviceToken: config.SERVICE_TOKEN,
  });
  return { app, internalApp, start: async () => {}, stop: async () => {} };
}
