import { ApiError } from '../../../api/errors.ts';
import type { AuthState } from '../../../session/types.ts';

/** The membership client's own errors (spec 1 §8). */
const MEMBERSHIP_AUTH_ERRORS = {
  noToken: 'No authentication token available. Please log in again.',
  notAuthenticated: 'User not authenticated. Please log in.',
  failed: 'Authentication failed. Please log in again.',
  timeout: 'Authentication timeout. Please try again.',
} as const;

const AUTH_WAIT_MS = 10_000;

export interface SessionSource {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
}

/** Waits (up to 10 s) for the stored session to load, then insists on a signed-in user with a token. */
export async function assertSignedIn(source: SessionSource, waitMs = AUTH_WAIT_MS): Promise<void> {
  if (!source.getState().hydrated) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(MEMBERSHIP_AUTH_ERRORS.timeout));
      }, waitMs);
      const unsubscribe = source.subscribe(() => {
        if (!source.getState().hydrated) return;
        clearTimeout(timer);
        unsubscribe();
        resolve();
      });
    });
  }
  const state = source.getState();
  if (!state.user || !state.isAuthenticated) throw new Error(MEMBERSHIP_AUTH_ERRORS.notAuthenticated);
  if (!state.tokens?.accessToken) throw new Error(MEMBERSHIP_AUTH_ERRORS.noToken);
}

/** A membership call made only when signed in, its 401 read as the spec's message. */
export async function withMembershipAuth<T>(source: SessionSource, call: () => Promise<T>): Promise<T> {
  await assertSignedIn(source);
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, error.code, MEMBERSHIP_AUTH_ERRORS.failed);
    throw error;
  }
}
