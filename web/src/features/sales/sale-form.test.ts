import { describe, expect, it } from 'vitest';
import { emptySaleForm, saleBodyOf, salePreviewOf, type SaleForm } from './sale-form.ts';

const form = (changes: Partial<SaleForm>): SaleForm => ({ ...emptySaleForm('2026-11-20'), ...changes });
const settings = (stockxSellerLevel: 1 | 2 | 3 | 4 | 5, goatSellerRating = 90) => ({ stockxSellerLevel, goatSellerRating, monthlyReport: true });

describe('the Sell form', () => {
  it('sends cents, with the fees left to the schedule unless the member states them', () => {
    expect(saleBodyOf(form({ salePrice: '300', shippingCost: '12.50' }))).toEqual({ body: { soldAt: '2026-11-20', platform: 'stockx', salePrice: 30_000, buyerShipping: 0, shippingCost: 1_250, otherFees: 0 } });
    expect(saleBodyOf(form({ platform: 'ebay', salePrice: '300', explicitFees: true, fees: '24' }))).toEqual({
      body: { soldAt: '2026-11-20', platform: 'ebay', salePrice: 30_000, buyerShipping: 0, shippingCost: 0, otherFees: 0, fees: 2_400 },
    });
    // A platform without a schedule always states its fees (none typed: 0).
    expect(saleBodyOf(form({ platform: 'other', salePrice: '50' }))).toMatchObject({ body: { platform: 'other', fees: 0 } });
  });

  it("refuses what the server would, with the contracts' messages and the field at fault", () => {
    expect(saleBodyOf(form({ salePrice: '-5' }))).toEqual({ error: 'Invalid sale price: enter a whole number of cents greater than 0', field: 'salePrice' });
    expect(saleBodyOf(form({ salePrice: '' }))).toMatchObject({ field: 'salePrice' });
    expect(saleBodyOf(form({ soldAt: '' }))).toMatchObject({ error: 'Invalid sale date: use YYYY-MM-DD', field: 'soldAt' });
    expect(saleBodyOf(form({ platform: 'ebay', salePrice: '100', explicitFees: true, fees: '150' }))).toEqual({ error: 'The fees are larger than the sale price', field: 'fees' });
  });
});

describe('what a sale pays out, before saving', () => {
  it("computes StockX's fees at the member's seller level by the schedule in force on the sale date", () => {
    const level1 = salePreviewOf(form({ salePrice: '300' }), 21_500, settings(1))!;
    expect(level1.lines.map((line) => line.amount)).toEqual([2_700, 900]); // 9 % transaction, 3 % payment processing
    expect([level1.feesTotal, level1.netProceeds, level1.realisedGain]).toEqual([3_600, 26_400, 4_900]);
    expect(salePreviewOf(form({ salePrice: '300' }), 21_500, settings(5))!.feesTotal).toBe(2_100 + 900); // 7 % at level 5
    // Before July 2023 the older schedule applies (10 % at level 1).
    expect(salePreviewOf(form({ salePrice: '300', soldAt: '2023-03-01' }), 21_500, settings(1))!.lines[0]!.amount).toBe(3_000);
  });

  it("computes GOAT's commission at the member's seller rating, as the server records it", () => {
    const goat = (rating: number) => salePreviewOf(form({ platform: 'goat', salePrice: '200' }), 8_000, settings(1, rating))!;
    expect(goat(90).lines.map((line) => [line.label, line.amount])).toEqual([['Commission (9.5 %)', 1_900], ['Seller fee', 500], ['Cash-out fee (2.9 %)', 510]]);
    expect(goat(50).lines[0]).toEqual({ kind: 'commission', label: 'Commission (20 %)', amount: 4_000 });
    expect([goat(50).netProceeds, goat(50).realisedGain]).toEqual([15_050, 7_050]);
  });

  it('uses the fees the member states, and subtracts shipping and other fees', () => {
    const preview = salePreviewOf(form({ platform: 'ebay', salePrice: '300', explicitFees: true, fees: '24' }), 21_500, settings(1))!;
    expect(preview).toMatchObject({ feesTotal: 2_400, netProceeds: 27_600, realisedGain: 6_100, sourceUrl: null });
    expect(salePreviewOf(form({ platform: 'ebay', salePrice: '300', explicitFees: true, fees: '24', shippingCost: '10', otherFees: '1.50' }), 21_500, settings(1))!.netProceeds).toBe(26_450);
  });

  it('waits for a price, and shows no gain without a cost basis', () => {
    expect(salePreviewOf(form({ salePrice: '' }), 21_500, settings(1))).toBeNull();
    expect(salePreviewOf(form({ salePrice: 'abc' }), 21_500, settings(1))).toBeNull();
    expect(salePreviewOf(form({ salePrice: '300' }), null, settings(1))!.realisedGain).toBeNull();
  });
});
