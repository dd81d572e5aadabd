import { workerHeartbeat, type Infra, type ScrapedGauge } from '@kicksight/platform';
import type { Config } from './config.ts';
import { ledgerEvents } from './domain/metering.ts';
import { createLedgerFollower, ledgerStreamOf } from './store/ledger-stream.ts';

/**
 * Billing's own worker beside the outbox relay: the usage-ledger follower, which writes the units
 * metering counted to the ledger (one follower at a time across every process running it). The API
 * process runs it when RUN_WORKERS is on; worker-main.ts runs it apart.
 */
export function createBillingWorkers({ infra, config }: { infra: Infra; config: Config }) {
  const { pool, redis, logger } = infra;
  if (!pool || !redis) throw new Error("billing's workers need Postgres and Redis");
  const follower = createLedgerFollower({ pool, redis, stream: ledgerStreamOf(config.DATABASE_URL), logger, eventsOf: ledgerEvents });
  // Where the workers run (this process or billing-worker's), the System Health tab sees them by their heartbeat.
  const heartbeat = workerHeartbeat(redis, 'billing-worker');
  return {
    start: async () => {
      await follower.start();
      await heartbeat.start();
    },
    stop: async () => {
      await heartbeat.stop();
      await follower.stop();
    },
    /** For readiness: whether this process is the active follower, and how many units wait. */
    status: async () => ({ followingLedger: follower.isFollowing(), ledgerBacklog: await follower.backlog() }),
    /** The ledger's backlog, its age and its dead letters, read at each scrape (alerts watch the age). */
    gauges: (): ScrapedGauge[] => [
      { name: 'billing_usage_ledger_backlog', help: 'Usage units counted in Redis and not yet written to the ledger', read: async () => (await follower.state()).backlog },
      { name: 'billing_usage_ledger_oldest_age_seconds', help: 'Age of the oldest usage unit waiting for the ledger (0 when none waits)', read: async () => (await follower.state()).oldestAgeMs / 1000 },
      { name: 'billing_usage_ledger_dead_letters', help: 'Usage ledger entries set aside because they could not be written', read: async () => (await follower.state()).deadLetters },
    ],
  };
}

export type BillingWorkers = ReturnType<typeof createBillingWorkers>;
