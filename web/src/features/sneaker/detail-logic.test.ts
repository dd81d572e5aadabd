import { describe, expect, it } from 'vitest';
import type { SneakerDetail } from './api.ts';
import { ApiError } from '../../api/errors.ts';
import {
  premiumPanelsLocked,
  addPayloadOf,
  cameFromCollection,
  overviewOf,
  predictionErrorText,
  rangeLabelOf,
  recentRowsOf,
  salesOfDays,
  samplePreviewRows,
  sizeBasisText,
  trackRecordText,
  volatilityLabelOf,
} from './detail-logic.ts';

const variant = (size: number, currentPrice: number | null, availability = 'available') => ({
  id: `v${size}`,
  size,
  sizeType: 'US',
  colorway: 'Black',
  currentPrice,
  lastSalePrice: null,
  lastSaleAt: null,
  priceChange24h: null,
  availability,
});

const sneaker = {
  id: 'abc',
  name: 'Dunk Low Panda',
  brand: { name: 'Nike' },
  colorway: 'Black/White',
  retailPrice: 10_000,
  stats: { averagePrice: 15_000, priceRange: { min: 12_000, max: 20_000 }, salesCount: 5, lastSaleAt: null },
  variants: [variant(9, 12_000), variant(10, 20_000), variant(11, null, 'sold_out')],
} as unknown as SneakerDetail;

describe('add to collection from the detail page', () => {
  it('takes the selected size and its price', () => {
    expect(addPayloadOf(sneaker, 9, '2026-11-22')).toEqual({
      sneakerId: 'abc',
      colorway: 'Black/White',
      size: 9,
      purchasePrice: 12_000,
      purchaseDate: '2026-11-22',
      condition: 'new',
      notes: 'Added from product details on 2026-11-22',
    });
  });
  it('uses size 10 and the average price in the overview', () => {
    expect(addPayloadOf(sneaker, null, '2026-11-22')).toMatchObject({ size: 10, purchasePrice: 15_000 });
    expect(addPayloadOf({ ...sneaker, colorway: '' }, 11, '2026-11-22')).toMatchObject({ colorway: 'Default', purchasePrice: 15_000 });
  });
});

describe('detail page rules', () => {
  it('goes back to the collection only when the user came from it', () => {
    expect(cameFromCollection({ from: 'collection' }, '', null)).toBe(true);
    expect(cameFromCollection(null, 'http://x/admin/collection', null)).toBe(true);
    expect(cameFromCollection(null, '', '1')).toBe(true);
    expect(cameFromCollection({ from: 'search' }, '', null)).toBe(false);
  });
  it('summarises the sizes: range, average against retail, available x/y', () => {
    expect(overviewOf(sneaker)).toEqual({ min: 12_000, max: 20_000, average: 15_000, premiumPercent: 50, available: 2, sizes: 3, retail: 10_000 });
  });
  it('shows 10 recent sales, newest first', () => {
    const sales = Array.from({ length: 14 }, (_, i) => ({ id: String(i), amount: 100, size: 10, size_type: 'US', created_at: `2026-11-${String(i + 1).padStart(2, '0')}T00:00:00Z` }));
    const rows = recentRowsOf(sales);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.id).toBe('13');
    expect(rows[9]!.id).toBe('4');
  });
  it('names the prediction errors', () => {
    expect(predictionErrorText(new ApiError(422, 'INSUFFICIENT_DATA', 'x'))).toBe('Not enough historical data available for accurate predictions');
    expect(predictionErrorText(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe('Unable to generate price prediction at this time. Please try again later.');
  });
  it('labels volatility Low under 20, Medium under 50, else High', () => {
    expect(volatilityLabelOf(19.9)).toBe('Low Risk');
    expect(volatilityLabelOf(20)).toBe('Medium Risk');
    expect(volatilityLabelOf(49.9)).toBe('Medium Risk');
    expect(volatilityLabelOf(50)).toBe('High Risk');
  });
  it('falls back to the 99% range label when the confidence is unrealistic', () => {
    expect(rangeLabelOf(70, 20_000, { min: 18_000, max: 22_000 })).toBe('95% range');
    expect(rangeLabelOf(100, 20_000, { min: 18_000, max: 22_000 })).toBe('99% range');
    expect(rangeLabelOf(60, 20_000, { min: 1_000, max: 40_000 })).toBe('99% range');
  });
  it('counts the sales of the days of a daily-sales answer by their volumes', () => {
    const days = [
      { date: '2026-11-20', average_price: 20_000, sales_volume: 3, total_sales: 60_000 },
      { date: '2026-11-21', average_price: 21_000, sales_volume: 1, total_sales: 21_000 },
    ];
    expect(salesOfDays(days)).toBe(4);
    expect(salesOfDays([])).toBe(0);
  });
  it('makes at most 10 sample preview rows', () => {
    expect(samplePreviewRows(20_000, 25)).toHaveLength(10);
  });
});

describe('premium panels on the detail page', () => {
  it('are locked for a trial member and never for an administrator', () => {
    expect(premiumPanelsLocked(true, false)).toBe(true);
    expect(premiumPanelsLocked(true, true)).toBe(false);
    expect(premiumPanelsLocked(false, false)).toBe(false);
  });
});

describe('the forecasts track record in words', () => {
  it('gives the error, the last price\'s and the 80% band\'s coverage', () => {
    expect(trackRecordText({ size: null, enoughHistory: true, mape: 6.2, naiveMape: 7, coverage80: 81.2 })).toBe(
      'Over the past year our 30-day forecasts for this sneaker were off by 6.2% on average (the last price alone: 7.0%); 81% of prices fell in the 80% band.',
    );
    expect(trackRecordText({ size: 9.5, enoughHistory: true, mape: 12.04, naiveMape: 11.96, coverage80: 79.5 })).toBe(
      'Over the past year our 30-day forecasts for size 9.5 of this sneaker were off by 12.0% on average (the last price alone: 12.0%); 80% of prices fell in the 80% band.',
    );
  });

  it('says when there is not enough history', () => {
    expect(trackRecordText({ size: null, enoughHistory: false, mape: null, naiveMape: null, coverage80: null })).toBe(
      'There is not enough sales history for this sneaker yet to say how our past forecasts did.',
    );
  });

  it('says how a one-size forecast was made', () => {
    expect(sizeBasisText({ size: 10, method: 'own', sales: 45, weight: 1 }, 180)).toBe('Forecast for size 10 from its own 45 sales in the last 180 days.');
    expect(sizeBasisText({ size: 4, method: 'pooled', sales: 1, weight: 0.091 }, 180)).toBe("Forecast for size 4 from every size's prices and its own 1 sale in the last 180 days (weighted 9%).");
  });
});
