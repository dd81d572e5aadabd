import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import DataQualityPage from './DataQualityPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (id: string, fields: Record<string, unknown>) => ({
  id,
  kind: 'market',
  detail: '',
  sneakerId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  sku: null,
  name: 'Jordan 1 Retro Low OG SP Travis Scott Black Phantom',
  size: null,
  currency: 'USD',
  source: 'thesneakerdatabase-catalog.json',
  file: 'thesneakerdatabase-catalog.json',
  row: 4,
  call: null,
  observedAt: '2023-12-01T00:00:00.000Z',
  status: 'quarantined',
  quarantinedAt: '2026-11-27T09:00:00.000Z',
  releasedAt: null,
  releasedBy: null,
  ...fields,
});
const counts = { placeholder: 1, repeated_value: 0, above_ceiling: 0, wrong_currency: 1, duplicate: 0, outlier_vs_retail: 0, outlier_vs_sales: 0 };
const pagination = { page: 1, limit: 50, total: 2, totalPages: 1, hasNextPage: false, hasPreviousPage: false };

describe('the data quality page', () => {
  it('lists refused prices with their reason, value and origin, filters by reason, and releases one', async () => {
    const phantom = entry('p1', { reason: 'placeholder', detail: '99999 is a sentinel value', amount: 9_999_900 });
    const yen = entry('y1', { reason: 'wrong_currency', amount: 2_110_000, currency: 'JPY', file: 'stockx-2020-10-adidas-market-jpy.csv', row: 1, name: 'adidas Rs Replicant Ozweego' });
    const calls = stubApi({
      'GET /api/admin/data-quality': (_init, url) => ({
        status: 200,
        body: { data: { counts, released: 0, entries: url.searchParams.get('reason') === 'placeholder' ? [phantom] : [phantom, yen], pagination } },
      }),
      'POST /api/admin/data-quality/p1/release': { entry: { ...phantom, status: 'released' }, saleId: null },
    });
    renderScreen(<DataQualityPage />);
    const table = await screen.findByRole('table', { name: 'Quarantined prices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('placeholder99999 is a sentinel value$99,999thesneakerdatabase-catalog.json, row 4'),
      expect.stringContaining('wrong currency21,100 JPYstockx-2020-10-adidas-market-jpy.csv, row 1'),
    ]);
    expect(screen.getByRole('button', { name: 'All (2)' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'placeholder (1)' }));
    await screen.findByRole('button', { name: 'placeholder (1)', pressed: true });
    expect(await within(screen.getByRole('table', { name: 'Quarantined prices' })).findAllByRole('row')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Release $99,999 for Jordan 1 Retro Low OG SP Travis Scott Black Phantom' }));
    expect(await screen.findByText('Value released')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/data-quality/p1/release']);
    expect(calls.some((c) => c.path.includes('reason=placeholder'))).toBe(true);
  });
});
