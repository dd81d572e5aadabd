import { describe, expect, it, vi } from 'vitest';
import { newEvent, fixedClock, type Principal } from '@kicksight/platform';
import { apiKeyCacheKey, apiKeyHash, exchangeCacheSeconds, exchangePurgeHandler, exchangesMayOutlive, isApiKey } from './api-keys.ts';
import { createDenylist, denylistHandler, denylistTtlSeconds } from './denylist.ts';
import { eventsBehind } from './user-events.ts';
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
    const denylist = { deny: vi.fn(), isDenied: vi.fn(), endSession: vi.fn() };
    await denylistHandler(denylist, clock)(newEvent('user.deleted@1', { userId: 'u9' }, { clock }));
    expect(denylist.deny).toHaveBeenCalledWith('u9', 3600);
  });
  it('ignores other user events and deletions too old to matter', async () => {
    const denylist = { deny: vi.fn(), isDenied: vi.fn(), endSession: vi.fn() };
    await denylistHandler(denylist, clock)(newEvent('user.active@1', { userId: 'u9', day: '2025-03-01' }, { clock }));
    await denylistHandler(denylist, clock)(newEvent('user.deleted@1', { userId: 'u9' }, { clock: fixedClock('2025-03-01T10:00:00Z') }));
    expect(denylist.deny).not.toHaveBeenCalled();
  });
  it('ends a signed-out sign-in for the rest of its tokens’ lifetime, and only that sign-in', async () => {
    const denylist = { deny: vi.fn(), isDenied: vi.fn(), endSession: vi.fn() };
    await denylistHandler(denylist, clock)(newEvent('user.signed_out@1', { userId: 'u9', sessionId: 's1' }, { clock }));
    expect(denylist.endSession).toHaveBeenCalledWith('s1', 3600);
    expect(denylist.deny).not.toHaveBeenCalled();
  });
});

describe('in-memory denylist', () => {
  it('refuses a signed-out sign-in apart from its account, until its tokens have expired', () => {
    const clock = fixedClock(now);
    const denylist = createDenylist(clock);
    denylist.endSession('s1', 60);
    expect(denylist.isSessionEnded('s1')).toBe(true);
    expect(denylist.isSessionEnded('s2')).toBe(false);
    expect(denylist.isDenied('s1')).toBe(false);
    clock.advance(60_000);
    expect(denylist.isSessionEnded('s1')).toBe(false);
  });

  it('refuses an account until its deletion has been enforced for the given time, then forgets it', () => {
    const clock = fixedClock(now);
    const denylist = createDenylist(clock);
    denylist.deny('u1', 60);
    expect(denylist.isDenied('u1')).toBe(true);
    expect(denylist.isDenied('u2')).toBe(false);
    clock.advance(59_999);
    expect(denylist.isDenied('u1')).toBe(true);
    clock.advance(1);
    expect(denylist.isDenied('u1')).toBe(false);
    expect(denylist.size).toBe(0);
  });
  it('keeps the later end when told twice, and ignores a time already over', () => {
    const clock = fixedClock(now);
    const denylist = createDenylist(clock);
    denylist.deny('u1', 120);
    denylist.deny('u1', 30);
    denylist.deny('u2', 0);
    clock.advance(90_000);
    expect(denylist.isDenied('u1')).toBe(true);
    expect(denylist.isDenied('u2')).toBe(false);
  });
  it('drops ended entries when another deletion arrives', () => {
    const clock = fixedClock(now);
    const denylist = createDenylist(clock);
    denylist.deny('u1', 10);
    denylist.deny('u2', 10);
    clock.advance(11_000);
    denylist.deny('u3', 10);
    expect(denylist.size).toBe(1);
  });
  it('is filled by the user.deleted handler and refuses for the rest of the token lifetime', async () => {
    const clock = fixedClock(now);
    const denylist = createDenylist(clock);
    await denylistHandler(denylist, clock)(newEvent('user.deleted@1', { userId: 'u9' }, { clock: fixedClock(new Date(now.getTime() - 20 * 60_000)) }));
    clock.advance(40 * 60_000 - 1_000);
    expect(denylist.isDenied('u9')).toBe(true);
    clock.advance(1_000);
    expect(denylist.isDenied('u9')).toBe(false);
  });
});

