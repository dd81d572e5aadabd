import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import type { CollectionItem } from '../collection/index.ts';
import { SellDialog } from './SellDialog.tsx';

const item = {
  id: 'item-1',
  sneakerId: null,
  name: 'Dunk Low Panda',
  brand: 'Nike',
  colorway: 'Black/White',
  size: 10,
  imageUrl: null,
  purchasePrice: 20_000,
  purchaseDate: '2026-01-10',
  condition: 'new',
  notes: '',
  currentValue: 30_000,
  currentPrice: 30_000,
  gainLoss: 10_000,
  gainLossPercent: 50,
  addedAt: '2026-01-10T00:00:00Z',
  updatedAt: '2026-01-10T00:00:00Z',
  photoCount: 0,
  sneaker: { id: null, name: 'Dunk Low Panda', brand: 'Nike', colorway: '', imageUrl: null, retailPrice: null, size: 10 },
  sku: null,
  purchasedFrom: null,
  purchaseShipping: 1_500,
  purchaseTax: 0,
  costBasis: 21_500,
  status: 'owned',
  listing: null,
  sale: null,
  netValue: null,
  valuation: { basis: 'last_known', source: null, asOf: null, stale: false, thin: false },
} satisfies CollectionItem;

const settings = (level: number, goatSellerRating = 90) => ({ stockxSellerLevel: level, goatSellerRating, monthlyReport: true });

function render(onClose = vi.fn()) {
  renderScreen(
    <UpgradePromptProvider>
      <SellDialog item={item} onClose={onClose} />
    </UpgradePromptProvider>,
  );
  return onClose;
}

const payout = () => screen.getByLabelText('What this sale pays out');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Sell dialog', () => {
  signedInForEachTest('premium');

  it("computes StockX's fees at the member's seller level as the price is typed, with the net and gain", async () => {
    stubApi({ 'GET /api/sales/settings': settings(2) });
    render();
    expect(screen.getByText('Enter the sale price to see the fees, the net and the gain.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sale price (USD) *'), { target: { value: '300' } });
    await waitFor(() => expect(payout().textContent).toContain('Transaction fee (level 2, 8.5 %)'));
    expect(payout().textContent).toContain('−$25.50');
    expect(payout().textContent).toContain('Payment processing (3 %)');
    expect(within(payout()).getByText('$265.50')).toBeTruthy(); // net: 300 − 25.50 − 9
    expect(within(payout()).getByText('$50.50')).toBeTruthy(); // gain: 265.50 − 215 cost basis
    fireEvent.change(screen.getByLabelText('Shipping (USD)'), { target: { value: '10' } });
    expect(within(payout()).getByText('$255.50')).toBeTruthy();
  });

  it("computes GOAT's commission at the member's seller rating, as the sale will be recorded", async () => {
    stubApi({ 'GET /api/sales/settings': settings(1, 50) });
    render();
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'goat' } });
    fireEvent.change(screen.getByLabelText('Sale price (USD) *'), { target: { value: '200' } });
    await waitFor(() => expect(payout().textContent).toContain('Commission (20 %)'));
    expect(payout().textContent).toContain('−$40.00');
    expect(within(payout()).getByText('$150.50')).toBeTruthy(); // net: 200 − 40 − 5 seller fee − 4.50 cash-out
    expect(screen.getByText('Fees as the platform publishes them (seller rating 50).')).toBeTruthy();
  });

  it('sends the stated fees and closes once the sale is recorded', async () => {
    const calls = stubApi({
      'GET /api/sales/settings': settings(1),
      'POST /api/collections/item-1/sale': () => ({ status: 201, body: { data: { sale: { netProceeds: 27_600 }, item: { ...item, status: 'sold' } } } }),
    });
    const onClose = render();
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'ebay' } });
    fireEvent.change(screen.getByLabelText('Sale price (USD) *'), { target: { value: '300' } });
    fireEvent.click(screen.getByLabelText("Enter the platform's fees myself"));
    fireEvent.change(screen.getByLabelText('Platform fees (USD)'), { target: { value: '24' } });
    expect(within(payout()).getByText('$61.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ platform: 'ebay', salePrice: 30_000, fees: 2_400, shippingCost: 0, otherFees: 0 });
  });

  it("checks the form before sending, and shows the server's message when it refuses", async () => {
    const calls = stubApi({
      'GET /api/sales/settings': settings(1),
      'POST /api/collections/item-1/sale': () => ({ status: 400, body: { code: 'VALIDATION_ERROR', message: 'The sale date is before the purchase date' } }),
    });
    const onClose = render();
    fireEvent.change(screen.getByLabelText('Sale price (USD) *'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record sale' }));
    expect(await screen.findByText('Invalid sale price: enter a whole number of cents greater than 0')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Sale price (USD) *'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record sale' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The sale date is before the purchase date');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens the upgrade prompt when the plan does not keep a ledger', async () => {
    stubApi({
      'GET /api/sales/settings': settings(1),
      'POST /api/collections/item-1/sale': () => ({ status: 403, body: { code: 'PREMIUM_FEATURE', message: 'Recording sales and net values are Pro and Expert features. Upgrade to use them.' } }),
    });
    const onClose = render();
    fireEvent.change(screen.getByLabelText('Sale price (USD) *'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record sale' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock Premium Features' })).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });
});
