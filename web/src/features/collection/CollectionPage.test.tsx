import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import CollectionPage from './CollectionPage.tsx';

const stats = { totalValue: 45_000, totalCost: 40_000, totalGainLoss: 5_000, gainLossPercent: 12.5, totalItems: 2, averageValue: 22_500 };
const replayed = { basis: 'last_sale', source: 'replay:stockx-2019-sales.csv', asOf: new Date(Date.now() - 150 * 60_000).toISOString(), stale: false, thin: false };
const item = (id: string, name: string, currentValue: number, purchasePrice: number, valuation: Record<string, unknown> = replayed) => ({
  id,
  sneakerId: 'a'.repeat(24),
  name,
  brand: 'Nike',
  colorway: 'Black/White',
  size: 10,
  imageUrl: null,
  purchasePrice,
  purchaseDate: '2026-11-01',
  condition: 'new',
  notes: '',
  currentValue,
  currentPrice: currentValue,
  gainLoss: currentValue - purchasePrice,
  gainLossPercent: ((currentValue - purchasePrice) / purchasePrice) * 100,
  addedAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  photoCount: 0,
  sneaker: { id: null, name, brand: 'Nike', colorway: '', imageUrl: null, retailPrice: null, size: 10 },
  valuation,
});
const page = (items: unknown[], s = stats) => ({ items, stats: s, page: 1, limit: 20, total: items.length, totalPages: 1, hasNextPage: false, hasPreviousPage: false });
const usage = (canAddToCollection: boolean) => ({ tier: 'trial', collectionItemsUsed: 5, collectionItemsLimit: 5, canAddToCollection, searchesUsed: 0, searchesLimit: 10 });

const render = () =>
  renderScreen(
    <UpgradePromptProvider>
      <CollectionPage />
    </UpgradePromptProvider>,
    { path: '/admin/collection', route: '/admin/collection' },
  );

// The cards render in slices between which React yields (see useDeferredQuery): on a busy machine that takes
// seconds, so lookups wait up to 10 s and a test may take 20.
configure({ asyncUtilTimeout: 10_000 });

