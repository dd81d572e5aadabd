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
  /** Adds this pod's counts not yet shared to Redis (the background synchronisation does it every `syncMs`). */
  sync(): Promise<void>;
  /** Stops the background synchronisation after a last one. */
  close(): Promise<void>;
}

/** One key's count in the current fixed window: what Redis said last, what is on its way there, what is not yet sent. */
interface WindowCount {
  start: number;
  shared: number;
  sending: number;
  pending: number;
}

const SYNC_MS = 100;

/**
 * A fixed-window limit shared by every pod through Redis, decided locally first: a request is counted and
 * judged in this pod's memory (the shared count Redis gave last, plus this pod's counts since) with no Redis
 * round trip, and every `syncMs` in the background the pod adds its new counts to Redis in one pipeline
 * (INCRBY per key) and learns the shared totals from the answers. Pods together may go over a limit by what
 * they count between two synchronisations. While Redis is away the counts stay in memory (the limit holds
 * per pod) and are added once it is back; the limit never takes the product down.
 */
export function createRateLimiter({ redis, keyPrefix, points, durationS, logger, message = 'Too many requests. Please slow down and try again shortly.', syncMs = SYNC_MS, now = Date.now }: RateLimitOptions): RateLimiter {
  const durationMs = durationS * 1000;
  const counts = new Map<string, WindowCount>();
  const windowStart = (at: number) => at - (at % durationMs);
  let syncing: Promise<void> | undefined;
  let warnedAt = Number.NEGATIVE_INFINITY;

  const countOf = (key: string, start: number): WindowCount => {
    let count = counts.get(key);
    if (!count || count.start !== start) {
      count = { start, shared: 0, sending: 0, pending: 0 };
      counts.set(key, count);
    }
    return count;
  };

  async function share(): Promise<void> {
    const start = windowStart(now());
    const batch: { key: string; count: WindowCount; n: number }[] = [];
    for (const [key, count] of counts) {
      if (count.start !== start) counts.delete(key);
      else if (count.pending > 0) batch.push({ key, count, n: count.pending });
    }
    if (batch.length === 0) return;
    const pipeline = redis.pipeline();
    for (const { key, n } of batch) {
      const redisKey = `${keyPrefix}:${key}:${start}`;
      pipeline.incrby(redisKey, n).pexpire(redisKey, durationMs + 1_000);
    }
    for (const item of batch) {
      item.count.pending -= item.n;
      item.count.sending += item.n;
    }
    const results = await pipeline.exec().catch((err: unknown): [Error, null][] => batch.flatMap(() => [[err as Error, null], [err as Error, null]]));
    batch.forEach(({ count, n }, i) => {
      count.sending -= n;
      const [err, total] = results?.[2 * i] ?? [new Error('no answer'), null];
      if (err) {
        // Not shared: counted again at the next synchronisation, and in this pod's judgement meanwhile.
        count.pending += n;
        if (now() - warnedAt > 60_000) {
          warnedAt = now();
          logger.warn({ err }, 'rate limits could not be shared through Redis; counting them in this pod until it answers');
        }
      } else count.shared = Math.max(count.shared, Number(total));
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
      if (count.shared + count.sending + count.pending >= points) {
        res.setHeader('Retry-After', String(retryAfterSeconds(start + durationMs - at)));
        throw new AppError(429, ErrorCode.RATE_LIMITED, message);
      }
      count.pending += 1;
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
