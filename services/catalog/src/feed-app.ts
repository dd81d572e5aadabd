import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import { marketFeedOf, salesOf } from './app.ts';
import type { Config } from './config.ts';

/**
 * The live market as its own process (its own deployment): health on its port, and the feed, which
 * trades only while this process holds the feed's lease. Its readiness reports whether it is the
 * active feed or a standby.
 */
export function createFeedApp({ infra, config }: { infra: Infra; config: Config }): ServiceApp {
  const feed = marketFeedOf(infra, config, salesOf(infra));
  const { app } = createHttpSurface({
    name: 'catalog-feed',
    logger: infra.logger,
    checks: { ...infra.checks, marketFeed: async () => ({ active: feed.isActive(), recorded: feed.recorded() }) },
  });
  return {
    app,
    async start() {
      feed.start();
    },
    stop: () => feed.stop(),
  };
}