// The portfolio chart's chunk loads when the page first draws it; here it is loaded before, as a browser that has it cached.
beforeAll(() => import('../../ui/charts/PortfolioChart.tsx'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the collection page', { timeout: 20_000 }, () => {
  signedInForEachTest(); // the page lives behind sign-in; membership reads wait for a signed-in user
  it('shows the four summary cards and each item with its value and gain or loss', async () => {
    stubApi({
      'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000), item('2', 'Air Max 1', 20_000, 20_000)]),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    expect(await screen.findByRole('article', { name: 'Dunk Low Panda' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Total Value' }).textContent).toContain('$450');
    expect(screen.getByRole('region', { name: 'Total Items' }).textContent).toContain('2');
    expect(screen.getByRole('region', { name: 'Profit/Loss' }).textContent).toContain('+$50');
    expect(screen.getByRole('region', { name: 'Average Value' }).textContent).toContain('$225');
    expect(screen.getByRole('article', { name: 'Dunk Low Panda' }).textContent).toContain('+$50 (+25.0%)');
    expect(screen.getByRole('heading', { name: 'Discover Similar Sneakers' })).toBeTruthy();
  });

  it('says on each card which number its value rests on, with the source and age, replayed sales as replayed, stale and thin markets marked', async () => {
    const live = { basis: 'highest_bid', source: 'stockx-api', asOf: new Date(Date.now() - 4 * 60_000).toISOString(), stale: false, thin: false };
    const fellBack = { ...replayed, stale: true, thin: true };
    stubApi({
      'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000, live), item('2', 'Air Max 1', 20_000, 20_000, fellBack), item('3', 'My Custom Pair', 9_000, 9_000, { basis: 'last_known', source: null, asOf: null, stale: false, thin: false })]),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    const dunk = await screen.findByRole('article', { name: 'Dunk Low Panda' });
    expect(within(dunk).getByText('StockX · 4 min ago · highest bid')).toBeTruthy();
    expect(within(dunk).queryByText('stale')).toBeNull();
    const airMax = screen.getByRole('article', { name: 'Air Max 1' });
    expect(within(airMax).getByText('Replayed public sales (2019 sample, shifted to today) · 2 h ago · last sale')).toBeTruthy();
    expect(within(airMax).getByText('stale')).toBeTruthy();
    expect(within(airMax).getByText('thin market')).toBeTruthy();
    expect(airMax.textContent).not.toContain('StockX');
    expect(within(screen.getByRole('article', { name: 'My Custom Pair' })).getByText('Last known value')).toBeTruthy();
  });

  it("shows the empty state with 'Add Your First Sneaker'", async () => {
    stubApi({
      'GET /api/collections': page([], { ...stats, totalValue: 0, totalCost: 0, totalGainLoss: 0, gainLossPercent: 0, totalItems: 0, averageValue: 0 }),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    expect(await screen.findByText('Your collection is empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Your First Sneaker' }));
    expect(screen.getByTestId('elsewhere').textContent).toBe('/search');
  });

  it('shows the error card with Retry when the collection cannot load', async () => {
    stubApi({
      'GET /api/collections': () => ({ status: 400, body: { message: 'bad', code: 'VALIDATION_ERROR' } }),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': () => ({ status: 500, body: {} }),
    });
    render();
    expect(await screen.findByText('Error loading collection')).toBeTruthy();
    expect(screen.getByText('Failed to load your collection. Please try again.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });

  it("reads 'Upgrade to Add' when no more items fit, and opens the prompt with the usage", async () => {
    stubApi({
      'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000)]),
      'GET /api/collections/stats': { ...stats, totalItems: 5 },
      'GET /api/membership/usage': usage(false),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Add' }));
    expect(await screen.findByRole('dialog', { name: 'Collection Limit Reached' })).toBeTruthy();
    expect(screen.getByText('Collection items: 5 of 5')).toBeTruthy();
  });

  it("shows the collection's own count when the server refuses an add, not an older usage figure", async () => {
    stubApi({
      'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000)]),
      'GET /api/collections/stats': { ...stats, totalItems: 5 },
      'GET /api/membership/usage': { ...usage(true), collectionItemsUsed: 1 },
      'GET /api/collections/related/recommendations': { products: [] },
      'POST /api/collections': () => ({ status: 403, body: { code: 'COLLECTION_LIMIT', message: 'You have reached your collection limit of 5 items. Upgrade your plan to add more.' } }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Item' });
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Samba OG' } });
    fireEvent.change(screen.getByLabelText('Brand *'), { target: { value: 'Adidas' } });
    fireEvent.change(screen.getByLabelText('Purchase price (USD) *'), { target: { value: '100' } });
    fireEvent.submit(dialog.querySelector('form')!);
    expect(await screen.findByRole('dialog', { name: 'Collection Limit Reached' })).toBeTruthy();
    expect(await screen.findByText('Collection items: 5 of 5')).toBeTruthy();
    expect(screen.queryByText(/Collection items: 1 of/)).toBeNull();
  });

  it('checks the Add Item form before sending it', async () => {
    const calls = stubApi({
      'GET /api/collections': page([]),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Item' });
    expect((screen.getByLabelText('Colorway') as HTMLInputElement).value).toBe('Default');
    expect((screen.getByLabelText('Size (US)') as HTMLSelectElement).value).toBe('10');
    fireEvent.submit(dialog.querySelector('form')!);
    expect(await screen.findByText('Missing Information: Please fill in all required fields.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("refreshes the market insights' Kicksight Value card right after an add", async () => {
    let held = 0;
    const metrics = () => ({
      status: 200,
      body: {
        data: {
          collectionValue: { currentMarketValue: held * 12_000, totalItems: held },
          usagePatterns: { searchesThisMonth: 0, averageSearchesPerDay: 0 },
          potentialSavings: { priceAlertSavings: 0, timeValueSavings: 0, totalPotentialValue: 0 },
          upgradeRecommendation: null,
        },
      },
    });
    stubApi({
      'GET /api/collections': () => ({ status: 200, body: { data: page([]) } }),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
      'GET /api/dashboard/value-metrics': metrics,
      'GET /api/dashboard/trending': { sneakers: [] },
      'GET /api/dashboard/market-overview': null,
      'POST /api/collections': () => {
        held += 1;
        return { status: 201, body: { data: item('9', 'Samba OG', 12_000, 10_000) } };
      },
    });
    render();
    const card = await screen.findByRole('region', { name: 'Your Kicksight Value' });
    await waitFor(() => expect(card.textContent).toContain('0 items'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Samba OG' } });
    fireEvent.change(screen.getByLabelText('Brand *'), { target: { value: 'Adidas' } });
    fireEvent.change(screen.getByLabelText('Purchase price (USD) *'), { target: { value: '100' } });
    fireEvent.submit(screen.getByRole('dialog', { name: 'Add Item' }).querySelector('form')!);
    await waitFor(() => expect(card.textContent).toContain('1 item'));
    expect(card.textContent).toContain('$120');
  });

  it('edits a deadstock pair without changing its condition or any field the member left alone', async () => {
    const deadstock = { ...item('1', 'DS Pair', 12_000, 12_000), condition: 'deadstock', size: 4.5, notes: 'OG box' };
    const calls = stubApi({
      'GET /api/collections': page([deadstock]),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
      'GET /api/collections/1/photos': [],
      'PUT /api/collections/1': { ...deadstock, purchasePrice: 13_000 },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit DS Pair' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Item' });
    expect((within(dialog).getByLabelText('Condition') as HTMLSelectElement).value).toBe('deadstock');
    expect((within(dialog).getByLabelText('Size (US) *') as HTMLSelectElement).value).toBe('4.5');
    fireEvent.change(within(dialog).getByLabelText('Purchase price (USD) *'), { target: { value: '130' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Item Updated')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ purchasePrice: 13_000 });
  });

  it("shows the member's uploaded photo on the pair's card", async () => {
    const withPhoto = { ...item('1', 'Dunk Low Panda', 25_000, 20_000), photoCount: 1 };
    stubApi({
      'GET /api/collections': page([withPhoto, item('2', 'Air Max 1', 20_000, 20_000)]),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
      'GET /api/collections/1/photos': [{ id: 'p1', itemId: '1', contentType: 'image/png', size: 68, url: '/api/collections/1/photos/p1', createdAt: '2026-11-26T00:00:00Z' }],
      'GET /api/collections/1/photos/p1': { png: true },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo-p1'), revokeObjectURL: vi.fn() }));
    render();
    const card = await screen.findByRole('article', { name: 'Dunk Low Panda' });
    const photo = (await within(card).findByRole('img', { name: 'Your photo of Dunk Low Panda' })) as HTMLImageElement;
    expect(photo.src).toBe('blob:photo-p1');
    expect(within(screen.getByRole('article', { name: 'Air Max 1' })).queryByRole('img', { name: /Your photo/ })).toBeNull();
  });
});

describe('the collection of a member who keeps a ledger', { timeout: 20_000 }, () => {
  signedInForEachTest('premium');
  const routes = (extra: Record<string, unknown> = {}) => ({
    'GET /api/membership/usage': usage(true),
    'GET /api/collections/related/recommendations': { products: [] },
    'GET /api/sales/settings': { stockxSellerLevel: 1, goatSellerRating: 90, monthlyReport: true },
    ...extra,
  });

  it('values the pairs net of the chosen platform’s fees, gross and net side by side', async () => {
    const netItem = { ...item('1', 'Dunk Low Panda', 25_000, 20_000), costBasis: 20_000, netValue: { platform: 'goat', basis: 'bid', grossPrice: 24_000, fees: 3_000, value: 21_000, gainLoss: 1_000 } };
    const calls = stubApi(
      routes({
        'GET /api/collections': (_init: unknown, url: URL) =>
          url.searchParams.get('valuation') === 'net'
            ? { status: 200, body: { data: page([netItem], { ...stats, net: { platform: url.searchParams.get('platform'), totalValue: 21_000, totalGainLoss: 1_000, gainLossPercent: 5 } } as typeof stats) } }
            : { status: 200, body: { data: page([item('1', 'Dunk Low Panda', 25_000, 20_000)]) } },
      }),
    );
    render();
    expect((await screen.findByRole('article', { name: 'Dunk Low Panda' })).textContent).toContain('Current value$250');
    fireEvent.click(screen.getByRole('button', { name: 'Net' }));
    fireEvent.change(await screen.findByLabelText('Selling on'), { target: { value: 'goat' } });
    // The page may show the StockX answer first (the collection keeps its last answer while the next one loads).
    await waitFor(() => expect(screen.getByRole('region', { name: 'Total Value' }).textContent).toContain('Net on GOAT / Alias $210'));
    expect(screen.getByRole('article', { name: 'Dunk Low Panda' }).textContent).toContain('Net value (highest bid)$210');
    expect(screen.getByRole('region', { name: 'Total Value' }).textContent).toContain('$450');
    expect(calls.some((call) => call.path.includes('valuation=net') && call.path.includes('platform=goat'))).toBe(true);
  });

  it('offers a Pro member at the collection limit only what Expert adds', async () => {
    stubApi(routes({ 'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000)]), 'GET /api/collections/stats': { ...stats, totalItems: 20 }, 'GET /api/membership/usage': { ...usage(false), tier: 'premium', collectionItemsUsed: 20, collectionItemsLimit: 20 } }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Add' }));
    const prompt = await screen.findByRole('dialog', { name: 'Collection Limit Reached' });
    expect(within(prompt).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['Expert: an unlimited collection']);
  });

  it('opens the Sell dialog from a pair', async () => {
    stubApi(routes({ 'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000)]) }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell Dunk Low Panda' }));
    expect(await screen.findByRole('dialog', { name: 'Sell' })).toBeTruthy();
    expect(screen.getByLabelText('Sale price (USD) *')).toBeTruthy();
  });
});

describe('the ledger of a trial', { timeout: 20_000 }, () => {
  signedInForEachTest('trial');
  it('opens the upgrade prompt on Sell, before any form', async () => {
    const calls = stubApi({
      'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000)]),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell Dunk Low Panda' }));
    const prompt = await screen.findByRole('dialog', { name: 'Unlock Premium Features' });
    expect(prompt.textContent).toContain('Pro: record sales with each platform’s fees, net and realised gain');
    expect(screen.queryByRole('dialog', { name: 'Sell' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/sales'))).toBe(false);
  });

  it('opens the upgrade prompt and keeps market values', async () => {
    const calls = stubApi({
      'GET /api/collections': page([item('1', 'Dunk Low Panda', 25_000, 20_000)]),
      'GET /api/membership/usage': usage(true),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Net' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock Premium Features' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gross' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.some((call) => call.path.includes('valuation=net'))).toBe(false);
  });
});
