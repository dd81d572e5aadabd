import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import type { AuthState } from '../../../session/types.ts';
import { assertSignedIn, withMembershipAuth, type SessionSource } from './membership-auth.ts';

const user = { id: 'u', email: 'u@example.com', name: 'U', membershipTier: 'trial' as const };
const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: 0 };
const source = (state: Partial<AuthState>, listeners: (() => void)[] = []): SessionSource & { set(next: Partial<AuthState>): void } => {
  let current: AuthState = { user: null, tokens: null, isAuthenticated: false, isLoading: false, hydrated: true, ...state };
  return {
    getState: () => current,
    subscribe: (listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    set(next) {
      current = { ...current, ...next };
      for (const listener of [...listeners]) listener();
    },
  };
};

describe('membership calls need a session', () => {
  it('says who is missing: the user, or the token', async () => {
    await expect(assertSignedIn(source({}))).rejects.toThrow('User not authenticated. Please log in.');
    await expect(assertSignedIn(source({ user, isAuthenticated: true }))).rejects.toThrow('No authentication token available. Please log in again.');
    await expect(assertSignedIn(source({ user, tokens, isAuthenticated: true }))).resolves.toBeUndefined();
  });

  it('waits for the stored session to load, and times out', async () => {
    const loading = source({ hydrated: false });
    const waiting = assertSignedIn(loading, 1_000);
    loading.set({ hydrated: true, user, tokens, isAuthenticated: true });
    await expect(waiting).resolves.toBeUndefined();
    await expect(assertSignedIn(source({ hydrated: false }), 10)).rejects.toThrow('Authentication timeout. Please try again.');
  });

  it("reads a 401 as 'Authentication failed. Please log in again.'", async () => {
    const signedIn = source({ user, tokens, isAuthenticated: true });
    await expect(withMembershipAuth(signedIn, async () => Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'x')))).rejects.toThrow('Authentication failed. Please log in again.');
    await expect(withMembershipAuth(signedIn, async () => 42)).resolves.toBe(42);
  });
});
