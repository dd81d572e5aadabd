import { describe, expect, it, vi } from 'vitest';
import { newEvent, fixedClock, type Principal } from '@kicksight/platform';
import { apiKeyCacheKey, exchangeCacheSeconds, isApiKey } from './api-keys.ts';
import { denylistHandler, denylistTtlSeconds } from './denylist.ts';
import { assertAccess } from './gate.ts';
import { retryAfterSeconds } from './rate-limit.ts';
import type { Identity } from './identity.ts';

const now = new Date('2025-03-01T12:00:00Z');

describe('denylistTtlSeconds', () => {
  it('keeps a deletion for the lifetime of the tokens issued before it', () => {
    expect(denylistTtlSeconds(now, now)).toBe(3600);
    expect(denylistTtlSeconds(new Date(now.getTime() - 20 * 60_000), now)).toBe(2400);
  });
  it('is 0 once every token issued before the deletion has expired', () => {
    expect(denylistTtlSeconds(new Date(now.getTime() - 61 * 60_000), now)).toBe(0);
  });
});

describe('denylistHandler', () => {
  const clock = fixedClock(now);
  it('denies a deleted user for the rest of the token lifetime', async () => {
    const denylist = { deny: vi.fn(async () => {}), isDenied: vi.fn() };
    await denylistHandler(denylist, clock)(newEvent('user.deleted@1', { userId: 'u9' }, { clock }));
    expect(denylist.deny).toHaveBeenCalledWith('u9', 3600);
  });
  it('ignores other user events and deletions too old to matter', async () => {
    const denylist = { deny: vi.fn(async () => {}), isDenied: vi.fn() };
    await denylistHandler(denylist, clock)(newEvent('user.active@1', { userId: 'u9', day: '2025-03-01' }, { clock }));
    await denylistHandler(denylist, clock)(newEvent('user.deleted@1', { userId: 'u9' }, { clock: fixedClock('2025-03-01T10:00:00Z') }));
    expect(denylist.deny).not.toHaveBeenCalled();
  });
});

describe('API key helpers', () => {
  it('recognises keys by their prefix', () => {
    expect(isApiKey('ks_live_abc')).toBe(true);
    expect(isApiKey('eyJhbGciOi')).toBe(false);
  });
  it('caches an exchange at most a minute and never up to its expiry', () => {
    expect(exchangeCacheSeconds(now.getTime() + 5 * 60_000, now)).toBe(60);
    expect(exchangeCacheSeconds(now.getTime() + 75_000, now)).toBe(45);
    expect(exchangeCacheSeconds(now.getTime() + 20_000, now)).toBeLessThanOrEqual(0);
  });
  it('keys the cache by a hash, never by the key itself', () => {
    const key = apiKeyCacheKey('ks_live_secret');
    expect(key).toMatch(/^apikey:[0-9a-f]{64}$/);
    expect(key).not.toContain('secret');
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up and never says 0', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(59_000)).toBe(59);
  });
});

describe('assertAccess', () => {
  const principal = (role: Principal['role']): Identity => ({
    principal: { id: 'u1', email: 'a@b.c', name: 'A', role, tier: 'trial' },
    token: 't',
    expiresAt: 0,
    viaApiKey: false,
  });
  const route = (access: 'public' | 'token' | 'admin' | 'optional') => ({ owner: 'auth' as const, access, queryToken: false });
  const expired = Object.assign(new Error('expired'), { status: 401, code: 'TOKEN_EXPIRED' });

  it('lets anyone through public and optional routes', () => {
    expect(() => assertAccess(route('public'), undefined, expired)).not.toThrow();
    expect(() => assertAccess(route('optional'), undefined, expired)).not.toThrow();
  });
  it('answers a token route without identity with the reason the credential failed, or 401', () => {
    expect(() => assertAccess(route('token'), undefined, expired)).toThrow(expired);
    expect(() => assertAccess(route('token'), undefined, undefined)).toThrow(expect.objectContaining({ status: 401, code: 'UNAUTHORIZED' }));
    expect(() => assertAccess(route('token'), principal('member'), undefined)).not.toThrow();
  });
  it('asks an admin role of admin routes', () => {
    expect(() => assertAccess(route('admin'), principal('member'), undefined)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertAccess(route('admin'), principal('admin'), undefined)).not.toThrow();
  });
});
