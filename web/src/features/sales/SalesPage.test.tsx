import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import SalesPage from './SalesPage.tsx';
import { yearOfUrl } from './years.ts';

const year = new Date().getUTCFullYear();
const totals = { sales: 0, revenue: 0, fees: 0, netProceeds: 0, cost: 0, realisedGain: 0 };
const months = (gains: Record<number, { platform: string; realisedGain: number }[]>) =>
  Array.from({ length: 12 }, (_, i) => ({ month: `${year}-${String(i + 1).padStart(2, '0')}`, ...totals, realisedGain: (gains[i] ?? []).reduce((s, p) => s + p.realisedGain, 0), byPlatform: gains[i] ?? [] }));
const summary = (changes: object = {}) => ({ year, ...totals, returnOnCost: null, averageDaysHeld: null, sellThrough: 0, incomplete: 0, byMonth: months({}), byPlatform: [], ...changes });
const sale = {
  id: 's1',
  itemId: 'item-1',
  name: 'Dunk Low Panda',
  brand: 'Nike',
  colorway: 'Black/White',
  size: 10,
  sku: 'DD1391-100',
  imageUrl: null,
  purchaseDate: `${year}-01-10`,
  soldAt: `${year}-03-02`,
  platform: 'ebay',
  salePrice: 30_000,
  buyerShipping: 0,
  fees: [{ kind: 'entered', label: 'Fees you entered', amount: 2_400 }],
  feesTotal: 2_400,
  feeSchedule: null,
  shippingCost: 0,
  otherFees: 0,
  netProceeds: 27_600,
  costBasis: 21_500,
  realisedGain: 6_100,
  returnOnCost: 28.37,
  daysHeld: 51,
  term: 'short',
  source: 'manual',
  needsCostBasis: false,
  createdAt: `${year}-03-02T00:00:00Z`,
};
const linked = { linked: true, linkedAt: `${year}-01-02T10:00:00Z`, lastImportAt: null };
const list = (sales: unknown[]) => ({ sales, page: 1, limit: 20, total: sales.length, totalPages: 1, hasNextPage: false, hasPreviousPage: false });

const render = () =>
  renderScreen(
    <UpgradePromptProvider>
      <SalesPage />
    </UpgradePromptProvider>,
    { path: '/admin/sales', route: '/admin/sales' },
  );

