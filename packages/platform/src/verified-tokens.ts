import { decodeJwt } from 'jose';
import { ACCESS_TOKEN_TTL_MS, ErrorCode } from '@kicksight/contracts';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import { AppError } from './errors.ts';
import type { JwtVerifier, Principal } from './jwt.ts';

export interface VerifiedTokensOptions {
  clock?: Clock;
  /** Most tokens kept; the least recently used goes first. */
  maxEntries?: number;
  /** Longest a verification is reused (a signing key withdrawn from the key set stops working after this). */
  maxAgeMs?: number;
}

interface Entry {
  principal: Principal;
  expiresAt: number;
  reuseUntil: number;
}

/**
 * A verifier that remembers the tokens it verified, so a client's next calls skip the signature
 * check (the costliest step of a cheap request). Only valid tokens are kept, the expiry is checked
 * on every use, and memory is bounded.
 */
export function rememberVerifiedTokens(verifier: JwtVerifier, { clock = systemClock, maxEntries = 10_000, maxAgeMs = 5 * 60_000 }: VerifiedTokensOptions = {}): JwtVerifier {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();

  async function verifyAndKeep(token: string): Promise<Principal> {
    const principal = Object.freeze(await verifier.verify(token));
    const now = clock.now().getTime();
    const exp = decodeJwt(token).exp;
    const expiresAt = exp === undefined ? now + ACCESS_TOKEN_TTL_MS : exp * 1000;
    if (expiresAt > now) {
      entries.set(token, { principal, expiresAt, reuseUntil: Math.min(expiresAt, now + maxAgeMs) });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return principal;
  }

  return {
    async verify(token) {
      const entry = entries.get(token);
      if (!entry) return verifyAndKeep(token);
      entries.delete(token);
      const now = clock.now().getTime();
      if (now >= entry.expiresAt) throw AppError.unauthorized('Your session has expired', ErrorCode.TOKEN_EXPIRED);
      if (now >= entry.reuseUntil) return verifyAndKeep(token);
      entries.set(token, entry);
      return entry.principal;
    },
  };
}
