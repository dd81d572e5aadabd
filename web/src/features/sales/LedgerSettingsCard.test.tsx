import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { LedgerSettingsCard, goatBandOf, goatRatingBands } from './LedgerSettingsCard.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("GOAT's rating bands", () => {
  it("names each band of GOAT's schedule with its commission, and places any rating in its band", () => {
    const bands = goatRatingBands('2026-11-29');
    expect(bands).toEqual([
      { minRating: 90, label: '90 or more (9.5% commission)' },
      { minRating: 70, label: '70 to 89 (15% commission)' },
      { minRating: 50, label: '50 to 69 (20% commission)' },
      { minRating: 0, label: 'Below 50 (25% commission)' },
    ]);
    expect([100, 90, 85, 70, 69, 12].map((rating) => goatBandOf(rating, bands))).toEqual([90, 90, 70, 70, 50, 0]);
  });
});

describe('the Selling settings', () => {
  signedInForEachTest('premium');

  it("shows the member's GOAT seller rating in its band and saves the band chosen", async () => {
    const calls = stubApi({
      'GET /api/sales/settings': { stockxSellerLevel: 1, goatSellerRating: 85, monthlyReport: true },
      'PUT /api/sales/settings': { stockxSellerLevel: 1, goatSellerRating: 50, monthlyReport: true },
    });
    renderScreen(<LedgerSettingsCard />);
    const rating = (await screen.findByLabelText('GOAT seller rating')) as HTMLSelectElement;
    expect(rating.value).toBe('70');
    fireEvent.change(rating, { target: { value: '50' } });
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ goatSellerRating: 50 }));
    await screen.findByText('Selling settings saved');
    expect(rating.value).toBe('50');
  });
});
