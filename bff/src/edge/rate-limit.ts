import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { ErrorCode } from '@kicksight/contracts';
import { AppError, type Logger, type Redis } from '@kicksight/platform';

export interface RateLimitOptions {
  redis: Redis;
  /** Namespace of this limiter's counters. */
  keyPrefix: string;
  points: number;
  durationS: number;
  logger: Logger;
  message?: string;
  /** How often this pod adds its new counts to the shared ones in Redis and reads them back. */
  syncMs?: number;
  now?: () => number;
}

/** Whole seconds a client should wait, never 0 (a 0 would invite an immediate retry). */
export const retryAfterSeconds = (msBeforeNext: number): number => Math.max(1, Math.ceil(msBeforeNext / 1000));

export interface RateLimiter {
  /** Counts one request of `key`; answers 429 (with `Retry-After`) through the thrown error when over the limit. */
  consume(key: string, res: Response): Promise<void>;
  /** Records this pod's counts in Redis, where they changed (the background synchronisation does it every `syncMs`). */
  sync(): Promise<void>;
  /** Stops the background synchronisation after a last one. */
  close(): Promise<void>;
}

/**
 * One key's count in the current fixed window: this pod's own count, the part of it Redis has acknowledged,
 * and what the other pods had counted at Redis's last answer.
 */
interface WindowCount {
  start: number;
  mine: number;
  acknowledged: number;
  others: number;
}

const SYNC_MS = 100;

/**
 * Records this pod's count of a window (`ARGV[2]`) in the window's hash under the pod's own field (`ARGV[1]`),
 * unless a count as large is there already, and answers the pod's recorded count and the window's total over
 * every pod. A count is a pod's total so far, never an increment: the same one sent twice (a late answer
 * taken for a lost one, a command ioredis sends again after reconnecting) or an older one arriving after a
 * newer one changes nothing.
 */
const RECORD_COUNT = `
local recorded = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local count = tonumber(ARGV[2])
if count > recorded then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  recorded = count
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local total = 0
for _, value in ipairs(redis.call('HVALS', KEYS[1])) do total = total + tonumber(value) end
return { recorded, total }
`;

declare module 'ioredis' {
  interface ChainableCommander {
    recordRateLimitCount(key: string, pod: string, count: number, ttlMs: number): ChainableCommander;
  }
}

/**
 * A fixed-window limit shared by every pod through Redis, decided locally first: a request is counted and
 * judged in this pod's memory (the other pods' counts Redis gave last, plus this pod's own) with no Redis
 * round trip, and every `syncMs` in the background the pod records its counts in Redis in one pipeline
 * (one hash per key and window, a field per pod) and learns the others' from the answers. A pod records
 * its total so far, not what it counted since: a synchronisation whose answer is late or lost is simply
 * overtaken by the next one, and no count is ever applied twice. Pods together may go over a limit by
 * what they count between two synchronisations. While Redis is away the counts stay in memory (the limit
 * holds per pod) and reach Redis once it is back; the limit never takes the product down.
 */
export function createRateLimiter({ redis, keyPrefix, points, durationS, logger, message = 'Too many requests. Please slow down and try again shortly.', syncMs = SYNC_MS, now = Date.now }: RateLimitOptions): RateLimiter {
  const durationMs = durationS * 1000;
  const pod = randomUUID();
  const counts = new Map<string, WindowCount>();
  const windowStart = (at: number) => at - (at % durationMs);
  let syncing: Promise<void> | undefined;
  let warnedAt = Number.NEGATIVE_INFINITY;
  if (!('recordRateLimitCount' in redis)) redis.defineCommand('recordRateLimitCount', { numberOfKeys: 1, lua: RECORD_COUNT });

  const countOf = (key: string, start: number): WindowCount => {
    let count = counts.get(key);
    if (!count || count.start !== start) {
      count = { start, mine: 0, acknowledged: 0, others: 0 };
      counts.set(key, count);
    }
    return count;
  };

  async function share(): Promise<void> {
    const start = windowStart(now());
    const batch: { key: string; count: WindowCount; mine: number }[] = [];
    for (const [key, count] of counts) {
      if (count.start !== start) counts.delete(key);
      else if (count.mine > count.acknowledged) batch.push({ key, count, mine: count.mine });
    }
    if (batch.length === 0) return;
    const pipeline = redis.pipeline();
    for (const { key, mine } of batch) pipeline.recordRateLimitCount(`${keyPrefix}:${key}:${start}`, pod, mine, durationMs + 1_000);
    const results = await pipeline.exec().catch((err: unknown): [Error, null][] => batch.map(() => [err as Error, null]));
    batch.forEach(({ count }, i) => {
      const [err, answer] = results?.[i] ?? [new Error('no answer'), null];
      if (err) {
        // Not recorded (or not known to be): the next synchronisation sends this pod's count again, with what it counted since.
        if (now() - warnedAt > 60_000) {
          warnedAt = now();
          logger.warn({ err }, 'rate limits could not be shared through Redis; counting them in this pod until it answers');
        }
        return;
      }
      const [recorded, total] = (answer as [number, number]).map(Number) as [number, number];
      count.acknowledged = Math.max(count.acknowledged, recorded);
      count.others = Math.max(count.others, total - recorded);
    });
  }

  const sync = (): Promise<void> => {
    syncing ??= share().finally(() => (syncing = undefined));
    return syncing;
  };
  const timer = setInterval(() => void sync(), syncMs);
  timer.unref();

  return {
    async consume(key, res) {
      const at = now();
      const start = windowStart(at);
      const count = countOf(key, start);
      if (count.others + count.mine >= points) {
        res.setHeader('Retry-After', String(retryAfterSeconds(start + durationMs - at)));
        throw new AppError(429, ErrorCode.RATE_LIMITED, message);
      }
      count.mine += 1;
    },
    sync,
    async close() {
      clearInterval(timer);
      await sync();
    },
  };
}

/** Limits a route per client address. */
export const limitByAddress =
  (limiter: RateLimiter): RequestHandler =>
  async (req, res, next) => {
    try {
      await limiter.consume(`ip:${req.ip}`, res);
      next();
    } catch (err) {
      next(err);
    }
  };
