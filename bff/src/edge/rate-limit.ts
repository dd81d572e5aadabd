import type { RequestHandler, Response } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
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
}

/** Whole seconds a client should wait, never 0 (a 0 would invite an immediate retry). */
export const retryAfterSeconds = (msBeforeNext: number): number => Math.max(1, Math.ceil(msBeforeNext / 1000));

export interface RateLimiter {
  /** Counts one request of `key`; answers 429 (with `Retry-After`) through the thrown error when over the limit. */
  consume(key: string, res: Response): Promise<void>;
}

/**
 * A fixed-window limit shared by every pod through Redis. While Redis is away the same limit is counted
 * in this pod's memory (rate-limiter-flexible's insurance limiter), without waiting on Redis: the limit
 * keeps protecting the services, per pod, and never takes the product down. Should both fail, the
 * request goes through (logged).
 */
export function createRateLimiter({ redis, keyPrefix, points, durationS, logger, message = 'Too many requests. Please slow down and try again shortly.' }: RateLimitOptions): RateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: durationS,
    // A client that is not connected goes straight to memory instead of trying Redis first.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: durationS }),
  });
  return {
    async consume(key, res) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) {
          logger.warn({ err }, 'rate limit unavailable; letting the request through');
          return;
        }
        res.setHeader('Retry-After', String(retryAfterSeconds(err.msBeforeNext)));
        throw new AppError(429, ErrorCode.RATE_LIMITED, message);
      }
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
