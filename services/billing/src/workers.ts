import type { Infra } from '@kicksight/platform';
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
  return {
    start: async () => follower.start(),
    stop: () => follower.stop(),
    /** For readiness: whether this process is the active follower, and how many units wait. */
    status: async () => ({ followingLedger: follower.isFollowing(), ledgerBacklog: await follower.backlog() }),
  };
}

export type BillingWorkers = ReturnType<typeof createBillingWorkers>;
