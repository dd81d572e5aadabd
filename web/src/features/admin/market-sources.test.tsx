import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import { MarketSourcesCard } from './MarketSourcesCard.tsx';
import StockxCallbackPage, { STOCKX_LINKED, STOCKX_LINK_FAILED } from './StockxCallbackPage.tsx';

const sources = (stockxLinked: boolean) => ({
  stockxLinked,
  sources: [
    { name: 'replay', active: true, status: 'running', lastSyncAt: null, nextSyncAt: null, errorRate: null, circuit: null, mappedProducts: null },
    { name: 'stockx', active: true, status: stockxLinked ? 'circuit open' : 'not linked', lastSyncAt: null, nextSyncAt: null, errorRate: 0.25, circuit: 'open', mappedProducts: 12 },
  ],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('market sources in the admin panel', () => {
  it('shows each source’s status, error rate, circuit and mapped products, and sends the administrator to StockX to link', async () => {
    const calls = stubApi({ 'GET /api/admin/market/sources': sources(false), 'POST /api/admin/integrations/stockx/link': { authorizationUrl: 'https://accounts.example.test/authorize?state=s' } });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderScreen(<MarketSourcesCard />);
    const stockx = (await screen.findByText('StockX API')).closest('tr')!;
    expect(within(stockx).getByText('not linked')).toBeTruthy();
    expect(within(stockx).getByText('25.0%')).toBeTruthy();
    expect(within(stockx).getByText('open')).toBeTruthy();
    expect(within(stockx).getByText('12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link StockX' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example.test/authorize?state=s'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/integrations/stockx/link')).toBe(true);
  });

  it('unlinks a linked account', async () => {
    let linked = true;
    const calls = stubApi({
      'GET /api/admin/market/sources': () => ({ status: 200, body: { data: sources(linked) } }),
      'DELETE /api/admin/integrations/stockx': () => {
        linked = false;
        return { status: 200, body: { data: { linked: false } } };
      },
    });
    renderScreen(<MarketSourcesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink StockX' }));
    expect(await screen.findByRole('button', { name: 'Link StockX' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

describe('the StockX callback page', () => {
  it('hands the code and state to the API once and says StockX is linked', async () => {
    const calls = stubApi({ 'GET /api/admin/integrations/stockx/callback': { linked: true, linkedAt: '2026-11-27T10:00:00Z' } });
    renderScreen(<StockxCallbackPage />, { path: '/admin/integrations/stockx/callback', route: '/admin/integrations/stockx/callback?code=abc&state=xyz' });
    expect(await screen.findByText(STOCKX_LINKED)).toBeTruthy();
    const sent = calls.filter((c) => c.path.startsWith('/api/admin/integrations/stockx/callback'));
    expect(sent.map((c) => c.path)).toEqual(['/api/admin/integrations/stockx/callback?code=abc&state=xyz']);
  });

  it('says why when StockX or the API refused', async () => {
    stubApi({ 'GET /api/admin/integrations/stockx/callback': () => ({ status: 400, body: { message: 'This StockX link has expired or was not started here. Start again from the admin panel.', code: 'STOCKX_LINK_STATE_INVALID' } }) });
    renderScreen(<StockxCallbackPage />, { path: '/cb', route: '/cb?code=abc&state=old' });
    expect(await screen.findByText(STOCKX_LINK_FAILED)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/expired or was not started here/);
    cleanup();
    renderScreen(<StockxCallbackPage />, { path: '/cb', route: '/cb?error=access_denied&error_description=The+user+said+no' });
    expect(await screen.findByText('The user said no')).toBeTruthy();
  });
});