// The whole page renders in seconds on a busy machine: lookups wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Sales page of an Expert', { timeout: 20_000 }, () => {
  signedInForEachTest('unlimited');

  it("shows the year's figures, the monthly gain chart by platform and the sold pairs", async () => {
    const calls = stubApi({
      'GET /api/sales/summary': summary({ sales: 1, revenue: 30_000, fees: 2_400, netProceeds: 27_600, cost: 21_500, realisedGain: 6_100, returnOnCost: 28.37, averageDaysHeld: 51, sellThrough: 50, byMonth: months({ 2: [{ platform: 'ebay', realisedGain: 6_100 }] }) }),
      'GET /api/sales': list([sale]),
      'GET /api/sales/stockx': { linked: false, linkedAt: null, lastImportAt: null },
    });
    render();
    expect((await screen.findByRole('region', { name: 'Realised gain' })).textContent).toContain('+$61');
    expect(screen.getByRole('region', { name: 'Revenue' }).textContent).toContain('$300');
    expect(screen.getByRole('region', { name: 'Net proceeds' }).textContent).toContain('$276');
    const chart = screen.getByRole('img', { name: /Realised gain by month and platform/ });
    expect(chart.getAttribute('aria-label')).toContain(`best month March ${year} ($61)`);
    expect(chart.querySelectorAll('[data-series="ebay"] rect')).toHaveLength(12);
    const row = within(await screen.findByRole('table', { name: 'Sold pairs' })).getByText('Dunk Low Panda').closest('tr')!;
    expect(row.textContent).toContain('$276.00');
    expect(row.textContent).toContain('+$61 (+28.4%)');
    expect(await screen.findByRole('button', { name: 'Link StockX' })).toBeTruthy();
    expect(calls.some((call) => call.path === `/api/sales/summary?year=${year}`)).toBe(true);
  });

  it("shows a sale's selling costs as Fees, with the shipping its buyer paid beside the price", async () => {
    const shipped = { ...sale, platform: 'ebay', salePrice: 14_999, buyerShipping: 1_500, feesTotal: 2_158, shippingCost: 0, otherFees: 100, netProceeds: 14_241, realisedGain: 2_241 };
    stubApi({ 'GET /api/sales/summary': summary({ sales: 1 }), 'GET /api/sales': list([shipped]), 'GET /api/sales/stockx': { linked: false, linkedAt: null, lastImportAt: null } });
    render();
    const cells = within(within(await screen.findByRole('table', { name: 'Sold pairs' })).getByText('Dunk Low Panda').closest('tr')!).getAllByRole('cell');
    expect(cells.slice(3, 6).map((cell) => cell.textContent)).toEqual(['$149.99+$15.00 shipping', '$22.58', '$142.41']);
  });

  it('filters the sold pairs by platform and brand, and moves to another year', async () => {
    const calls = stubApi({ 'GET /api/sales/summary': summary(), 'GET /api/sales': list([]) });
    render();
    expect(await screen.findByText(`No sales in ${year}`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'goat' } });
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'Nike' } });
    await waitFor(() => expect(calls.some((call) => call.path.includes('platform=goat') && call.path.includes('brand=Nike'))).toBe(true));
    expect(await screen.findByText('No sales match these filters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(year - 1) } });
    await waitFor(() => expect(calls.some((call) => call.path === `/api/sales/summary?year=${year - 1}`)).toBe(true));
  });

  it('opens the year the URL names, so a reload or Back keeps the year chosen; a year it does not offer is this year', async () => {
    const calls = stubApi({ 'GET /api/sales/summary': summary(), 'GET /api/sales': list([]) });
    renderScreen(
      <UpgradePromptProvider>
        <SalesPage />
      </UpgradePromptProvider>,
      { path: '/admin/sales', route: `/admin/sales?year=${year - 2}` },
    );
    await waitFor(() => expect(calls.some((call) => call.path === `/api/sales/summary?year=${year - 2}`)).toBe(true));
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe(String(year - 2));
    expect(yearOfUrl('1999', year)).toBe(year);
    expect(yearOfUrl('abc', year)).toBe(year);
    expect(yearOfUrl(null, year)).toBe(year);
  });

  it('says when there is nothing to chart yet, and offers Retry when the year cannot load', async () => {
    stubApi({ 'GET /api/sales/summary': summary(), 'GET /api/sales': list([]) });
    render();
    expect(await screen.findByRole('img', { name: /No sales this year yet/ })).toBeTruthy();
    cleanup();
    stubApi({ 'GET /api/sales/summary': () => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'The collection is away for a moment' } }), 'GET /api/sales': list([]) });
    render();
    expect(await screen.findByText('Your sales could not be loaded')).toBeTruthy();
    expect(screen.getByText('The collection is away for a moment')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('lists every bad row of a refused import, and shows a StockX import that StockX refused, with Retry', async () => {
    stubApi({
      'GET /api/sales/stockx': linked,
      'POST /api/sales/stockx/import': () => ({ status: 400, body: { code: 'STOCKX_NOT_LINKED', message: 'Link your StockX account first' } }),
      'GET /api/sales/summary': summary(),
      'GET /api/sales': list([]),
      'POST /api/sales/import': () => ({ status: 400, body: { code: 'INVALID_IMPORT', message: 'Nothing was imported', errors: [{ line: 3, reason: 'Unknown platform' }, { line: 2, reason: 'The sale date is before the purchase date' }] } }),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Import StockX orders' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sales CSV file to import'), { target: { files: [new File(['name'], 'sales.csv', { type: 'text/csv' })] } });
    const lines = await screen.findByRole('list', { name: 'Lines that could not be imported' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Line 2: The sale date is before the purchase date', 'Line 3: Unknown platform']);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Nothing was imported' })).getAllByRole('button', { name: 'Close' }).at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: 'Import StockX orders' }));
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText('Link your StockX account first')).toBeTruthy();
    expect(within(refusal).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('offers to link StockX while it is not linked, and opens StockX’s consent page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubApi({
      'GET /api/sales/stockx': { linked: false, linkedAt: null, lastImportAt: null },
      'POST /api/sales/stockx/link': { authorizationUrl: 'https://accounts.stockx.com/authorize?state=s' },
      'GET /api/sales/summary': summary(),
      'GET /api/sales': list([]),
    });
    render();
    expect(screen.queryByRole('button', { name: 'Import StockX orders' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Link StockX' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.stockx.com/authorize?state=s'));
  });

  it('imports StockX orders: says how many it imported and lists the pairs to complete', async () => {
    const imported = { ...sale, id: 's9', itemId: 'item-9', name: 'Yeezy Boost 350 V2 Carbon', size: 9.5, sku: 'FZ5000', purchaseDate: null, source: 'stockx', needsCostBasis: true, costBasis: null, realisedGain: null };
    stubApi({
      'GET /api/sales/stockx': linked,
      'POST /api/sales/stockx/import': { matched: 1, added: 1, skipped: 2, sales: [{ ...sale, source: 'stockx' }, imported] },
      'GET /api/sales/summary': summary(),
      'GET /api/sales': list([]),
    });
    render();
    expect(await screen.findByText(/not imported yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import StockX orders' }));
    expect((await screen.findByText(/^2 sales imported:/, { selector: 'p' })).textContent).toBe('2 sales imported: 1 matched to your pairs, 1 added to complete, 2 already imported');
    const toComplete = screen.getByRole('list', { name: 'Imported sales to complete' });
    expect(within(toComplete).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`Yeezy Boost 350 V2 Carbon · size 9.5 · FZ5000 · sold Mar 2, ${year}`]);
  });
});

