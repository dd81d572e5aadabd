import { decodeJwt } from 'jose';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_TTL_MS, ErrorCode } from '@kicksight/contracts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import type { JwtVerifier, Principal } from './jwt.ts';

/** What a verified access token says: who it is for, and until when (epoch milliseconds). */
export interface VerifiedToken {
  principal: Readonly<Principal>;
  expiresAt: number;
}

export interface TokenCacheOptions {
  verifier: JwtVerifier;
  clock: Clock;
  /** Most tokens kept; the least recently used one goes first. */
  maxEntries?: number;
  /**
   * Longest a verification is reused. A token cannot change, but the keys that signed it can be
   * withdrawn from auth's key set; after this long the signature is checked again.
   */
  maxAgeMs?: number;
}

export const TOKEN_CACHE_MAX_ENTRIES = 10_000;
export const TOKEN_CACHE_MAX_AGE_MS = 5 * 60 * 1000;

interface Entry extends VerifiedToken {
  /** When this verification stops being reused: the token's expiry, or its maximum age, whichever is first. */
  reuseUntil: number;
}

const expired = () => AppError.unauthorized('Your session has expired', ErrorCode.TOKEN_EXPIRED);

/**
 * Verifies access tokens, remembering the tokens that verified so a client's next calls skip the
 * signature check. Only valid tokens are kept (a refused token is checked again every time), the
 * expiry is checked on every use, and the memory is bounded (least recently used out first).
 */
export function createTokenCache({ verifier, clock, maxEntries = TOKEN_CACHE_MAX_ENTRIES, maxAgeMs = TOKEN_CACHE_MAX_AGE_MS }: TokenCacheOptions) {
  // Bounded, least recently used out first. An entry lives for its reuse window on the service's clock
  // (read on every check); a stale one is still handed back once, so an expired token answers TOKEN_EXPIRED.
  const entries = new LRUCache<string, Entry>({ max: maxEntries, perf: { now: () => clock.now().getTime() }, ttlResolution: 0, allowStale: true });

  async function verifyAndKeep(token: string): Promise<VerifiedToken> {
    const principal = Object.freeze(await verifier.verify(token));
    const now = clock.now().getTime();
    const exp = decodeJwt(token).exp;
    const expiresAt = exp === undefined ? now + ACCESS_TOKEN_TTL_MS : exp * 1000;
    // The clock may have moved past the expiry while the keys were fetched: such a token is not kept.
    if (expiresAt > now) {
      const reuseUntil = Math.min(expiresAt, now + maxAgeMs);
      entries.set(token, { principal, expiresAt, reuseUntil }, { ttl: reuseUntil - now });
    }
    return { principal, expiresAt };
  }

  return {
    /** The token's principal and expiry; throws the verifier's 401 (or TOKEN_EXPIRED) when it is not valid. */
    async verify(token: string): Promise<VerifiedToken> {
      const entry = entries.get(token);
      if (entry === undefined) return verifyAndKeep(token);
      const now = clock.now().getTime();
      if (now >= entry.expiresAt) {
        entries.delete(token);
        throw expired();
      }
      if (now >= entry.reuseUntil) {
        entries.delete(token);
        return verifyAndKeep(token);
      }
      return { principal: entry.principal, expiresAt: entry.expiresAt };
    },
    /** Tokens currently kept. */
    get size(): number {
      return entries.size;
    },
  };
}

export type TokenCache = ReturnType<typeof createTokenCache>;
