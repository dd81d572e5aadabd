import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError, type Clock, type Logger, type Redis, type ServiceClient } from '@kicksight/platform';
import { EdgeErrorCode } from '../errors.ts';

/** Bearer values with this prefix are personal API keys, not access tokens. */
export const API_KEY_PREFIX = 'ks_live_';
/** An exchange is kept at most this long, and dropped this long before its token expires. */
const CACHE_MAX_S = 60;
const CACHE_MARGIN_S = 30;

export const isApiKey = (credential: string): boolean => credential.startsWith(API_KEY_PREFIX);

export interface Exchange {
  accessToken: string;
  /** Expiry of the access token, epoch milliseconds. */
  expiresAt: number;
}

const exchangeSchema = z.object({
  accessToken: z.string().min(1),
  expiresAt: z.union([z.number().int(), z.iso.datetime().transform((s) => Date.parse(s))]),
});

export const apiKeyCacheKey = (key: string): string => `apikey:${createHash('sha256').update(key).digest('hex')}`;

/** Seconds an exchange may stay cached: at most a minute, and never up to the token's expiry. */
export function exchangeCacheSeconds(expiresAt: number, now: Date): number {
  return Math.min(CACHE_MAX_S, Math.floor((expiresAt - now.getTime()) / 1000) - CACHE_MARGIN_S);
}

export interface ApiKeyExchangeOptions {
  auth: ServiceClient;
  redis: Redis;
  clock: Clock;
  logger: Logger;
}

/** Exchanges a personal API key at auth's internal port for a short-lived access token of its owner. */
export function createApiKeyExchange({ auth, redis, clock, logger }: ApiKeyExchangeOptions) {
  async function cached(cacheKey: string): Promise<Exchange | undefined> {
    const raw = await redis.get(cacheKey).catch((err: unknown) => logger.warn({ err }, 'API key cache unavailable'));
    return raw ? (JSON.parse(raw) as Exchange) : undefined;
  }

  async function ask(key: string, requestId?: string): Promise<Exchange> {
    let answer: unknown;
    try {
      answer = await auth.post('/internal/api-keys/verify', { key }, { requestId });
    } catch (err) {
      // Auth's own answers about the key (INVALID_API_KEY, PREMIUM_FEATURE) reach the caller; a refused
      // service token or a missing endpoint is our misconfiguration, not the caller's fault.
      if (err instanceof AppError && ((err.status === 401 && err.code !== EdgeErrorCode.INVALID_API_KEY) || err.status === 404)) {
        logger.error({ status: err.status, code: err.code }, 'auth refused the API key exchange call');
        throw AppError.unavailable('API keys cannot be checked right now. Please try again shortly.', err);
      }
      throw err;
    }
    const parsed = exchangeSchema.safeParse(answer);
    if (!parsed.success) throw AppError.unavailable('The auth service could not answer. Please try again shortly.');
    return parsed.data;
  }

  return async function exchange(key: string, requestId?: string): Promise<Exchange> {
    const cacheKey = apiKeyCacheKey(key);
    const hit = await cached(cacheKey);
    if (hit && hit.expiresAt > clock.now().getTime()) return hit;
    const fresh = await ask(key, requestId);
    const ttl = exchangeCacheSeconds(fresh.expiresAt, clock.now());
    if (ttl > 0) await redis.set(cacheKey, JSON.stringify(fresh), 'EX', ttl).catch((err: unknown) => logger.warn({ err }, 'API key cache unavailable'));
    return fresh;
  };
}

export type ApiKeyExchange = ReturnType<typeof createApiKeyExchange>;
