import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import AlertsPage from './AlertsPage.tsx';
import { PriceAlertButton, WatchlistToggle } from './index.ts';
import { checkTarget } from './alert-words.ts';
import { SNEAKER, priceAlert as alert } from './test-fixtures.ts';

const entry = (extra: object = {}) => ({
  id: '22222222-2222-4222-8222-222222222222',
  sneakerId: SNEAKER,
  name: 'Air Jordan 1 Chicago',
  brand: 'Jordan',
  imageUrl: null,
  retailPrice: 18_000,
  currentPrice: 29_000,
  averagePrice: 31_000,
  addedAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});

const renderPage = () => renderScreen(<AlertsPage />, { path: '/admin/alerts', route: '/admin/alerts' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the alerts and watchlist page', () => {
  signedInForEachTest();

  it('lists each alert with what it will do in words, its state and when it last fired, and the watchlist', async () => {
    stubApi({
      'GET /api/price-alerts': [alert(), alert({ id: '33333333-3333-4333-8333-333333333333', size: null, targetPrice: 30_000, currentPrice: 31_400, side: 'above', paused: true, triggerCount: 2, lastTriggeredAt: '2026-11-24T09:00:00.000Z' })],
      'GET /api/watchlist': [entry()],
    });
    renderPage();
    const alerts = await screen.findByRole('list', { name: 'Price alerts' });
    const [sized, lowest] = within(alerts).getAllByRole('listitem');
    expect(within(sized!).getByText("We'll tell you when US 10 rises to $340; now $314")).toBeTruthy();
    expect(within(sized!).getByText('Active')).toBeTruthy();
    expect(within(sized!).getByText('Not triggered yet')).toBeTruthy();
    expect(within(lowest!).getByText("Paused. When resumed: We'll tell you when the lowest price falls to $300; now $314")).toBeTruthy();
    expect(within(lowest!).getByText('Last triggered Nov 24, 2026 (2 times)')).toBeTruthy();
    expect(within(lowest!).getByRole('button', { name: 'Resume alert on Air Jordan 1 Chicago' })).toBeTruthy();
    const watchlist = await screen.findByRole('list', { name: 'Watchlist' });
    expect(within(watchlist).getByText('Lowest price $290')).toBeTruthy();
  });

  it('shows the empty states with a way to find sneakers', async () => {
    stubApi({ 'GET /api/price-alerts': [], 'GET /api/watchlist': [] });
    renderPage();
    expect(await screen.findByText('No price alerts yet')).toBeTruthy();
    expect(await screen.findByText('Your watchlist is empty')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Search Sneakers' })).toHaveLength(2);
  });

  it('shows an error with Retry when the alerts cannot be loaded', async () => {
    let fail = true;
    stubApi({
      'GET /api/price-alerts': () => (fail ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Collection is unavailable.' } } : { status: 200, body: { data: [alert()] } }),
      'GET /api/watchlist': [],
    });
    renderPage();
    expect(await screen.findByText("Couldn't load your price alerts")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("We'll tell you when US 10 rises to $340; now $314")).toBeTruthy();
  });

  it('edits the target, saying what the new one will do, and refuses the price it is at now', async () => {
    const calls = stubApi({
      'GET /api/price-alerts': [alert()],
      'GET /api/watchlist': [],
      'PATCH /api/price-alerts/11111111-1111-4111-8111-111111111111': alert({ targetPrice: 30_000, side: 'above' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit target of Air Jordan 1 Chicago' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Target price (USD)');
    fireEvent.change(field, { target: { value: '314' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Target' }));
    expect(await within(dialog).findAllByText('Your target equals the price of US 10 now ($314). Choose a price above or below it.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '300' } });
    expect(within(dialog).getByTestId('alert-promise').textContent).toBe("We'll tell you when US 10 falls to $300; now $314");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Target' }));
    expect(await screen.findByText('Price Alert Updated')).toBeTruthy();
    expect(screen.getByText("We'll tell you when US 10 falls to $300; now $314")).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ targetPrice: 30_000 });
  });

  it('opens Edit target on the target to the cent, so saving it unchanged keeps it', async () => {
    const cents = alert({ targetPrice: 15_075, currentPrice: 14_000 });
    const calls = stubApi({ 'GET /api/price-alerts': [cents], 'GET /api/watchlist': [], 'PATCH /api/price-alerts/11111111-1111-4111-8111-111111111111': cents });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit target of Air Jordan 1 Chicago' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Target price (USD)') as HTMLInputElement).value).toBe('150.75');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Target' }));
    expect(await screen.findByText('Price Alert Updated')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ targetPrice: 15_075 });
  });

  it('pauses an alert and removes one after confirming', async () => {
    const calls = stubApi({
      'GET /api/price-alerts': [alert()],
      'GET /api/watchlist': [entry()],
      'PATCH /api/price-alerts/11111111-1111-4111-8111-111111111111': alert({ paused: true }),
      'DELETE /api/price-alerts/11111111-1111-4111-8111-111111111111': { id: alert().id, removed: true },
      'DELETE /api/watchlist/22222222-2222-4222-8222-222222222222': { id: entry().id, removed: true },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause alert on Air Jordan 1 Chicago' }));
    expect(await screen.findByText('Price Alert Paused')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ paused: true });

    fireEvent.click(screen.getByRole('button', { name: 'Remove alert on Air Jordan 1 Chicago' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Price Alert' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Price Alert Removed')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Air Jordan 1 Chicago from watchlist' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove from Watchlist' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/price-alerts/${alert().id}`, `/api/watchlist/${entry().id}`]));
  });
});

describe('the Watchlist toggle', () => {
  signedInForEachTest();

  it('shows that a watched sneaker is saved, and takes it off the watchlist', async () => {
    const calls = stubApi({ 'GET /api/watchlist': [entry()], 'DELETE /api/watchlist/22222222-2222-4222-8222-222222222222': { id: entry().id, removed: true } });
    renderScreen(<WatchlistToggle sneakerId={SNEAKER} name="Air Jordan 1 Chicago" />);
    const toggle = await screen.findByRole('button', { name: 'Watchlist: Air Jordan 1 Chicago', pressed: true });
    expect(toggle.textContent).toContain('On Watchlist');
    fireEvent.click(toggle);
    expect(await screen.findByText('Removed from Watchlist')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/watchlist/${entry().id}`);
  });

  it('adds an unwatched sneaker', async () => {
    const calls = stubApi({ 'GET /api/watchlist': [], 'POST /api/watchlist': () => ({ status: 201, body: { data: entry() } }) });
    renderScreen(<WatchlistToggle sneakerId={SNEAKER} />);
    const toggle = await screen.findByRole('button', { name: '☆ Watchlist', pressed: false });
    fireEvent.click(toggle);
    expect(await screen.findByText('Added to Watchlist')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sneakerId: SNEAKER });
  });
});

describe('setting a price alert', () => {
  signedInForEachTest();

  it('opens with no target and no error, asking for one', async () => {
    const calls = stubApi({});
    renderScreen(<PriceAlertButton sneakerId={SNEAKER} watched={{ size: null, currentPrice: 22_800 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price Alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a Price Alert' });
    expect((within(dialog).getByLabelText('Target price (USD)') as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByTestId('alert-promise').textContent).toBe('Type a target to see what the alert will do.');
    expect(dialog.textContent).not.toContain('Your target equals');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set Alert' }));
    expect(await within(dialog).findByText('Enter a target price greater than 0.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says what the alert will do as the target is typed, and in the toast once set', async () => {
    const calls = stubApi({ 'GET /api/price-alerts': [], 'POST /api/price-alerts': () => ({ status: 201, body: { data: alert() } }) });
    renderScreen(<PriceAlertButton sneakerId={SNEAKER} watched={{ size: 10, currentPrice: 31_400 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price Alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a Price Alert' });
    fireEvent.change(within(dialog).getByLabelText('Target price (USD)'), { target: { value: '340' } });
    expect(within(dialog).getByTestId('alert-promise').textContent).toBe("We'll tell you when US 10 rises to $340; now $314");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set Alert' }));
    expect(await screen.findByText('Price Alert Set')).toBeTruthy();
    expect(screen.getByText("We'll tell you when US 10 rises to $340; now $314")).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sneakerId: SNEAKER, targetPrice: 34_000, size: 10 });
  });

  it("shows the server's refusal of a target at the price now in the dialog", async () => {
    stubApi({
      'POST /api/price-alerts': () => ({ status: 400, body: { code: 'TARGET_AT_CURRENT_PRICE', message: 'Your target equals the price of US 10 now ($315). Choose a price above or below it.' } }),
    });
    // The page knew an older price; the server's is the one that counts.
    renderScreen(<PriceAlertButton sneakerId={SNEAKER} watched={{ size: 10, currentPrice: 31_400 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price Alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a Price Alert' });
    fireEvent.change(within(dialog).getByLabelText('Target price (USD)'), { target: { value: '315' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set Alert' }));
    expect(await within(dialog).findByText('Your target equals the price of US 10 now ($315). Choose a price above or below it.')).toBeTruthy();
  });
});

describe('a typed target', () => {
  it('needs a price above 0 that is not the price now', () => {
    const watched = { size: 10, currentPrice: 31_400 };
    expect(checkTarget('', watched).error).toBe('Enter a target price greater than 0.');
    expect(checkTarget('0', watched).error).toBe('Enter a target price greater than 0.');
    expect(checkTarget('314', watched).error).toContain('Your target equals the price of US 10 now ($314)');
    expect(checkTarget('314', { size: 10, currentPrice: 31_428 }).error).toContain('Your target equals the price of US 10 now ($314)');
    expect(checkTarget('$340', watched)).toEqual({ cents: 34_000, error: null });
    expect(checkTarget('340', { size: null, currentPrice: null })).toEqual({ cents: 34_000, error: null });
  });
});