describe('the Sales page of other plans', { timeout: 20_000 }, () => {
  describe('Pro', () => {
    signedInForEachTest('premium');
    it('keeps the ledger, and opens the upgrade prompt for the tax export and StockX orders', async () => {
      const calls = stubApi({ 'GET /api/sales/summary': summary(), 'GET /api/sales': list([]) });
      render();
      fireEvent.click(await screen.findByRole('button', { name: `Export ${year}` }));
      const prompt = await screen.findByRole('dialog', { name: 'Unlock Expert Features' });
      expect(within(prompt).getByText('The tax export and the StockX order import are part of the Expert plan.')).toBeTruthy();
      expect(prompt.textContent).not.toMatch(/forecast|Pro:/);
      expect(screen.getByRole('button', { name: 'Upgrade to import' })).toBeTruthy();
      expect(calls.some((call) => call.path.startsWith('/api/sales/export.csv') || call.path.startsWith('/api/sales/stockx'))).toBe(false);
    });
  });
  describe('trial', () => {
    signedInForEachTest('trial');
    it('sees what the ledger does and the upgrade prompt, and asks the server nothing', async () => {
      const calls = stubApi({});
      render();
      expect(screen.getByText('Record your sales with each platform’s fees and see your net and realised gain on a paid plan; export your tax year on Expert.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Unlock' }));
      const prompt = await screen.findByRole('dialog', { name: 'Unlock Premium Features' });
      expect(within(prompt).getByText('Recording your sales, with each platform’s fees, your net and your realised gain, is part of the paid plans.')).toBeTruthy();
      expect(calls.filter((call) => call.path.startsWith('/api/sales'))).toEqual([]);
    });
  });
});
