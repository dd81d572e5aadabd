import type { Clock, Pool, ScheduledJob } from '@kicksight/platform';
import { ERASURE_CONSUMER } from '../domain/member-erasure.ts';
import { MARKET_CONSUMER } from '../domain/market-updates.ts';
import type { Valuations } from '../domain/daily-valuations.ts';
import { purgeProcessedEvents } from '../store/processed-events.ts';

/** Job names are fixed: the command line and the leases use them. */
export const JOB_NAMES = { snapshotValuations: 'snapshot-valuations', purgeProcessedEvents: 'purge-processed-events' } as const;

/**
 * How long a consumed event's dedupe row is kept: longer than the topics keep their messages
 * (Kafka's default is 7 days), so no event can be delivered again after its row is gone.
 */
export const PROCESSED_EVENT_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/** Stores today's valuation of every member; run again during the day, it keeps the day's latest. */
export const snapshotValuationsJob = (valuations: Valuations): ScheduledJob => ({
  name: JOB_NAMES.snapshotValuations,
  run: () => valuations.takeSnapshots(),
});

/** Drops the dedupe rows of events too old to be delivered again (one per price change adds up). */
export const purgeProcessedEventsJob = (pool: Pool, clock: Clock): ScheduledJob => ({
  name: JOB_NAMES.purgeProcessedEvents,
  run: () => purgeProcessedEvents(pool, [MARKET_CONSUMER, ERASURE_CONSUMER], new Date(clock.now().getTime() - PROCESSED_EVENT_RETENTION_MS)),
});
