import { randomUUID } from 'node:crypto';
import type { Clock, Logger, Redis } from '@kicksight/platform';
import { quietRedis } from './quiet-redis.ts';

/** What a cached answer holds: a value, or the error it was (e.g. too little data), and when it was computed. */
export type CachedOutcome<T> = { at: number; value: T } | { at: number; error: { status: number; code: string; message: string } };

/** The field of a sneaker's hash that remembers when its last sale arrived (answers computed before it are not stored). */
const INVALIDATED_AT = '_invalidatedAt';

// Stores an answer unless a sale arrived after its computation started; the hash lives for the TTL.
const STORE_SCRIPT = `
local invalidated = tonumber(redis.call('HGET', KEYS[1], '${INVALIDATED_AT}') or '0')
if invalidated > tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`;

// Releases a computation claim only if it is still the caller's own.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// Forgets every answer of each subject and remembers when, so answers being computed now are not stored.
const INVALIDATE_SCRIPT = `
for _, key in ipairs(KEYS) do
  redis.call('DEL', key)
  redis.call('HSET', key, '${INVALIDATED_AT}', ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
return 1`;

export interface ForecastCacheOptions {
  redis: Redis;
  /** Keeps the keys of one environment (or test run) apart. */
  namespace: string;
  ttlMs: number;
  timeoutMs: number;
  clock: Clock;
  logger: Logger;
}

/**
 * Forecasts in Redis: one hash per subject (a sneaker, or one size of it; a field per view and options),
 * fresh for the TTL and dropped when a sale of that sneaker (or size) arrives. Redis being slow or away is a miss, never an error:
 * the caller computes the answer uncached.
 */
export function createForecastCache({ redis, namespace, ttlMs, timeoutMs, clock, logger }: ForecastCacheOptions) {
  const prefix = `prediction:${namespace ? `${namespace}:` : ''}`;
  const keyOf = (sneakerId: string) => `${prefix}${sneakerId}`;
  const quietly = quietRedis({ timeoutMs, clock, logger, message: 'forecast cache unavailable; answering uncached' });

  return {
    ttlMs,

    /** A fresh cached answer, or undefined (absent, stale or Redis unavailable). */
    async get<T>(sneakerId: string, field: string): Promise<CachedOutcome<T> | undefined> {
      const raw = await quietly('get', () => redis.hget(keyOf(sneakerId), field));
      if (!raw) return undefined;
      const outcome = JSON.parse(raw) as CachedOutcome<T>;
      return outcome.at > clock.now().getTime() - ttlMs ? outcome : undefined;
    },

    /** Fresh cached answers of many sneakers for one field, in one round trip (absent ones are missing from the map). */
    async getMany<T>(sneakerIds: readonly string[], field: string): Promise<Map<string, CachedOutcome<T>>> {
      const found = new Map<string, CachedOutcome<T>>();
      if (sneakerIds.length === 0) return found;
      const replies = await quietly('getMany', () => {
        const pipeline = redis.pipeline();
        for (const id of sneakerIds) pipeline.hget(keyOf(id), field);
        return pipeline.exec();
      });
      const freshSince = clock.now().getTime() - ttlMs;
      replies?.forEach(([err, raw], i) => {
        if (err || typeof raw !== 'string') return;
        const outcome = JSON.parse(raw) as CachedOutcome<T>;
        if (outcome.at > freshSince) found.set(sneakerIds[i]!, outcome);
      });
      return found;
    },

    /**
     * Claims the computation of a sneaker's field across replicas for a while: a token when this
     * caller got it, false when another holds it, undefined when Redis is unavailable.
     */
    async claim(sneakerId: string, field: string, forMs: number): Promise<string | false | undefined> {
      const token = randomUUID();
      const reply = await quietly('claim', () => redis.set(`${prefix}claim:${sneakerId}:${field}`, token, 'PX', forMs, 'NX'));
      return reply === undefined ? undefined : reply === 'OK' ? token : false;
    },

    async release(sneakerId: string, field: string, token: string): Promise<void> {
      await quietly('release', () => redis.eval(RELEASE_SCRIPT, 1, `${prefix}claim:${sneakerId}:${field}`, token));
    },

    /** Stores an answer computed from data read at `startedAt` (ms); false when it was not stored. */
    async set<T>(sneakerId: string, field: string, outcome: CachedOutcome<T>, startedAt: number): Promise<boolean> {
      const stored = await quietly('set', () => redis.eval(STORE_SCRIPT, 1, keyOf(sneakerId), field, JSON.stringify(outcome), String(startedAt), String(ttlMs)));
      return stored === 1;
    },

    /** Drops every cached answer of these subjects, at once (a new sale arrived at `at`, ms). */
    async invalidate(subjects: readonly string[], at: number): Promise<boolean> {
      return (await quietly('invalidate', () => redis.eval(INVALIDATE_SCRIPT, subjects.length, ...subjects.map(keyOf), String(at), String(ttlMs)))) === 1;
    },

    /**
     * Drops every cached answer of this namespace; answers how many sneakers had some (undefined when Redis failed on
     * the way). Each step is bounded, not the whole: the scan walks every key of a Redis the cache may share with much
     * else, as long as that takes.
     */
    async clear(): Promise<number | undefined> {
      let cleared = 0;
      let cursor = '0';
      do {
        const page = await quietly('clear', () => redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000));
        if (!page) return undefined;
        const [next, keys] = page;
        cursor = next;
        const dropped = keys.length > 0 ? await quietly('clear', () => redis.unlink(...keys)) : 0;
        if (dropped === undefined) return undefined;
        cleared += dropped;
      } while (cursor !== '0');
      return cleared;
    },

    /** Sneakers with cached answers (a scan, bounded), or undefined when Redis is unavailable. */
    async entries(): Promise<number | undefined> {
      return quietly('entries', async () => {
        let count = 0;
        let cursor = '0';
        let rounds = 0;
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
          cursor = next;
          count += keys.filter((key) => !key.startsWith(`${prefix}claim:`)).length;
        } while (cursor !== '0' && ++rounds < 50);
        return count;
      });
    },

    /** Whether Redis answers now. */
    available: async (): Promise<boolean> => (await quietly('ping', () => redis.ping())) === 'PONG',
  };
}

export type ForecastCache = ReturnType<typeof createForecastCache>;
