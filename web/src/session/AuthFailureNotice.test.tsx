import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { api } from '../api/client.ts';
import { AUTH_FAILED_MESSAGE } from '../api/errors.ts';
import { ThemeModeProvider } from '../theme/ThemeModeProvider.tsx';
import { ToastProvider } from '../ui/Toasts.tsx';
import { AuthFailureNotice } from './AuthFailureNotice.tsx';
import { session } from './session.ts';

const signInWithRevokedTokens = (n: number) =>
  session.signIn(
    { user: { id: 'u1', email: 'member@example.com', name: 'Member', membershipTier: 'trial' }, tokens: { accessToken: `revoked-${n}`, refreshToken: `revoked-${n}`, expiresAt: Date.now() + 3_600_000 } },
    false,
  );

/** The server refuses every token, and the renewal too; signing out succeeds. */
const refuseEveryToken = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/auth/logout') ? new Response('{}', { status: 200 }) : new Response(JSON.stringify({ message: 'Invalid token', code: 'UNAUTHORIZED' }), { status: 401 }),
    ),
  );

/** The dashboard's requests, sent at the same time. */
const loadDashboard = () => act(async () => void (await Promise.allSettled([api.get('/notifications'), api.get('/membership/usage'), api.get('/analytics/value-metrics')])));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notice of a session that could not be renewed', () => {
  it('shows once however many requests failed together, and again when a later session fails', async () => {
    refuseEveryToken();
    render(
      <ThemeModeProvider>
        <ToastProvider>
          <AuthFailureNotice />
        </ToastProvider>
      </ThemeModeProvider>,
    );
    signInWithRevokedTokens(1);
    await loadDashboard();
    expect(session.getState().isAuthenticated).toBe(false);
    expect(screen.getAllByText(AUTH_FAILED_MESSAGE)).toHaveLength(1);

    signInWithRevokedTokens(2);
    await loadDashboard();
    expect(screen.getAllByText(AUTH_FAILED_MESSAGE)).toHaveLength(2);
  });
});
