import { TRACK_RECORD_WINDOW_DAYS, daysBefore, utcDay, type ForecastAccuracy } from '@kicksight/contracts';
import type { Clock, Logger } from '@kicksight/platform';
import type { CatalogClient } from '../clients/catalog.ts';
import type { TrackRecordStore } from '../store/track-record-store.ts';
import type { FittedModel } from './forecast.ts';
import { trackRecordOf } from './track-record.ts';
import type { DailyPoint } from './series.ts';

/** The most days of daily sales the catalogue gives in one call. */
const MAX_SERIES_DAYS = 730;
/** Sneakers listed per catalogue call, and backtested at once, by a run of the job. */
const PAGE = 200;
const CONCURRENCY = 4;

export interface TrackRecordsDeps {
  catalog: CatalogClient;
  store: TrackRecordStore;
  clock: Clock;
  logger: Logger;
  fitWindowDays: number;
}

/**
 * Track records as the API serves them: stored by the weekly job (or a run an administrator asks for),
 * or, for a sneaker or size the job has not reached yet, computed on the spot and stored.
 */
export function createTrackRecords({ catalog, store, clock, logger, fitWindowDays }: TrackRecordsDeps) {
  const historyDays = Math.min(MAX_SERIES_DAYS, TRACK_RECORD_WINDOW_DAYS + fitWindowDays);
  /** Backtests a sneaker, every size together and each of `sizes` (sharing the sneaker's fits), and stores the records. */
  async function backtestSneaker(sneakerId: string, sizes: readonly number[], requestId?: string): Promise<ForecastAccuracy[]> {
    const sneakerDays = (await catalog.dailySeries(sneakerId, historyDays, requestId)).days;
    const sneakerModels = new Map<number, FittedModel>();
    const recordOf = (size?: { size: number; days: readonly DailyPoint[] }): ForecastAccuracy => {
      const now = clock.now();
      return { sneakerId, size: size?.size ?? null, ...trackRecordOf({ sneakerDays, size, now, fitWindowDays, sneakerModels }), computedAt: now.toISOString() };
    };
    const records = [recordOf()];
    for (const size of sizes) records.push(recordOf({ size, days: (await catalog.dailySeries(sneakerId, historyDays, requestId, size)).days }));
    await store.set(sneakerId, records);
    return records;
  }

  return {
    backtestSneaker,

    /** A sneaker's (or a size's) track record. */
    async accuracy(sneakerId: string, size?: number, requestId?: string): Promise<ForecastAccuracy> {
      const stored = await store.get(sneakerId, size);
      if (stored) return stored;
      const records = await backtestSneaker(sneakerId, size === undefined ? [] : [size], requestId);
      return records.at(-1)!;
    },

    /** Backtests every sneaker that sold in the last year, overall and per size; answers how many sneakers and records. */
    async runAll(): Promise<{ sneakers: number; records: number; milliseconds: number }> {
      const started = performance.now();
      const since = utcDay(daysBefore(clock.now(), TRACK_RECORD_WINDOW_DAYS));
      let after: string | undefined;
      let sneakers = 0;
      let records = 0;
      do {
        const page = await catalog.tradedSneakers(since, after, PAGE);
        let next = 0;
        const worker = async () => {
          while (next < page.sneakers.length) {
            const { sneakerId, sizes } = page.sneakers[next++]!;
            try {
              const stored = await backtestSneaker(sneakerId, sizes);
              records += stored.length;
              sneakers += 1;
            } catch (err) {
              logger.warn({ err, sneakerId }, 'track record not computed');
            }
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        after = page.next ?? undefined;
      } while (after !== undefined);
      return { sneakers, records, milliseconds: Math.round(performance.now() - started) };
    },
  };
}

export type TrackRecords = ReturnType<typeof createTrackRecords>;
