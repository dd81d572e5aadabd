import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen } from '../test/test-support.tsx';
import { session } from '../session/session.ts';
import { ACCESS_DENIED_TEXT, RequireAdmin, RequireAuth } from './guards.tsx';

const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 };
const as = (membershipTier: 'trial' | 'admin') => session.signIn({ user: { id: 'u', email: 'u@example.com', name: 'Uma', membershipTier }, tokens });

beforeAll(async () => {
  await session.hydrate();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  session.syncFromStorage();
});

describe('route guards', () => {
  it('sends a signed-out visitor to /login', () => {
    renderScreen(<RequireAuth>secret</RequireAuth>, { path: '/admin/collection', route: '/admin/collection' });
    expect(screen.getByTestId('elsewhere').textContent).toBe('/login');
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('lets a signed-in member through', () => {
    as('trial');
    renderScreen(<RequireAuth>secret</RequireAuth>, { path: '/admin/collection', route: '/admin/collection' });
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it("shows a member who is not an administrator 'Access Denied'", () => {
    as('trial');
    renderScreen(<RequireAdmin>admin only</RequireAdmin>, { path: '/admin/admin-panel', route: '/admin/admin-panel' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText(ACCESS_DENIED_TEXT)).toBeTruthy();
    expect(screen.queryByText('admin only')).toBeNull();
  });

  it('lets an administrator in, and sends a signed-out visitor to /login', () => {
    as('admin');
    renderScreen(<RequireAdmin>admin only</RequireAdmin>, { path: '/admin/admin-panel', route: '/admin/admin-panel' });
    expect(screen.getByText('admin only')).toBeTruthy();
    cleanup();
    localStorage.clear();
    session.syncFromStorage();
    renderScreen(<RequireAdmin>admin only</RequireAdmin>, { path: '/admin/admin-panel', route: '/admin/admin-panel' });
    expect(screen.getByTestId('elsewhere').textContent).toBe('/login');
  });
});
