import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { fixedClock } from './clock.ts';
import { AppError } from './errors.ts';
import type { JwtVerifier, Principal } from './jwt.ts';
import { rememberVerifiedTokens } from './verified-tokens.ts';

const principal: Principal = { id: 'u1', email: 'u1@example.com', name: 'U', role: 'member', tier: 'trial' };
const secret = new TextEncoder().encode('a-test-secret-of-enough-length-000');
const token = (expiresAt: Date) => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setExpirationTime(Math.floor(expiresAt.getTime() / 1000)).sign(secret);

/** A verifier that counts its calls and accepts the tokens it is told to. */
function counting(valid: Set<string>) {
  const counter = { calls: 0 };
  const verifier: JwtVerifier = {
    async verify(t) {
      counter.calls++;
      if (!valid.has(t)) throw AppError.unauthorized('Invalid access token');
      return { ...principal };
    },
  };
  return { verifier, counter };
}

describe('rememberVerifiedTokens', () => {
  it('checks a valid token once, then answers from memory', async () => {
    const clock = fixedClock('2026-11-22T10:00:00Z');
    const t = await token(new Date('2026-11-22T11:00:00Z'));
    const { verifier, counter } = counting(new Set([t]));
    const remembered = rememberVerifiedTokens(verifier, { clock });
    expect(await remembered.verify(t)).toEqual(principal);
    expect(await remembered.verify(t)).toEqual(principal);
    expect(counter.calls).toBe(1);
  });

  it('never keeps a refused token', async () => {
    const { verifier, counter } = counting(new Set());
    const remembered = rememberVerifiedTokens(verifier);
    await expect(remembered.verify('bad')).rejects.toThrow('Invalid access token');
    await expect(remembered.verify('bad')).rejects.toThrow('Invalid access token');
    expect(counter.calls).toBe(2);
  });

  it('refuses a remembered token once it expired, and checks again after the maximum age', async () => {
    const clock = fixedClock('2026-11-22T10:00:00Z');
    const t = await token(new Date('2026-11-22T10:30:00Z'));
    const { verifier, counter } = counting(new Set([t]));
    const remembered = rememberVerifiedTokens(verifier, { clock, maxAgeMs: 60_000 });
    await remembered.verify(t);
    clock.advance(2 * 60_000);
    await remembered.verify(t);
    expect(counter.calls).toBe(2);
    clock.advance(30 * 60_000);
    await expect(remembered.verify(t)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
  });

  it('keeps at most the asked number of tokens', async () => {
    const clock = fixedClock('2026-11-22T10:00:00Z');
    const tokens = await Promise.all([1, 2, 3].map((i) => token(new Date(Date.parse('2026-11-22T11:00:00Z') + i * 1000))));
    const { verifier, counter } = counting(new Set(tokens));
    const remembered = rememberVerifiedTokens(verifier, { clock, maxEntries: 2 });
    for (const t of tokens) await remembered.verify(t);
    await remembered.verify(tokens[0]!);
    expect(counter.calls).toBe(4);
  });
});
