import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import { session } from '../../session/session.ts';
import { NotificationsPopover } from './index.tsx';

const alert = { id: 'n1', type: 'price_alert', title: 'Price alert: Jordan 1', message: 'Now $180, under your $200 target', read: false, createdAt: new Date().toISOString(), data: { sneakerId: 's1' } };

class SilentSource {
  readyState = 0;
  onopen = null;
  onerror = null;
  addEventListener() {}
  close() {}
}

afterEach(async () => {
  cleanup();
  await session.signOut().catch(() => undefined);
  vi.unstubAllGlobals();
});

function signIn() {
  vi.stubGlobal('EventSource', SilentSource);
  session.signIn({ user: { id: 'u1', email: 'u@example.com', name: 'U', membershipTier: 'trial' }, tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 } }, false);
}

describe('notifications popover', () => {
  it('shows the empty state in the spec words', async () => {
    stubApi({ 'GET /api/notifications': [], 'POST /api/auth/logout': {} });
    signIn();
    renderScreen(<NotificationsPopover />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByText("You'll see price alerts and updates here")).toBeTruthy();
  });

  it('counts unread ones, marks all read and deletes one', async () => {
    const calls = stubApi({ 'GET /api/notifications': { notifications: [alert, { ...alert, id: 'n2', title: 'Welcome', read: true, data: null }] }, 'PUT /api/notifications/read-all': {}, 'DELETE /api/notifications/n2': {}, 'POST /api/auth/logout': {} });
    signIn();
    renderScreen(<NotificationsPopover />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByRole('link', { name: 'Price alert: Jordan 1' }).getAttribute('href')).toBe('/admin/product/s1');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notifications/read-all')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications/n2')).toBe(true));
  });

  it("shows the server's unread count and loads older notifications page by page", async () => {
    const unreadOne = (i: number) => ({ ...alert, id: `n${i}`, title: `Alert ${i}` });
    const pages: Record<string, unknown> = {
      '1': { notifications: Array.from({ length: 20 }, (_, i) => unreadOne(i + 1)), unreadCount: 22, pagination: { page: 1, limit: 20, total: 22, totalPages: 2, hasNextPage: true, hasPreviousPage: false } },
      '2': { notifications: [unreadOne(21), unreadOne(22)], unreadCount: 22, pagination: { page: 2, limit: 20, total: 22, totalPages: 2, hasNextPage: false, hasPreviousPage: true } },
    };
    const calls = stubApi({ 'GET /api/notifications': (_init, url) => ({ status: 200, body: { data: pages[url.searchParams.get('page') ?? '1'] } }), 'POST /api/auth/logout': {} });
    signIn();
    renderScreen(<NotificationsPopover />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 22 unread' });
    expect(bell.textContent).toContain('22');
    fireEvent.click(bell);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('Alert 22')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(22);
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
    // Showing older ones reads the first two pages together (the first again: it may have changed meanwhile).
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/notifications')).map((c) => c.path)).toEqual(['/api/notifications?page=1', '/api/notifications?page=1', '/api/notifications?page=2']);
  });

  it('says when notifications cannot be loaded, with Retry', async () => {
    stubApi({ 'GET /api/notifications': () => ({ status: 503, body: { message: 'No route', code: 'UNAVAILABLE' } }), 'POST /api/auth/logout': {} });
    signIn();
    renderScreen(<NotificationsPopover />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications are unavailable right now.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
