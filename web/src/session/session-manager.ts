import type { AuthResult, AuthState, Tokens, User } from './types.ts';
import { SIGNED_OUT } from './types.ts';
import { stateOf, type SessionStorage } from './storage.ts';

/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 5 * 60_000;
/** The delay before the stored session is checked at start. */
const SESSION_CHECK_DELAY_MS = 100;
/** Waiting refreshes poll the one in flight this often, this many times. */
const REFRESH_POLL_MS = 100;
const REFRESH_POLL_TRIES = 100;

const NO_REFRESH_TOKEN = 'No refresh token available';
export const REFRESH_TIMEOUT = 'Token refresh timeout';

export interface SessionDeps {
  storage: SessionStorage;
  refresh(refreshToken: string): Promise<{ tokens: Tokens; user?: User }>;
  logout(refreshToken: string): Promise<unknown>;
  now?: () => number;
}

type Listener = () => void;

/** Runs `task` while holding a lock shared by every tab, where the browser has Web Locks. */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('kicksight-token-refresh', task) as Promise<T>) : task();
}

/**
 * The session of spec 1 §4: persisted auth state, refresh 5 minutes before expiry, one refresh at a
 * time (others wait for it), a failed refresh signs out, and changes from other tabs are taken over.
 */
export class SessionManager {
  private state: AuthState = { ...SIGNED_OUT, hydrated: false };
  private readonly listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private refreshing = false;
  private inFlight: Promise<Tokens> | null = null;
  private remember = true;
  private readonly deps: SessionDeps;
  private readonly now: () => number;

  constructor(deps: SessionDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  getState = (): AuthState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: AuthState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Loads the stored state, then (after the session-checking delay) refreshes a token that has expired or soon will. */
  hydrate(remembered = true): Promise<void> {
    this.remember = remembered;
    const stored = this.deps.storage.read();
    this.set({ ...stateOf(stored, true), isLoading: stored !== null });
    if (!stored) return Promise.resolve();
    return new Promise((resolve) => {
      setTimeout(() => {
        void this.checkSession().finally(resolve);
      }, SESSION_CHECK_DELAY_MS);
    });
  }

  private async checkSession(): Promise<void> {
    const tokens = this.state.tokens;
    if (!tokens) return;
    if (tokens.expiresAt - this.now() <= REFRESH_AHEAD_MS) {
      await this.refresh().catch(() => undefined);
    } else {
      this.set({ ...this.state, isLoading: false });
      this.schedule(tokens);
    }
  }

  signIn(result: AuthResult, remember = true): void {
    this.remember = remember;
    this.deps.storage.write(result, remember);
    this.set(stateOf(result, true));
    this.schedule(result.tokens);
  }

  /** Merges fresh user fields (e.g. from /auth/me) into the stored user. */
  updateUser(fields: Partial<User>): void {
    if (!this.state.user || !this.state.tokens) return;
    const user = { ...this.state.user, ...fields };
    this.deps.storage.write({ user, tokens: this.state.tokens }, this.remember);
    this.set({ ...this.state, user });
  }

  /** Clears the user and tokens, cancels the refresh timer and tells the server (a failure there is only logged). */
  async signOut(): Promise<void> {
    const refreshToken = this.state.tokens?.refreshToken;
    this.clearLocal();
    if (refreshToken) {
      try {
        await this.deps.logout(refreshToken);
      } catch (error) {
        // A logout failure is only logged; the member is signed out here either way.
        // eslint-disable-next-line no-console
        console.warn('logout failed', error);
      }
    }
  }

  private clearLocal(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.deps.storage.clear();
    this.set({ ...SIGNED_OUT });
  }

  /** A new token set; concurrent callers wait for the refresh in flight. A failed refresh signs out. */
  async refresh(): Promise<Tokens> {
    if (this.refreshing && this.inFlight) return this.waitForRefresh(this.inFlight);
    const refreshToken = this.state.tokens?.refreshToken;
    if (!refreshToken) throw new Error(NO_REFRESH_TOKEN);
    this.refreshing = true;
    this.inFlight = this.runRefresh(refreshToken);
    try {
      return await this.inFlight;
    } finally {
      this.refreshing = false;
      this.inFlight = null;
    }
  }

  private runRefresh(refreshToken: string): Promise<Tokens> {
    return acrossTabs(() => this.refreshOnce(refreshToken));
  }

  private async refreshOnce(refreshToken: string): Promise<Tokens> {
    const stored = this.deps.storage.read();
    if (stored && stored.tokens.accessToken !== this.state.tokens?.accessToken && stored.tokens.expiresAt - this.now() > REFRESH_AHEAD_MS) {
      // Another tab refreshed while this one waited: its tokens are the current ones.
      this.set(stateOf(stored, true));
      this.schedule(stored.tokens);
      return stored.tokens;
    }
    try {
      const answer = await this.deps.refresh(stored?.tokens.refreshToken ?? refreshToken);
      const user = { ...this.state.user, ...answer.user } as User;
      this.deps.storage.write({ user, tokens: answer.tokens }, this.remember);
      this.set(stateOf({ user, tokens: answer.tokens }, true));
      this.schedule(answer.tokens);
      return answer.tokens;
    } catch (error) {
      await this.signOut();
      throw error instanceof Error ? error : new Error('Token refresh failed');
    }
  }

  /** Polls the refresh in flight every 100 ms, up to 100 times, then gives up with 'Token refresh timeout'. */
  private async waitForRefresh(inFlight: Promise<Tokens>): Promise<Tokens> {
    let settled = false;
    const outcome = inFlight.finally(() => {
      settled = true;
    });
    outcome.catch(() => undefined);
    for (let tries = 0; tries < REFRESH_POLL_TRIES; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
      if (settled) return outcome;
    }
    throw new Error(REFRESH_TIMEOUT);
  }

  private schedule(tokens: Tokens): void {
    clearTimeout(this.timer);
    const wait = Math.max(0, tokens.expiresAt - REFRESH_AHEAD_MS - this.now());
    this.timer = setTimeout(() => {
      void this.refresh().catch(() => undefined);
    }, wait);
  }

  /** Another tab changed the stored session: take it over (or sign out here when it was cleared). */
  syncFromStorage(): void {
    const stored = this.deps.storage.read();
    if (!stored) {
      if (this.state.isAuthenticated) {
        clearTimeout(this.timer);
        this.set({ ...SIGNED_OUT });
      }
      return;
    }
    if (stored.tokens.accessToken === this.state.tokens?.accessToken && stored.user === this.state.user) return;
    this.set(stateOf(stored, true));
    this.schedule(stored.tokens);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.listeners.clear();
  }
}
