import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '../session/index.ts';
import { Card, Loading } from '../ui/index.ts';
import { cssVar } from '../theme/cssVars.ts';

export const ACCESS_DENIED_TEXT =
  'You need administrator privileges to access this page. Please contact your system administrator if you believe this is an error.';

/** Where the authentication guard came from, for the redirect after sign-in. */
interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

export const returnPathOf = (state: unknown): string | null => {
  const from = (state as FromState | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
};

/** Sends a signed-out user to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { hydrated: loaded, isAuthenticated } = useSession();
  // Once the stored session is loaded, what it guards (the signed-in frame and its page) draws in a render React
  // can pause: drawn at once with the session's update, it would hold the main thread for as long as it takes.
  const hydrated = useDeferredValue(loaded);
  const location = useLocation();
  if (!hydrated) return <Loading message="Checking your session..." />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } } satisfies FromState} />;
  return children;
}

const Denied = styled(Card)`
  max-width: 560px;
  margin: 48px auto;
  text-align: center;
  h1 { font-size: 22px; margin-bottom: 8px; }
  p { color: ${cssVar.colors.textMuted}; margin: 0; }
`;

/** Admin-only pages: signed-out users go to /login, other members see Access Denied. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { hydrated, isAuthenticated, isAdmin } = useSession();
  const location = useLocation();
  if (!hydrated) return <Loading message="Checking your session..." />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } } satisfies FromState} />;
  if (!isAdmin)
    return (
      <Denied role="alert">
        <h1>Access Denied</h1>
        <p>{ACCESS_DENIED_TEXT}</p>
      </Denied>
    );
  return children;
}
