import type { Response } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, type Redis } from '@kicksight/platform';
import type { Config } from '../config.ts';

const FIFTEEN_MINUTES = 15 * 60;

/** Brute-force limits, counted in Redis so every replica shares them. */
export function createLimits(redis: Redis, config: Config, namespace: string) {
  const limiter = (name: string, points: number, duration: number) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${namespace}:${name}`, points, duration });
  return {
    loginPerIp: limiter('login-ip', config.LOGIN_ATTEMPTS_PER_IP, FIFTEEN_MINUTES),
    /**
     * Consecutive wrong passwords for one account from one address (rate-limiter-flexible's
     * consecutive-failures pattern): an attacker slows down only themself, and the owner signing in
     * from an address that has not failed is never locked out.
     */
    loginFailuresPerAccountAndAddress: limiter('login-failures', config.LOGIN_FAILURES_PER_ACCOUNT, FIFTEEN_MINUTES),
    registerPerIp: limiter('register-ip', config.REGISTRATIONS_PER_IP_PER_HOUR, 60 * 60),
    resetPerIp: limiter('reset-ip', config.RESET_REQUESTS_PER_IP, FIFTEEN_MINUTES),
    resetPerAccount: limiter('reset-account', config.RESET_REQUESTS_PER_ACCOUNT, FIFTEEN_MINUTES),
  };
}
export type Limits = ReturnType<typeof createLimits>;

function tooMany(res: Response, msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  res.setHeader('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** Counts one attempt; 429 once the limit is used up. */
export async function take(res: Response, limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooMany(res, err.msBeforeNext);
    throw AppError.unavailable('Sign-in protection is unavailable; please try again shortly.', err);
  }
}

/** 429 when the key already used up its limit, without counting an attempt. */
export async function assertNotBlocked(res: Response, limiter: RateLimiterRedis, key: string): Promise<void> {
  const state = await limiter.get(key).catch((err: unknown) => {
    throw AppError.unavailable('Sign-in protection is unavailable; please try again shortly.', err);
  });
  if (state && state.consumedPoints >= limiter.points) throw tooMany(res, state.msBeforeNext);
}

/** Counts a failure without refusing this request (the next one is refused). */
export async function recordFailure(limiter: RateLimiterRedis, key: string): Promise<void> {
  await limiter.consume(key).catch(() => undefined);
}
