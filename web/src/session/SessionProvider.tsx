import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from './auth-api.ts';
import { session } from './session.ts';
import { AUTH_KEY, isRemembered } from './storage.ts';

/** Loads the stored session once, follows other tabs, and empties the query cache on sign-out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const wasSignedIn = useRef(false);

  useEffect(() => {
    // The stored user is refreshed from the server once the session is loaded (e.g. a new tier).
    void session.hydrate(isRemembered()).then(async () => {
      if (!session.getState().isAuthenticated) return;
      try {
        session.updateUser(await authApi.me());
      } catch {
        // The stored user stays as it was; a 401 here already went through refresh or sign-out.
      }
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_KEY || event.key === null) session.syncFromStorage();
    };
    window.addEventListener('storage', onStorage);
    const unsubscribe = session.subscribe(() => {
      const signedIn = session.getState().isAuthenticated;
      if (wasSignedIn.current && !signedIn) queryClient.clear();
      wasSignedIn.current = signedIn;
    });
    return () => {
      window.removeEventListener('storage', onStorage);
      unsubscribe();
    };
  }, [queryClient]);

  return children;
}
