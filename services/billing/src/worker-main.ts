// Billing's workers on their own, beside the API (which then runs with RUN_WORKERS=false): the outbox
// relay and the usage-ledger follower. node services/billing/src/worker-main.ts
import { createHttpSurface, registerScrapedGauges, runService } from '@kicksight/platform';
import { billingInfra, loadConfig } from './config.ts';
import { createBillingWorkers } from './workers.ts';

const config = loadConfig();
await runService({
  infra: billingInfra(config, 'billing-worker', { outbox: 'relay' }),
  port: config.WORKER_PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  createApp: (infra) => {
    const workers = createBillingWorkers({ infra, config });
    const { app, metrics } = createHttpSurface({ name: 'billing-worker', logger: infra.logger, checks: { ...infra.checks, workers: workers.status } });
    registerScrapedGauges(metrics.registry, workers.gauges());
    return { app, start: workers.start, stop: workers.stop };
  },
});
