import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from '@kicksight/platform';

/**
 * StockX's rate limit counted in API calls, across pods (Redis): at most `calls` calls in every window
 * of `windowMs`. Each call to StockX takes one first, so a job that makes two calls (mapping a sneaker:
 * a search, then its variants) counts two. Without one left, the caller waits for the window to turn.
 */
export function createCallBudget({ redis, key, calls, windowMs }: { redis: Redis; key: string; calls: number; windowMs: number }) {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: key, points: calls, duration: windowMs / 1_000 });
  return {
    /** Waits until a call may leave, and counts it. */
    async take(): Promise<void> {
      for (;;) {
        try {
          await limiter.consume('calls', 1);
          return;
        } catch (err) {
          if (!(err instanceof RateLimiterRes)) throw err;
          await sleep(Math.max(10, err.msBeforeNext));
        }
      }
    },
  };
}

export type CallBudget = ReturnType<typeof createCallBudget>;
