import type { AuthState, Tokens, User } from './types.ts';

/** The browser-storage key of the auth state. */
export const AUTH_KEY = 'kicksight-auth';

interface Stored {
  user: User;
  tokens: Tokens;
}

export interface SessionStorage {
  read(): Stored | null;
  write(state: Stored, remember: boolean): void;
  clear(): void;
}

function parse(raw: string | null): Stored | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (!value.user || !value.tokens?.accessToken || !value.tokens.refreshToken || typeof value.tokens.expiresAt !== 'number') return null;
    return { user: value.user, tokens: value.tokens };
  } catch {
    return null;
  }
}

/**
 * 'Keep me logged in' keeps the session in localStorage (shared by every tab and kept across restarts);
 * otherwise it lives in this tab's sessionStorage.
 */
export const browserStorage: SessionStorage = {
  read: () => parse(localStorage.getItem(AUTH_KEY)) ?? parse(sessionStorage.getItem(AUTH_KEY)),
  write(state, remember) {
    const raw = JSON.stringify(state);
    if (remember) {
      localStorage.setItem(AUTH_KEY, raw);
      sessionStorage.removeItem(AUTH_KEY);
    } else {
      sessionStorage.setItem(AUTH_KEY, raw);
      localStorage.removeItem(AUTH_KEY);
    }
  },
  clear() {
    localStorage.removeItem(AUTH_KEY);
    sessionStorage.removeItem(AUTH_KEY);
  },
};

export const isRemembered = (): boolean => localStorage.getItem(AUTH_KEY) !== null;

export const stateOf = (stored: Stored | null, hydrated: boolean): AuthState =>
  stored
    ? { user: stored.user, tokens: stored.tokens, isAuthenticated: true, isLoading: false, hydrated }
    : { user: null, tokens: null, isAuthenticated: false, isLoading: false, hydrated };
