import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import { SalesHistoryPanel, chartHeightOf, fullscreenChartHeightOf } from './SalesHistoryPanel.tsx';

const days = (n: number) => Array.from({ length: n }, (_, i) => ({ date: new Date(Date.UTC(2026, 9, 1) + i * 86_400_000).toISOString().slice(0, 10), average_price: 20_000 + i * 100, sales_volume: 2, total_sales: 40_000 }));

const render = (locked = false) =>
  renderScreen(
    <UpgradePromptProvider>
      <SalesHistoryPanel sneakerId="abc" locked={locked} basePrice={20_000} />
    </UpgradePromptProvider>,
  );

// The chart's chunk loads when the panel first draws it; here it is loaded before, as a browser that has it cached.
beforeAll(() => import('../../ui/charts/SalesHistoryChart.tsx'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The chart renders in slices between which React yields (see useDeferredQuery): on a busy machine that takes
// seconds, so lookups wait up to 10 s and a test may take 20.
configure({ asyncUtilTimeout: 10_000 });

describe('the historical sales chart', { timeout: 20_000 }, () => {
  it('starts combined over 30 days and asks for 90 days when 90D is chosen', async () => {
    const calls = stubApi({ 'GET /api/sneakers/abc/sales/daily': (_init: unknown, url: URL) => ({ status: 200, body: { data: { dailySales: days(Number(url.searchParams.get('days')) > 30 ? 60 : 20) } } }) });
    render();
    expect(await screen.findByRole('img', { name: /Historical sales: 30-day average \$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Combined' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '90D' }));
    expect(await screen.findByRole('img', { name: /Historical sales: 90-day average \$/ })).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/sneakers/abc/sales/daily?days=90&limit=90'));
    fireEvent.click(screen.getByRole('button', { name: 'Line' }));
    expect(screen.getByRole('button', { name: 'Line' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a trial member a blurred sample and never asks for the real data', () => {
    const calls = stubApi({});
    render(true);
    expect(document.querySelector('[data-locked="true"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Unlock' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('is at least 350 px tall on phones and 400 px on wider screens', () => {
    expect(chartHeightOf(true)).toBe(350);
    expect(chartHeightOf(false)).toBe(400);
  });

  it('fills the screen below its controls when fullscreen, never shrinking below its usual height', () => {
    expect(fullscreenChartHeightOf(1000, 400)).toBe(972);
    expect(fullscreenChartHeightOf(300, 400)).toBe(400);
  });

  it('names each date once on the 1Y chart, whatever span of sales it holds', async () => {
    stubApi({ 'GET /api/sneakers/abc/sales/daily': (_init: unknown, url: URL) => ({ status: 200, body: { data: { dailySales: days(Number(url.searchParams.get('days')) > 90 ? 25 : 20) } } }) });
    render();
    await screen.findByRole('img', { name: /30-day average/ });
    fireEvent.click(screen.getByRole('button', { name: '1Y' }));
    await screen.findByRole('img', { name: /365-day average/ });
    const labels = [...document.querySelectorAll('[data-axis="time"] text')].map((text) => text.textContent);
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
