import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import DashboardPage from './Dashboard.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sneaker = { id: 's1', name: 'Jordan 1 Chicago', brand: 'Jordan', imageUrl: null, currentPrice: 41200, retailPrice: 18000, priceChange24h: 1500 };

describe('dashboard data', () => {
  it('shows quick metrics in dollars from cents, value metrics with urgency, trending and the market', async () => {
    stubApi({
      'GET /api/dashboard/value-metrics': (init) => ({ status: 200, body: { data: null, init } }),
      'GET /api/dashboard/trending': { timeframe: '7d', sneakers: [sneaker] },
      'GET /api/dashboard/market-overview': { asOf: null, totalSneakers: 1200, totalSales: 50000, averagePrice: 25000, averagePremiumPercent: 20, trendingCount: 3, gainers: [sneaker], losers: [], brands: [] },
    });
    renderScreen(<DashboardPage />);
    await waitFor(() => expect(screen.getAllByText('Jordan 1 Chicago')).toHaveLength(2));
    expect(screen.getByText('1,200')).toBeTruthy();
    expect(await screen.findByText('Unable to load personalized metrics. Please try again.', { selector: 'span' })).toBeTruthy();
  });

  it("says 'No data received from market overview API' when the market part is empty", async () => {
    stubApi({
      'GET /api/dashboard/value-metrics': (_init, url) =>
        url.searchParams.get('quick')
          ? { status: 200, body: { data: { collectionCount: 3, collectionValue: 123400, searchesThisMonth: 7, potentialSavings: 5000 } } }
          : {
              status: 200,
              body: {
                data: {
                  collectionValue: { currentMarketValue: 123400, totalItems: 3 },
                  usagePatterns: { searchesThisMonth: 7, averageSearchesPerDay: 0.33 },
                  potentialSavings: { priceAlertSavings: 5000, timeValueSavings: 0, totalPotentialValue: 5000 },
                  upgradeRecommendation: { primaryBenefit: 'Unlimited searches', secondaryBenefits: ['Price predictions'], urgency: 'high', estimatedMonthlySavings: 2000 },
                },
              },
            },
      'GET /api/dashboard/trending': { sneakers: [] },
      'GET /api/dashboard/market-overview': null,
    });
    renderScreen(<DashboardPage />);
    await waitFor(() => expect(screen.getAllByText('$1,234')).toHaveLength(2));
    expect(await screen.findByText('High urgency')).toBeTruthy();
    expect(await screen.findByText('No data received from market overview API')).toBeTruthy();
    expect(screen.getByText('Nothing is trending right now.')).toBeTruthy();
  });

  it('shows no urgency badge for a low urgency, counts one item in the singular, and shows a change under a dollar as none', async () => {
    const flat = { ...sneaker, id: 's2', name: 'Samba OG', priceChange24h: 40 };
    stubApi({
      'GET /api/dashboard/value-metrics': {
        collectionValue: { currentMarketValue: 12_000, totalItems: 1 },
        usagePatterns: { searchesThisMonth: 1, averageSearchesPerDay: 0.03 },
        potentialSavings: { priceAlertSavings: 0, timeValueSavings: 0, totalPotentialValue: 0 },
        upgradeRecommendation: { primaryBenefit: 'More room for pairs', secondaryBenefits: [], urgency: 'low', estimatedMonthlySavings: 0 },
      },
      'GET /api/dashboard/trending': { sneakers: [flat] },
      'GET /api/dashboard/market-overview': { asOf: null, totalSneakers: 1, totalSales: 1, averagePrice: 1, averagePremiumPercent: 0, trendingCount: 0, gainers: [], losers: [], brands: [] },
    });
    renderScreen(<DashboardPage />);
    expect(await screen.findByText('More room for pairs')).toBeTruthy();
    expect(screen.queryByText(/urgency/i)).toBeNull();
    expect(screen.getByText('1 item')).toBeTruthy();
    expect(screen.getByText(/^1 search this month/)).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Samba OG' })).closest('li')!;
    expect(row.textContent).toContain('No change');
    expect(row.textContent).not.toMatch(/[▲▼]|\$0/);
  });
});

describe("the value metrics of a member who keeps a ledger", () => {
  signedInForEachTest('premium');
  it("include the year's realised gain, with a way to the Sales page", async () => {
    const year = new Date().getUTCFullYear();
    const calls = stubApi({
      'GET /api/dashboard/value-metrics': {
        collectionValue: { currentMarketValue: 12_000, totalItems: 1 },
        usagePatterns: { searchesThisMonth: 1, averageSearchesPerDay: 0.03 },
        potentialSavings: { priceAlertSavings: 0, timeValueSavings: 0, totalPotentialValue: 0 },
        upgradeRecommendation: null,
      },
      'GET /api/sales/summary': { year, sales: 2, realisedGain: 6_100 },
      'GET /api/dashboard/trending': { sneakers: [] },
      'GET /api/dashboard/market-overview': null,
    });
    renderScreen(<DashboardPage />);
    const gain = await screen.findByLabelText('Realised gain this year');
    expect(gain.textContent).toContain(`Realised gain in ${year}`);
    expect(gain.textContent).toContain('+$61');
    expect(gain.textContent).toContain('2 pairs sold');
    expect(calls.some((call) => call.path === `/api/sales/summary?year=${year}`)).toBe(true);
  });
});
