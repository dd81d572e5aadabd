import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../test/test-support.tsx';
import AuthCallbackPage, { callbackViewOf } from './AuthCallbackPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const open = (search: string) => {
  window.history.replaceState(null, '', `/auth/callback${search}`);
  renderScreen(<AuthCallbackPage />, { path: '/auth/callback', route: `/auth/callback${search}` });
};

describe('the Google callback page', () => {
  it('processes a code it can hand to the window that opened it', () => {
    expect(callbackViewOf(new URLSearchParams('code=abc&state=s'), true)).toEqual({ kind: 'processing' });
  });

  it('opened without a code shows the error with a way back to sign-in, never processing forever', () => {
    open('');
    expect(screen.queryByText('Processing authentication...')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('No authorization code received');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Sign In' }));
    expect(screen.getByTestId('elsewhere').textContent).toBe('/login');
  });

  it('opened with a code but no opener window says to start again from the sign-in page', () => {
    open('?code=abc&state=s');
    expect(screen.queryByText('Processing authentication...')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/Start again from there/);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy();
  });

  it("shows Google's error when it sent one", () => {
    expect(callbackViewOf(new URLSearchParams('error=access_denied'), true)).toEqual({ kind: 'error', message: 'access_denied' });
  });
});
