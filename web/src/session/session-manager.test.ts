import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TIMEOUT, SessionManager, type SessionDeps } from './session-manager.ts';
import type { SessionStorage } from './storage.ts';
import type { AuthResult, Tokens } from './types.ts';

const NOW = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60_000;
const user = { id: 'u1', email: 'a@example.com', name: 'Ana', membershipTier: 'trial' as const };
const tokens = (n: number, expiresInMs = 60 * MINUTE): Tokens => ({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresAt: Date.now() + expiresInMs });

function memoryStorage(initial: AuthResult | null = null): SessionStorage & { value: AuthResult | null } {
  return {
    value: initial,
    read() {
      return this.value;
    },
    write(state) {
      this.value = state;
    },
    clear() {
      this.value = null;
    },
  };
}

function manager(overrides: Partial<SessionDeps> = {}) {
  const storage = memoryStorage();
  let n = 1;
  const refresh = vi.fn(async () => ({ tokens: tokens(++n) }));
  const logout = vi.fn(async () => undefined);
  const deps: SessionDeps = { storage, refresh, logout, ...overrides };
  return { session: new SessionManager(deps), storage, refresh: deps.refresh as typeof refresh, logout };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refresh scheduling', () => {
  it('refreshes 5 minutes before the access token expires, not earlier', async () => {
    const { session, refresh } = manager();
    session.signIn({ user, tokens: tokens(1, 60 * MINUTE) });
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect(session.getState().tokens?.accessToken).toBe('access-2');
  });

  it('on start, refreshes an expired or soon-to-expire stored token after the 100 ms check delay, and keeps a fresh one', async () => {
    const expiring = manager();
    expiring.storage.value = { user, tokens: tokens(1, 2 * MINUTE) };
    const hydrated = expiring.session.hydrate();
    expect(expiring.session.getState()).toMatchObject({ hydrated: true, isAuthenticated: true });
    await vi.advanceTimersByTimeAsync(99);
    expect(expiring.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await hydrated;
    expect(expiring.refresh).toHaveBeenCalledTimes(1);

    const fresh = manager();
    fresh.storage.value = { user, tokens: tokens(1, 30 * MINUTE) };
    await Promise.all([fresh.session.hydrate(), vi.advanceTimersByTimeAsync(100)]);
    expect(fresh.refresh).not.toHaveBeenCalled();
    expect(fresh.session.getState().isLoading).toBe(false);
  });

  it('logout clears the state, cancels the timer and tells the server', async () => {
    const { session, refresh, logout, storage } = manager();
    session.signIn({ user, tokens: tokens(1) });
    await session.signOut();
    expect(session.getState()).toMatchObject({ user: null, tokens: null, isAuthenticated: false });
    expect(storage.value).toBeNull();
    expect(logout).toHaveBeenCalledWith('refresh-1');
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('single-flight refresh', () => {
  it('makes one refresh call for concurrent requests, and every caller gets its tokens', async () => {
    let release!: (value: { tokens: Tokens }) => void;
    const refresh = vi.fn(() => new Promise<{ tokens: Tokens }>((resolve) => (release = resolve)));
    const { session } = manager({ refresh });
    session.signIn({ user, tokens: tokens(1) });
    const calls = [session.refresh(), session.refresh(), session.refresh()];
    await vi.advanceTimersByTimeAsync(250);
    release({ tokens: tokens(9) });
    await vi.advanceTimersByTimeAsync(100);
    const results = await Promise.all(calls);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(results.map((t) => t.accessToken)).toEqual(['access-9', 'access-9', 'access-9']);
  });

  it("gives waiting callers 'Token refresh timeout' after 100 polls of 100 ms", async () => {
    const refresh = vi.fn(() => new Promise<{ tokens: Tokens }>(() => undefined));
    const { session } = manager({ refresh });
    session.signIn({ user, tokens: tokens(1) });
    void session.refresh();
    const waiting = session.refresh();
    const outcome = expect(waiting).rejects.toThrow(REFRESH_TIMEOUT);
    await vi.advanceTimersByTimeAsync(100 * 100);
    await outcome;
  });

  it('signs out when the refresh fails', async () => {
    const refresh = vi.fn(async () => {
      throw new Error('Token refresh failed');
    });
    const { session, logout } = manager({ refresh });
    session.signIn({ user, tokens: tokens(1) });
    await expect(session.refresh()).rejects.toThrow('Token refresh failed');
    expect(session.getState().isAuthenticated).toBe(false);
    expect(logout).toHaveBeenCalled();
  });

  it("fails with 'No refresh token available' when signed out", async () => {
    const { session } = manager();
    await expect(session.refresh()).rejects.toThrow('No refresh token available');
  });
});

describe('sessions across tabs', () => {
  it('takes over tokens another tab stored, and signs out when another tab cleared them', () => {
    const { session, storage } = manager();
    session.signIn({ user, tokens: tokens(1) });
    storage.value = { user, tokens: tokens(5) };
    session.syncFromStorage();
    expect(session.getState().tokens?.accessToken).toBe('access-5');
    storage.value = null;
    session.syncFromStorage();
    expect(session.getState().isAuthenticated).toBe(false);
  });
});
