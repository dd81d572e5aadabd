import { DAY_MS } from '@kicksight/contracts';
import type { ScheduledJob } from '@kicksight/platform';
import type { TrackRecords } from '../domain/track-records.ts';
import type { TrackRecordStore } from '../store/track-record-store.ts';

export const TRACK_RECORD_JOB = 'track-record';

/**
 * The weekly track record: the scheduler asks every check interval; the replica that claims this
 * week's run (a key in Redis that lasts `periodDays`) backtests every sneaker, the others do nothing.
 */
export function trackRecordJob({ trackRecords, store, periodDays }: { trackRecords: TrackRecords; store: TrackRecordStore; periodDays: number }): ScheduledJob {
  return {
    name: TRACK_RECORD_JOB,
    async run() {
      if (!(await store.claimRun(periodDays * DAY_MS))) return 0;
      return (await trackRecords.runAll()).records;
    },
  };
}
