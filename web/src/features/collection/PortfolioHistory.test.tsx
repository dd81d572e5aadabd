import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { PortfolioHistory } from './PortfolioHistory.tsx';

const point = (date: string, totalValue: number, totalCost = 40_000) => ({ date, totalValue, totalCost, gainLoss: totalValue - totalCost, itemCount: 2 });
const history = (range: string, points: ReturnType<typeof point>[]) => ({ range, points, current: points.at(-1)!, change: points.at(-1)!.totalValue - points[0]!.totalValue, changePercent: 12.5 });

// The chart's chunk loads when the panel first draws it; here it is loaded before, as a browser that has it cached.
beforeAll(() => import('../../ui/charts/PortfolioChart.tsx'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the portfolio history', () => {
  signedInForEachTest();
  it('draws the stored daily values over 30 days, and asks for 90 days and a year when chosen', async () => {
    const calls = stubApi({
      'GET /api/dashboard/portfolio-history': (_init, url) => {
        const range = url.searchParams.get('range')!;
        const points = range === '1y' ? [point('2025-12-01', 30_000), point('2026-06-01', 38_000), point('2026-11-26', 45_000)] : [point('2026-11-01', 40_000), point('2026-11-26', 45_000)];
        return { status: 200, body: { data: history(range, points) } };
      },
    });
    renderScreen(<PortfolioHistory />);
    expect(screen.getByLabelText('Loading the portfolio history')).toBeTruthy();
    const chart = await screen.findByRole('img', { name: /^Collection value: Value \$450, \+\$50 \(\+12\.5%\) since Nov 1, 2026$/ });
    expect(chart.querySelector('[data-series="value"]')?.getAttribute('d')).toMatch(/^M/);
    expect(chart.querySelector('[data-series="cost"]')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portfolio Value' }).textContent).toContain('$450');
    expect(screen.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '1Y' }));
    expect(await screen.findByRole('img', { name: /since Dec 1, 2025$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '90D' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/dashboard/portfolio-history?range=30d', '/api/dashboard/portfolio-history?range=1y', '/api/dashboard/portfolio-history?range=90d']));
  }, 20_000);

  it('says the chart starts once there are two days, instead of drawing an empty frame', async () => {
    stubApi({ 'GET /api/dashboard/portfolio-history': history('30d', [point('2026-11-26', 45_000)]) });
    renderScreen(<PortfolioHistory />);
    expect(await screen.findByText("Your collection's value is recorded once a day: its chart starts once there are two days to compare.")).toBeTruthy();
    expect(document.querySelector('svg[role="img"]')).toBeNull();
  });

  it('offers Retry when the history cannot load', async () => {
    stubApi({ 'GET /api/dashboard/portfolio-history': () => ({ status: 503, body: { message: 'Collection is unavailable', code: 'SERVICE_UNAVAILABLE' } }) });
    renderScreen(<PortfolioHistory />);
    expect(await screen.findByText('Portfolio history unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
