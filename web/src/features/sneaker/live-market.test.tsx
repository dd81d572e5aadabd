import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import { provenanceLine } from '@kicksight/contracts/provenance';
import { LiveMarketCard } from './LiveMarketCard.tsx';

const now = new Date('2026-11-27T10:00:00Z');
const row = (size: number, extra: Record<string, unknown>) => ({ size, lowestAsk: null, highestBid: null, lastSale: 21_000, source: 'replay:stockx-2019-sales.csv', asOf: '2026-11-26T08:00:00Z', value: 21_000, valueBasis: 'last_sale', stale: false, ...extra });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the live market card', () => {
  it('says where a size’s numbers come from and how old they are, and never calls replayed sales live', () => {
    // The card speaks as every price's provenance does (one line for the whole product).
    expect(provenanceLine({ source: 'stockx-api', asOf: '2026-11-27T09:56:00Z' }, now)).toBe('StockX · 4 min ago');
    expect(provenanceLine({ source: 'stockx-api', asOf: '2026-11-27T07:00:00Z' }, now)).toBe('StockX · 3 h ago');
    expect(provenanceLine({ source: 'stockx-api', asOf: '2026-11-25T09:00:00Z' }, now)).toBe('StockX · 2 days ago');
    expect(provenanceLine({ source: 'replay:stockx-2019-sales.csv', asOf: '2026-11-27T09:56:00Z' }, now)).toBe('Replayed public sales (2019 sample, shifted to today) · 4 min ago');
  });

  it('lists the sizes StockX read with their bid, ask and value basis, and marks a stale reading', async () => {
    const asOf = new Date(Date.now() - 4 * 60_000).toISOString();
    stubApi({
      'GET /api/sneakers/s1/market': {
        sneakerId: 's1',
        lowestAsk: 30_000,
        highestBid: 25_000,
        lastSale: 21_000,
        source: 'stockx-api',
        asOf,
        stale: false,
        sizes: [
          row(9, {}),
          row(10, { lowestAsk: 30_000, highestBid: 25_000, source: 'stockx-api', asOf, value: 25_000, valueBasis: 'highest_bid' }),
          row(11, { lowestAsk: 28_000, highestBid: 24_000, source: 'stockx-api', asOf: '2026-11-01T00:00:00Z', value: 21_000, valueBasis: 'last_sale', stale: true }),
        ],
      },
    });
    renderScreen(<LiveMarketCard sneakerId="s1" />);
    const table = await screen.findByRole('table', { name: 'Live market by size' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(['US 10', 'US 11']);
    expect(rows[0]!.textContent).toContain('$250');
    expect(rows[0]!.textContent).toContain('(highest bid)');
    expect(rows[0]!.textContent).toContain('StockX · 4 min ago');
    expect(within(rows[1]!).getByText('stale')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('(last sale)');
  });

  it('shows nothing when no live source has read the sneaker', async () => {
    const calls = stubApi({ 'GET /api/sneakers/s2/market': { sneakerId: 's2', lowestAsk: null, highestBid: null, lastSale: 21_000, source: 'replay:x.csv', asOf: null, stale: false, sizes: [row(9, {})] } });
    const { container } = renderScreen(<LiveMarketCard sneakerId="s2" />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
