import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
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

const render = (route: string) =>
  renderScreen(
    <UpgradePromptProvider>
      <SearchPage />
    </UpgradePromptProvider>,
    { path: '/admin/search', route },
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the search page', () => {
  signedInForEachTest(); // the page lives behind sign-in; membership reads wait for a signed-in user
  it('searches the query of the URL and shows the count, market status and trending badges', async () => {
    const calls = stubApi({
      'GET /api/membership/usage': { ...usage, searchesUsed: 1 },
      'GET /api/sneakers/search': { sneakers: [sneaker('a'.repeat(24), 'Dunk Low Panda'), sneaker('b'.repeat(24), 'Dunk High', { priceChange24h: 6_000 })], total: 2 },
    });
    render('/admin/search?q=dunk');
    expect(await screen.findByText('2 results found')).toBeTruthy();
    expect(screen.getAllByText('Hype Beast')).toHaveLength(2);
    expect(screen.getAllByText('Trending')).toHaveLength(1);
    expect(calls.find((c) => c.path.startsWith('/api/sneakers/search'))?.path).toContain('q=dunk');
  });

  it('keeps the Search button disabled while blank and needs 2 characters or a brand', async () => {
    const calls = stubApi({ 'GET /api/membership/usage': usage, 'GET /api/sneakers/search': { sneakers: [], total: 0 } });
    render('/admin/search');
    const button = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search query'), { target: { value: 'a' } });
    fireEvent.click(button);
    expect(await screen.findByText('Enter at least 2 characters or choose a brand to search')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/sneakers/search'))).toHaveLength(0);
  });

  it("shows 'No sneakers found' with 'Clear All Filters'", async () => {
    stubApi({ 'GET /api/membership/usage': usage, 'GET /api/sneakers/search': { sneakers: [], total: 0 } });
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