describe('eventsBehind', () => {
  const ends = new Map([
    [0, { low: 0n, high: 10n }],
    [1, { low: 5n, high: 5n }],
    [2, { low: 3n, high: 7n }],
  ]);
  it('counts from each partition’s start until something was read', () => {
    expect(eventsBehind(ends, new Map())).toBe(14n);
  });
  it('counts what is left up to the end noted at start, never below zero', () => {
    expect(eventsBehind(ends, new Map([[0, 10n], [2, 6n]]))).toBe(1n);
    expect(eventsBehind(ends, new Map([[0, 12n], [2, 7n]]))).toBe(0n);
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
    expect(key).toBe(`apikey:${apiKeyHash('ks_live_secret')}`);
  });
  it('knows when a change is too old for an exchange cached before it to remain', () => {
    expect(exchangesMayOutlive(now.toISOString(), now)).toBe(true);
    expect(exchangesMayOutlive(new Date(now.getTime() - 5 * 60_000).toISOString(), now)).toBe(true);
    expect(exchangesMayOutlive(new Date(now.getTime() - 7 * 60_000).toISOString(), now)).toBe(false);
  });
});

describe('exchangePurgeHandler', () => {
  const clock = fixedClock(now);
  const keyHash = 'a'.repeat(64);
  const setup = () => {
    const purge = { forgetKey: vi.fn(async () => {}), forgetUser: vi.fn(async () => {}) };
    return { purge, handle: exchangePurgeHandler(purge, clock) };
  };
  const subscription = { userId: 'u1', tier: 'premium' as const, status: 'active' as const, periodEnd: null, cancelAtPeriodEnd: false };

  it('drops the exchange of a revoked key', async () => {
    const { purge, handle } = setup();
    await handle(newEvent('user.api_key_revoked@1', { userId: 'u1', keyHash }, { clock }));
    expect(purge.forgetKey).toHaveBeenCalledWith(keyHash);
    expect(purge.forgetUser).not.toHaveBeenCalled();
  });
  it('drops every exchange of a deleted user and of a user whose subscription changed', async () => {
    const { purge, handle } = setup();
    await handle(newEvent('user.deleted@1', { userId: 'u1' }, { clock }));
    await handle(newEvent('subscription.changed@1', subscription, { clock }));
    await handle(newEvent('subscription.canceled@1', subscription, { clock }));
    await handle(newEvent('subscription.trial_expired@1', { userId: 'u2' }, { clock }));
    expect(purge.forgetUser.mock.calls).toEqual([['u1'], ['u1'], ['u1'], ['u2']]);
  });
  it('ignores other events, and changes older than any cached exchange (a replay)', async () => {
    const { purge, handle } = setup();
    await handle(newEvent('user.active@1', { userId: 'u1', day: '2025-03-01' }, { clock }));
    await handle(newEvent('payment.succeeded@1', { userId: 'u1', invoiceId: 'i1', amount: 100, currency: 'usd' }, { clock }));
    const old = { clock: fixedClock(new Date(now.getTime() - 60 * 60_000)) };
    await handle(newEvent('user.api_key_revoked@1', { userId: 'u1', keyHash }, old));
    await handle(newEvent('user.deleted@1', { userId: 'u1' }, old));
    expect(purge.forgetKey).not.toHaveBeenCalled();
    expect(purge.forgetUser).not.toHaveBeenCalled();
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
  const route = (access: 'public' | 'token' | 'admin' | 'optional') => ({ owner: 'auth' as const, access, queryToken: false, pattern: '/api/auth/me' });
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
