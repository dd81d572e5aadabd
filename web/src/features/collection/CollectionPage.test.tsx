import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import CollectionPage from './CollectionPage.tsx';

const stats = { totalValue: 45_000, totalCost: 40_000, totalGainLoss: 5_000, gainLossPercent: 12.5, totalItems: 2, averageValue: 22_500 };
const item = (id: string, name: string, currentValue: number, purchasePrice: number) => ({
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the collection page', () => {
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
      'GET /api/membership/usage': usage(false),
      'GET /api/collections/related/recommendations': { products: [] },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Add' }));
    expect(screen.getByRole('dialog', { name: 'Collection Limit Reached' })).toBeTruthy();
    expect(screen.getByText('Collection items: 5 of 5')).toBeTruthy();
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
});
