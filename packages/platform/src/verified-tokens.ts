import { systemClock, type Clock } from './clock.ts';
import type { JwtVerifier } from './jwt.ts';
import { createTokenCache } from './token-cache.ts';

export interface VerifiedTokensOptions {
  clock?: Clock;
  /** Most tokens kept; the least recently used goes first. */
  maxEntries?: number;
  /** Longest a verification is reused (a signing key withdrawn from the key set stops working after this). */
  maxAgeMs?: number;
}

/**
 * A verifier that remembers the tokens it verified (the token cache), so a client's next calls skip
 * the signature check: only valid tokens are kept, the expiry is checked on every use, memory is bounded.
 */
export function rememberVerifiedTokens(verifier: JwtVerifier, { clock = systemClock, ...limits }: VerifiedTokensOptions = {}): JwtVerifier {
  const cache = createTokenCache({ verifier, clock, ...limits });
  return { verify: async (token) => (await cache.verify(token)).principal };
}
