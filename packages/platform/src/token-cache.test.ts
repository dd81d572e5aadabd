import { describe, expect, it, vi } from 'vitest';
import { UnsecuredJWT } from 'jose';
import { fixedClock } from './clock.ts';
import { AppError } from './errors.ts';
import type { JwtVerifier, Principal } from './jwt.ts';
import { createTokenCache } from './token-cache.ts';

const start = new Date('2025-03-01T12:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A token whose only meaningful parts here are its subject and expiry (the verifier is a stand-in). */
const token = (sub: string, expiresInS = 3600) => new UnsecuredJWT({}).setSubject(sub).setExpirationTime(seconds(start) + expiresInS).encode();

function setup({ maxEntries = 3, maxAgeMs = 5 * 60_000 } = {}) {
  const clock = fixedClock(start);
  const principalOf = (t: string): Principal => ({ id: JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sub, email: 'a@b.c', name: 'A', role: 'member', tier: 'trial' });
  const verify = vi.fn(async (t: string) => {
    const principal = principalOf(t);
    if (principal.id === 'refused') throw AppError.unauthorized('Invalid access token');
    return principal;
  });
  const verifier: JwtVerifier = { verify };
  return { clock, verify, cache: createTokenCache({ verifier, clock, maxEntries, maxAgeMs }) };
}

describe('token cache', () => {
  it('verifies a token once, then answers its principal and expiry from memory', async () => {
    const { cache, verify } = setup();
    const t = token('u1');
    const first = await cache.verify(t);
    const again = await cache.verify(t);
    expect(again).toEqual(first);
    expect(first).toEqual({ principal: expect.objectContaining({ id: 'u1' }), expiresAt: (seconds(start) + 3600) * 1000 });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first.principal)).toBe(true);
  });

  it('checks the expiry on every use: a kept token that expired answers TOKEN_EXPIRED and is dropped', async () => {
    const { cache, clock, verify } = setup();
    const t = token('u1', 60);
    await cache.verify(t);
    clock.advance(59_999);
    await expect(cache.verify(t)).resolves.toMatchObject({ principal: { id: 'u1' } });
    clock.advance(1);
    await expect(cache.verify(t)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(cache.size).toBe(0);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('checks the signature again once a verification is older than the maximum age', async () => {
    const { cache, clock, verify } = setup({ maxAgeMs: 60_000 });
    const t = token('u1');
    await cache.verify(t);
    clock.advance(59_000);
    await cache.verify(t);
    expect(verify).toHaveBeenCalledTimes(1);
    clock.advance(1_000);
    await cache.verify(t);
    expect(verify).toHaveBeenCalledTimes(2);
    // And keeps the new verification for another maximum age.
    clock.advance(30_000);
    await cache.verify(t);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never keeps a refused token', async () => {
    const { cache, verify } = setup();
    const t = token('refused');
    await expect(cache.verify(t)).rejects.toMatchObject({ status: 401 });
    await expect(cache.verify(t)).rejects.toMatchObject({ status: 401 });
    expect(verify).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries tokens, evicting the least recently used', async () => {
    const { cache, verify } = setup({ maxEntries: 3 });
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => token(id));
    await cache.verify(a!);
    await cache.verify(b!);
    await cache.verify(c!);
    // Using `a` again makes `b` the least recently used.
    await cache.verify(a!);
    await cache.verify(d!);
    expect(cache.size).toBe(3);
    expect(verify).toHaveBeenCalledTimes(4);
    await cache.verify(a!);
    await cache.verify(c!);
    await cache.verify(d!);
    expect(verify).toHaveBeenCalledTimes(4);
    await cache.verify(b!);
    expect(verify).toHaveBeenCalledTimes(5);
    expect(cache.size).toBe(3);
  });

  it('does not keep a token that expired while it was being verified', async () => {
    const { cache, clock, verify } = setup();
    verify.mockImplementationOnce(async () => {
      clock.advance(2 * 60_000);
      return { id: 'u1', email: 'a@b.c', name: 'A', role: 'member', tier: 'trial' };
    });
    await cache.verify(token('u1', 60));
    expect(cache.size).toBe(0);
  });
});
