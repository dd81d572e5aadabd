import { connectAuth } from '../api/client.ts';

/** Dispatched on window once per session that a 401 ended (a refresh could not cure it and the member was signed out). */
export const AUTH_FAILED_EVENT = 'kicksight:auth-failed';
import { authApi } from './auth-api.ts';
import { SessionManager } from './session-manager.ts';
import { browserStorage } from './storage.ts';

/** The app's one session, connected to the API client (bearer token, refresh after a 401, sign-out). */
export const session = new SessionManager({ storage: browserStorage, refresh: authApi.refresh, logout: authApi.logout });

/** Requests failing together end one session: the member is told once, and again only after a new sign-in. */
let sessionLossReported = false;
session.subscribe(() => {
  if (session.getState().isAuthenticated) sessionLossReported = false;
});

connectAuth({
  accessToken: () => session.getState().tokens?.accessToken ?? null,
  refresh: async () => {
    await session.refresh();
  },
  onAuthFailure: () => {
    void session.signOut();
    if (sessionLossReported) return;
    sessionLossReported = true;
    window.dispatchEvent(new CustomEvent(AUTH_FAILED_EVENT));
  },
});
