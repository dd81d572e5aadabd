import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import { ForecastPanel } from './ForecastPanel.tsx';

const day = (i: number) => new Date(Date.UTC(2026, 9, 1) + i * 86_400_000).toISOString().slice(0, 10);
const band = (price: number, width: number) => ({ lower: price - width, upper: price + width });
const summary = {
  sneakerId: 'abc',
  asOf: day(20),
  currentPrice: 20_000,
  predictedPrice: 21_000,
  expectedChange: 1_000,
  expectedChangePercent: 5,
  predictedDirection: 'up',
  confidence: 72,
  priceRange: { min: 17_000, max: 25_000 },
  warnings: ['Fewer than 3 sales in the last 30 days.'],
  horizonDays: 30,
  history: Array.from({ length: 20 }, (_, i) => ({ date: day(i), averagePrice: 20_000 + i * 10, salesVolume: 2 })),
  path: Array.from({ length: 30 }, (_, i) => ({ date: day(21 + i), horizon: i + 1, price: 20_000 + i * 33, bands: { '50': band(20_000, 500 + i * 20), '80': band(20_000, 1_000 + i * 40), '95': band(20_000, 1_500 + i * 60) } })),
  model: { name: 'ses', fitWindowDays: 180, observations: 120, smoothing: 0.3, description: 'x' },
  volatility: { score: 42, label: 'Medium Risk', salesCount: 12, pricesUsed: 12, windowDays: 30, fallback: false },
};

const accuracy = { sneakerId: 'abc', size: null, enoughHistory: true, windowDays: 365, horizonDays: 30, forecasts: 48, mape: 6.2, naiveMape: 7.04, coverage80: 81.3, computedAt: day(20) };

const render = (locked = false, size: number | null = null) =>
  renderScreen(
    <UpgradePromptProvider>
      <ForecastPanel sneakerId="abc" size={size} locked={locked} basePrice={20_000} />
    </UpgradePromptProvider>,
  );

// The chart's chunk loads when the panel first draws it; here it is loaded before, as a browser that has it cached.
beforeAll(() => import('../../ui/charts/ForecastChart.tsx'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the forecast panel', () => {
  it('shows the predicted price, change, direction, confidence, range, volatility and the three bands', async () => {
    stubApi({
      'GET /api/sneakers/abc/prediction-summary': summary,
      'GET /api/sneakers/abc/sales/daily': { dailySales: [{ date: day(19), average_price: 20_000, sales_volume: 7, total_sales: 140_000 }], days: 30, size: null, page: 1, limit: 30, total: 1, totalPages: 1, hasNextPage: false },
    });
    render();
    expect(await screen.findByText('$210')).toBeTruthy();
    expect(screen.getByText('+$10 (+5.0%)')).toBeTruthy();
    expect(screen.getByText('Up')).toBeTruthy();
    expect(screen.getByText('72%')).toBeTruthy();
    expect(screen.getByText('$170 – $250')).toBeTruthy();
    expect(screen.getByText('Medium Risk')).toBeTruthy();
    expect(screen.getByText('Fewer than 3 sales in the last 30 days.')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /30-day price forecast: 30-day forecast \$/ })).toBeTruthy();
    for (const level of ['50', '80', '95']) expect(document.querySelector(`path[data-band="${level}"]`)?.getAttribute('d')).toMatch(/^M/);
    expect(await screen.findByText('7')).toBeTruthy();
  });

  it('shows the track record of the forecasts in plain words', async () => {
    stubApi({ 'GET /api/sneakers/abc/prediction-summary': summary, 'GET /api/sneakers/abc/forecast-accuracy': accuracy });
    render();
    expect(
      await screen.findByText('Over the past year our 30-day forecasts for this sneaker were off by 6.2% on average (the last price alone: 7.0%); 81% of prices fell in the 80% band.'),
    ).toBeTruthy();
  });

  it('follows the size chosen: asks for that size and says how its forecast was made', async () => {
    const calls = stubApi({
      'GET /api/sneakers/abc/prediction-summary': (_init, url) => ({
        status: 200,
        body: { data: url?.searchParams.get('size') === '10' ? { ...summary, predictedPrice: 23_000, sizeBasis: { size: 10, method: 'pooled', sales: 3, weight: 0.231 } } : summary },
      }),
      'GET /api/sneakers/abc/forecast-accuracy': (_init, url) => ({ status: 200, body: { data: { ...accuracy, size: Number(url?.searchParams.get('size')), enoughHistory: false, mape: null, naiveMape: null, coverage80: null } } }),
      'GET /api/sneakers/abc/sales/daily': (_init, url) => {
        const size = url?.searchParams.get('size');
        const volume = size === '10' ? 3 : 40;
        return { status: 200, body: { data: { dailySales: [{ date: day(19), average_price: 20_000, sales_volume: volume, total_sales: volume * 20_000 }], days: 30, size: size === null ? null : Number(size), page: 1, limit: 30, total: 1, totalPages: 1, hasNextPage: false } } };
      },
    });
    render(false, 10);
    expect(await screen.findByText('$230')).toBeTruthy();
    expect(screen.getByText("Forecast for size 10 from every size's prices and its own 3 sales in the last 180 days (weighted 23%).")).toBeTruthy();
    expect(await screen.findByText('There is not enough sales history for size 10 of this sneaker yet to say how our past forecasts did.')).toBeTruthy();
    // The 30-day sales count is that size's, not every size's.
    expect((await screen.findByText('Sales in the last 30 days')).nextElementSibling?.textContent).toBe('3');
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/sneakers/abc/prediction-summary?size=10', '/api/sneakers/abc/forecast-accuracy?size=10', '/api/sneakers/abc/sales/daily?days=30&limit=30&size=10']),
    );
  });

  it('explains INSUFFICIENT_DATA', async () => {
    stubApi({ 'GET /api/sneakers/abc/prediction-summary': () => ({ status: 422, body: { message: 'INSUFFICIENT_DATA: not enough', code: 'INSUFFICIENT_DATA' } }) });
    render();
    expect(await screen.findByText('Not enough historical data available for accurate predictions')).toBeTruthy();
  });

  it('shows a trial member the locked teaser with the 30-day guarantee, without asking the server', () => {
    const calls = stubApi({});
    render(true);
    expect(screen.getByText('30-day money-back guarantee')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Unlock' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
