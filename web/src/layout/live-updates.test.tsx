import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../test/test-support.tsx';
import { NotificationsPopover } from '../features/notifications/index.tsx';
import AlertsPage from '../features/alerts/AlertsPage.tsx';
import { SNEAKER, priceAlert } from '../features/alerts/test-fixtures.ts';

/** An event stream the test pushes events into, as the BFF would. */
class PushedSource {
  static current: PushedSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (message: { data: string }) => void>();
  constructor() {
    PushedSource.current = this;
  }
  addEventListener(type: string, listener: (message: { data: string }) => void) {
    this.listeners.set(type, listener);
  }
  push(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) });
  }
  close() {}
}

const alert = (extra: object = {}) => priceAlert({ currentPrice: 36_000, ...extra });
const fired = { id: 'n1', type: 'price_alert', title: 'Price alert: Air Jordan 1 Chicago', message: 'Now $314.00', read: false, createdAt: '2026-11-25T09:00:00.000Z', sneakerId: SNEAKER, link: null };

afterEach(() => {
  cleanup();
  PushedSource.current = null;
});

describe('live updates while the alerts page is open', () => {
  signedInForEachTest();

  it('a fired price alert refreshes the bell and the alert row', async () => {
    let alertFired = false;
    stubApi({
      'GET /api/notifications': () => ({ status: 200, body: { data: { notifications: alertFired ? [fired] : [], unreadCount: alertFired ? 1 : 0 } } }),
      'GET /api/price-alerts': () => ({ status: 200, body: { data: [alertFired ? alert({ currentPrice: 31_400, triggerCount: 1, lastTriggeredAt: '2026-11-25T09:00:00.000Z' }) : alert()] } }),
      'GET /api/watchlist': [],
    });
    vi.stubGlobal('EventSource', PushedSource);
    renderScreen(
      <>
        <NotificationsPopover />
        <AlertsPage />
      </>,
      { path: '/admin/alerts', route: '/admin/alerts' },
    );
    expect(await screen.findByText('Not triggered yet')).toBeTruthy();

    alertFired = true;
    PushedSource.current?.push('notification', { type: 'notification.created', occurredAt: '2026-11-25T09:00:00.000Z', data: { notificationId: 'n1', type: 'price_alert', title: fired.title } });

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(await screen.findByText('Last triggered Nov 25, 2026 (1 time)')).toBeTruthy();
    expect(screen.queryByText('Not triggered yet')).toBeNull();
  });
});
