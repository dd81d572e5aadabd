import type { ForecastAccuracy } from '@kicksight/contracts';
import type { Clock, Logger, Redis } from '@kicksight/platform';
import { quietRedis } from './quiet-redis.ts';

/** How long a stored track record lasts: two weekly runs, so a missed run leaves the last one in place. */
export const TRACK_RECORD_TTL_MS = 15 * 24 * 3_600_000;

export interface TrackRecordStoreOptions {
  redis: Redis;
  /** Keeps the keys of one environment (or test run) apart. */
  namespace: string;
  timeoutMs: number;
  clock: Clock;
  logger: Logger;
}

/** The field of a sneaker's hash holding the track record of every size together, or of one size. */
export const trackRecordFieldOf = (size?: number): string => (size === undefined ? 'all' : `size:${size}`);

/**
 * Track records in Redis: one hash per sneaker (a field for every size together and one per size),
 * apart from the forecast cache (clearing it keeps them). Redis being slow or away reads as absent.
 */
export function createTrackRecordStore({ redis, namespace, timeoutMs, clock, logger }: TrackRecordStoreOptions) {
  const scope = namespace ? `${namespace}:` : '';
  const keyOf = (sneakerId: string) => `prediction-accuracy:${scope}${sneakerId}`;
  const quietly = quietRedis({ timeoutMs, clock, logger, message: 'track record store unavailable; computing it uncached' });
  return {
    async get(sneakerId: string, size?: number): Promise<ForecastAccuracy | undefined> {
      const raw = await quietly('get', () => redis.hget(keyOf(sneakerId), trackRecordFieldOf(size)));
      return raw ? (JSON.parse(raw) as ForecastAccuracy) : undefined;
    },

    /** Stores a sneaker's track records (every size together and each size), at once. */
    async set(sneakerId: string, records: readonly ForecastAccuracy[]): Promise<void> {
      if (records.length === 0) return;
      await quietly('set', () =>
        redis
          .multi()
          .hset(keyOf(sneakerId), Object.fromEntries(records.map((r) => [trackRecordFieldOf(r.size ?? undefined), JSON.stringify(r)])))
          .pexpire(keyOf(sneakerId), TRACK_RECORD_TTL_MS)
          .exec(),
      );
    },

    /** Claims this period's run of the job across replicas (true when this caller got it). */
    async claimRun(periodMs: number): Promise<boolean> {
      return (await quietly('claimRun', () => redis.set(`prediction-accuracy-run:${namespace}`, String(clock.now().getTime()), 'PX', periodMs, 'NX'))) === 'OK';
    },
  };
}

export type TrackRecordStore = ReturnType<typeof createTrackRecordStore>;
