import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { authApi } from './auth-api.ts';
import { session } from './session.ts';
import type { AuthResult, MembershipTier } from './types.ts';

const CREDENTIALS_REQUIRED = 'Email and password are required';

/** The signed-in user, the tokens, and the ways in and out. */
export function useSession() {
  const state = useSyncExternalStore(session.subscribe, session.getState);

  const start = useCallback((result: AuthResult, remember = true) => {
    session.signIn(result, remember);
    return result;
  }, []);

  const login = useCallback(
    async (email: string, password: string, remember = true) => {
      if (!email || !password) throw new Error(CREDENTIALS_REQUIRED);
      return start(await authApi.login(email, password), remember);
    },
    [start],
  );
  const register = useCallback(async (name: string, email: string, password: string) => start(await authApi.register(name, email, password)), [start]);
  const testLogin = useCallback(async (email: string) => start(await authApi.testLogin(email)), [start]);
  const googleLogin = useCallback(async (code: string, redirectUri: string) => start(await authApi.google(code, redirectUri)), [start]);
  const signOut = useCallback(() => session.signOut(), []);
  const refreshUser = useCallback(async () => session.updateUser(await authApi.me()), []);

  const tier: MembershipTier | null = state.user?.membershipTier ?? null;
  return useMemo(
    () => ({ ...state, tier, isAdmin: tier === 'admin', login, register, testLogin, googleLogin, signIn: start, signOut, refreshUser, refresh: () => session.refresh() }),
    [state, tier, login, register, testLogin, googleLogin, start, signOut, refreshUser],
  );
}
