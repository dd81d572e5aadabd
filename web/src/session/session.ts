import { connectAuth } from '../api/client.ts';

/** Dispatched on window when a 401 could not be cured by a refresh and the member was signed out. */
export const AUTH_FAILED_EVENT = 'kicksight:auth-failed';
import { authApi } from './auth-api.ts';
import { SessionManager } from './session-manager.ts';
import { browserStorage } from './storage.ts';

/** The app's one session, connected to the API client (bearer token, refresh after a 401, sign-out). */
export const session = new SessionManager({ storage: browserStorage, refresh: authApi.refresh, logout: authApi.logout });

connectAuth({
  accessToken: () => session.getState().tokens?.accessToken ?? null,
  refresh: async () => {
    await session.refresh();
  },
  onAuthFailure: () => {
    void session.signOut();
    window.dispatchEvent(new CustomEvent(AUTH_FAILED_EVENT));
  },
});
