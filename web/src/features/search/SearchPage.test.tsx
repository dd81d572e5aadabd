import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import SearchPage from './SearchPage.tsx';

const usage = { tier: 'trial', searchesUsed: 10, searchesLimit: 10, productViewsUsed: 0, productViewsLimit: 5, collectionItemsUsed: 0, collectionItemsLimit: 5, canAddToCollection: true };
const sneaker = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  brand: 'Nike',
  colorway: 'Black/White',
  sku: 'DD1391-100',
  imageUrl: null,
  retailPrice: 10_000,
  currentPrice: 16_000,
  lowestPrice: 12_000,
  highestPrice: 20_000,
  priceChange24h: 0,
  releaseDate: '2021-03-10',
  availableSizes: [9, 10, 11],
  ...extra,
});

/** The page's URL, and the browser's Back button. */
function Browser() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="url">{location.search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

const render = (route: string) =>
  renderScreen(
    <UpgradePromptProvider>
      <SearchPage />
      <Browser />
    </UpgradePromptProvider>,
    { path: '/admin/search', route },
  );

const searchesOf = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/api/sneakers/search')).map((c) => new URL(c.path, 'http://x').searchParams);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the search page', () => {
  signedInForEachTest(); // the page lives behind sign-in; membership reads wait for a signed-in user
  it('searches the query of the URL and shows the count, market status and trending badges', async () => {
    const calls = stubApi({
      'GET /api/membership/usage': { ...usage, searchesUsed: 1 },
      'GET /api/sneakers/search': { sneakers: [sneaker('a'.repeat(24), 'Dunk Low Panda'), sneaker('b'.repeat(24), 'Dunk High', { priceChange24h: 6_000 })], total: 2, available: 2 },
    });
    render('/admin/search?q=dunk');
    expect(await screen.findByText('2 results found')).toBeTruthy();
    expect(screen.getAllByText('Hype Beast')).toHaveLength(2);
    expect(screen.getAllByText('Trending')).toHaveLength(1);
    expect(calls.find((c) => c.path.startsWith('/api/sneakers/search'))?.path).toContain('q=dunk');
  });

  it('pages through 50 results at a time up to a Pro member’s 60, saying the cap held one back', async () => {
    const all = Array.from({ length: 60 }, (_, i) => sneaker(i.toString(16).padStart(24, '0'), `Air Max ${i + 1}`));
    const calls = stubApi({
      'GET /api/membership/usage': { ...usage, tier: 'premium', searchesLimit: null },
      'GET /api/sneakers/search': (_init, url) => {
        const page = Number(url.searchParams.get('page'));
        return { status: 200, body: { data: { sneakers: all.slice((page - 1) * 50, page * 50), total: 60, available: 61 } } };
      },
    });
    render('/admin/search?q=air%20max');
    const count = await screen.findByRole('status');
    await screen.findByText('Air Max 50', undefined, { timeout: 5_000 });
    expect(count.textContent).toBe('Showing 60 of 61 — upgrade to see more');
    expect(within(count).getByRole('link', { name: 'upgrade to see more' }).getAttribute('href')).toBe('/admin/upgrade');
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('article')).toHaveLength(50);
    expect(screen.getByText('50 of 60 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more results' }));
    expect(await screen.findByText('Air Max 60', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(within(results).getAllByRole('article')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Load more results' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/sneakers/search')).map((c) => new URL(c.path, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
  }, 30_000); // 60 result cards render slowly in jsdom

  it("tells a trial member the results were capped instead of 'N results found'", async () => {
    stubApi({
      'GET /api/membership/usage': { ...usage, searchesUsed: 1 },
      'GET /api/sneakers/search': { sneakers: [sneaker('a'.repeat(24), 'Dunk Low Panda')], total: 20, available: 127 },
    });
    render('/admin/search?q=dunk');
    await screen.findByText('Dunk Low Panda');
    expect(screen.getByRole('status').textContent).toBe('Showing 20 of 127 — upgrade to see more');
    expect(screen.queryByText('20 results found')).toBeNull();
  });

  it('tells an Expert member at the cap to narrow the search, with no upgrade', async () => {
    stubApi({
      'GET /api/membership/usage': { ...usage, tier: 'unlimited', searchesLimit: null },
      'GET /api/sneakers/search': { sneakers: [sneaker('a'.repeat(24), 'Dunk Low Panda')], total: 200, available: 340 },
    });
    render('/admin/search?q=dunk');
    await screen.findByText('Dunk Low Panda');
    expect(screen.getByRole('status').textContent).toBe('Showing 200 of 340 — narrow your search to see the rest');
  });

  it('keeps the Search button disabled while blank and needs 2 characters or a brand', async () => {
    const calls = stubApi({ 'GET /api/membership/usage': usage, 'GET /api/sneakers/search': { sneakers: [], total: 0, available: 0 } });
    render('/admin/search');
    const button = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search query'), { target: { value: 'a' } });
    fireEvent.click(button);
    expect(await screen.findByText('Enter at least 2 characters or choose a brand to search')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/sneakers/search'))).toHaveLength(0);
  });

  it('runs the search when a brand or an order is chosen, once each, with the query submitted, and keeps them in the URL', async () => {
    const calls = stubApi({ 'GET /api/membership/usage': { ...usage, searchesUsed: 1 }, 'GET /api/sneakers/search': { sneakers: [sneaker('a'.repeat(24), 'Air Jordan 1')], total: 1, available: 1 } });
    render('/admin/search?q=jordan');
    await screen.findByText('Air Jordan 1');
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'Adidas' } });
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?q=jordan&brand=Adidas'));
    fireEvent.change(screen.getByLabelText('Sort By'), { target: { value: 'release_date' } });
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?q=jordan&brand=Adidas&sort=release_date'));
    await waitFor(() => expect(searchesOf(calls)).toHaveLength(3));
    expect(searchesOf(calls)[2]).toMatchObject(new URLSearchParams({ q: 'jordan', brands: 'Adidas', sortBy: 'release_date', limit: '50', page: '1' }));
    expect(within(screen.getByLabelText('Active filters')).getByText('Adidas')).toBeTruthy();
  });

  it('runs nothing while the query is typed, and a brand chosen on a blank query searches the brand', async () => {
    const calls = stubApi({ 'GET /api/membership/usage': usage, 'GET /api/sneakers/search': { sneakers: [sneaker('a'.repeat(24), 'Air Jordan 1')], total: 1, available: 1 } });
    render('/admin/search');
    fireEvent.change(screen.getByLabelText('Search query'), { target: { value: 'jor' } });
    fireEvent.change(screen.getByLabelText('Search query'), { target: { value: '' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searchesOf(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'Jordan' } });
    await waitFor(() => expect(searchesOf(calls)).toHaveLength(1));
    expect(searchesOf(calls)[0]?.get('brands')).toBe('Jordan');
    expect(screen.getByTestId('url').textContent).toBe('?brand=Jordan');
  });

  it('restores the brand and sort of the URL, and goes back to the search before', async () => {
    const calls = stubApi({ 'GET /api/membership/usage': { ...usage, searchesUsed: 1 }, 'GET /api/sneakers/search': { sneakers: [sneaker('a'.repeat(24), 'Air Jordan 1')], total: 1, available: 1 } });
    render('/admin/search?q=jordan&brand=Nike&sort=release_date');
    await screen.findByText('Air Jordan 1');
    expect(searchesOf(calls)[0]?.get('brands')).toBe('Nike');
    expect(searchesOf(calls)[0]?.get('sortBy')).toBe('release_date');
    expect((screen.getByLabelText('Brand') as HTMLSelectElement).value).toBe('Nike');

    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?q=jordan&sort=release_date'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?q=jordan&brand=Nike&sort=release_date'));
    expect((screen.getByLabelText('Brand') as HTMLSelectElement).value).toBe('Nike');
    expect((screen.getByLabelText('Sort By') as HTMLSelectElement).value).toBe('release_date');
    expect(within(screen.getByLabelText('Active filters')).getByText('Nike')).toBeTruthy();
  });

  it("shows 'No sneakers found' with 'Clear All Filters'", async () => {
    stubApi({ 'GET /api/membership/usage': usage, 'GET /api/sneakers/search': { sneakers: [], total: 0, available: 0 } });
    render('/admin/search?q=zzzz');
    expect(await screen.findByText('No sneakers found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect((screen.getByLabelText('Search query') as HTMLInputElement).value).toBe('');
  });

  it('opens the search-limit upgrade prompt with the usage on SEARCH_LIMIT', async () => {
    stubApi({
      'GET /api/membership/usage': usage,
      'GET /api/sneakers/search': () => ({ status: 403, body: { message: 'You have used all 10 searches of your plan.', code: 'SEARCH_LIMIT' } }),
    });
    render('/admin/search?q=jordan');
    expect(await screen.findByRole('dialog', { name: 'Search Limit Reached' })).toBeTruthy();
    expect(await screen.findByText('Searches: 10 of 10')).toBeTruthy();
  });
});
