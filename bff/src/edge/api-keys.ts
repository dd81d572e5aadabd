import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { isEvent, type Envelope } from '@kicksight/contracts';
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

/** The SHA-256 hex of a key: what auth stores, and what names the key's cached exchange. */
export const apiKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');
export const exchangeCacheKey = (keyHash: string): string => `apikey:${keyHash}`;
export const apiKeyCacheKey = (key: string): string => exchangeCacheKey(apiKeyHash(key));
/** The hashes of the keys of a user whose exchanges may be cached, so a change of the user drops them all. */
export const userExchangesKey = (userId: string): string => `apikeys:user:${userId}`;
/** Set for a while after a user's exchanges were dropped: meanwhile that user's exchanges are not cached. */
export const userHoldKey = (userId: string): string => `apikeys:hold:user:${userId}`;
/**
 * How long a user's new exchanges are not cached after a change of the user. Auth applies a
 * subscription change from the same events the BFF purges on, possibly a little later: an exchange
 * answered in between still carries the old plan and must not be kept.
 */
export const EXCHANGE_HOLD_S = 30;

/** Allowance for clocks of auth and the BFF that disagree, when judging how old an event is. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Whether an exchange cached before a change may still be in the cache: exchanges live at most
 * CACHE_MAX_S, so a change older than that (and the clock skew allowance) has nothing left to purge.
 */
export function exchangesMayOutlive(occurredAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(occurredAt) <= CACHE_MAX_S * 1000 + CLOCK_SKEW_MS;
}

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

  /** Caches an exchange, and notes its key under its owner (from the token's subject) for the purges. */
  async function keep(keyHash: string, fresh: Exchange, ttl: number): Promise<void> {
    let owner: string | undefined;
    try {
      owner = decodeJwt(fresh.accessToken).sub;
    } catch {
      // Not a readable token: it fails verification right after, and nothing is cached for an owner.
    }
    if (owner && (await redis.exists(userHoldKey(owner))) === 1) return;
    const write = redis.multi().set(exchangeCacheKey(keyHash), JSON.stringify(fresh), 'EX', ttl);
    // The index outlives every exchange it names: each of them lives at most CACHE_MAX_S.
    if (owner) write.sadd(userExchangesKey(owner), keyHash).expire(userExchangesKey(owner), CACHE_MAX_S);
    const results = await write.exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (failed) throw failed;
  }

  return async function exchange(key: string, requestId?: string): Promise<Exchange> {
    const keyHash = apiKeyHash(key);
    const hit = await cached(exchangeCacheKey(keyHash));
    if (hit && hit.expiresAt > clock.now().getTime()) return hit;
    const fresh = await ask(key, requestId);
    const ttl = exchangeCacheSeconds(fresh.expiresAt, clock.now());
    if (ttl > 0) await keep(keyHash, fresh, ttl).catch((err: unknown) => logger.warn({ err }, 'API key cache unavailable'));
    return fresh;
  };
}

export type ApiKeyExchange = ReturnType<typeof createApiKeyExchange>;

export interface ExchangePurge {
  /** Drops the cached exchange of one key (by its hash). */
  forgetKey(keyHash: string): Promise<void>;
  /** Drops every cached exchange of a user's keys, and caches none of theirs for EXCHANGE_HOLD_S. */
  forgetUser(userId: string): Promise<void>;
}

/** Removes cached exchanges from Redis, which every BFF pod shares. */
export function createExchangePurge(redis: Redis): ExchangePurge {
  return {
    async forgetKey(keyHash) {
      await redis.del(exchangeCacheKey(keyHash));
    },
    async forgetUser(userId) {
      // Read and drop the index in one transaction: an exchange cached after it starts a new index.
      const results = await redis
        .multi()
        .smembers(userExchangesKey(userId))
        .del(userExchangesKey(userId))
        .set(userHoldKey(userId), '1', 'EX', EXCHANGE_HOLD_S)
        .exec();
      const [err, hashes] = results?.[0] ?? [new Error('the purge transaction was aborted')];
      if (err) throw err;
      const keys = (hashes as string[]).map(exchangeCacheKey);
      if (keys.length > 0) await redis.del(...keys);
    },
  };
}

/**
 * Keeps cached exchanges from outliving a change that ends or alters what a key may do: the key's
 * revocation (`user.api_key_revoked`), its owner's deletion (`user.deleted`) and any change of the
 * owner's subscription (`subscription.*`). The next call with the key is exchanged at auth again.
 */
export function exchangePurgeHandler(purge: ExchangePurge, clock: Clock) {
  return async (event: Envelope): Promise<void> => {
    const isOwnerChange = isEvent(event, 'user.deleted@1') || event.type.startsWith('subscription.');
    if (!isOwnerChange && !isEvent(event, 'user.api_key_revoked@1')) return;
    if (!exchangesMayOutlive(event.occurredAt, clock.now())) return;
    if (isEvent(event, 'user.api_key_revoked@1')) return purge.forgetKey(event.data.keyHash);
    const userId = (event.data as { userId?: unknown } | null)?.userId;
    if (typeof userId === 'string') await purge.forgetUser(userId);
  };
}
