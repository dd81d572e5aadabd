import { describe, expect, it } from 'vitest';
import { centsOfAmount, matchPair, orderFees, salesOfOrders, type StockxOrder } from './stockx-orders.ts';

const order = (over: Partial<StockxOrder> = {}): StockxOrder => ({
  orderNumber: '323314425-323214184',
  amount: '250',
  currencyCode: 'USD',
  status: 'COMPLETED',
  createdAt: '2026-11-20T15:00:00.000Z',
  product: { productId: 'p1', productName: 'Nike Dunk Low Panda', styleId: 'DD1391-100' },
  variant: { variantId: 'v1', variantName: 'nike-dunk-low-panda:10', variantValue: '10' },
  payout: null,
  ...over,
});
const options = { stockxSellerLevel: 1, goatSellerRating: 90 } as const;

describe('StockX orders in the ledger', () => {
  it("reads StockX's dollar strings as cents, signed or not", () => {
    expect([centsOfAmount('140'), centsOfAmount('-2.13'), centsOfAmount('76.805'), centsOfAmount(''), centsOfAmount('n/a'), centsOfAmount(null)]).toEqual([14_000, 213, 7_681, undefined, undefined, undefined]);
  });

  it('matches an order to a held pair of its SKU (any case) and size bought by the sale day, longest held first', () => {
    const held = [
      { id: 'other-size', sku: 'DD1391-100', size: 10.5, purchaseDate: '2025-01-01' },
      { id: 'later', sku: 'dd1391-100', size: 10, purchaseDate: '2026-11-25' },
      { id: 'first', sku: 'dd1391-100', size: 10, purchaseDate: '2025-03-01' },
    ];
    expect(matchPair(held, { sku: 'DD1391-100', size: 10, soldAt: '2026-11-20' })?.id).toBe('first');
    expect(matchPair(held, { sku: 'DD1391-100', size: 9, soldAt: '2026-11-20' })).toBeUndefined();
    expect(matchPair(held, { sku: null, size: 10, soldAt: '2026-11-20' })).toBeUndefined();
  });

  it('adds an unmatched order as a sold pair without cost basis, for the member to complete', () => {
    const [entry] = salesOfOrders([order()], [], options);
    expect(entry!.newItem).toMatchObject({ name: 'Nike Dunk Low Panda', brand: 'Nike', size: 10, sku: 'DD1391-100', costKnown: false, purchaseDate: '2026-11-20', purchasePrice: 0 });
    expect(entry!.sale).toMatchObject({ itemId: entry!.newItem!.id, soldAt: '2026-11-20', platform: 'stockx', salePrice: 25_000, source: 'stockx', externalId: '323314425-323214184' });
  });

  it("sells a matched pair once: a second order of the same SKU and size is added to complete", () => {
    const held = [{ id: 'mine', sku: 'DD1391-100', size: 10, purchaseDate: '2025-03-01' }];
    const [first, second] = salesOfOrders([order(), order({ orderNumber: '2' })], held, options);
    expect(first!.newItem).toBeUndefined();
    expect(first!.sale.itemId).toBe('mine');
    expect(second!.newItem).toBeDefined();
  });

  it("takes StockX's own fees from the order's payout, else the schedule's at the member's level", () => {
    const payout = { totalPayout: '220', salePrice: '250', totalAdjustments: '-30', currencyCode: 'USD', adjustments: [{ adjustmentType: 'Transaction Fee (9%)', amount: '-22.50', percentage: '0.09' }, { adjustmentType: 'Payment Proc. (3%)', amount: '-7.50', percentage: '0.03' }] };
    expect(orderFees(order({ payout }))).toEqual({ fees: [{ kind: 'transaction', label: 'Transaction Fee (9%)', amount: 2_250 }, { kind: 'payment_processing', label: 'Payment Proc. (3%)', amount: 750 }], feesTotal: 3_000, feeSchedule: null });
    const [scheduled] = salesOfOrders([order()], [], options);
    expect(scheduled!.sale.feesTotal).toBe(2_250 + 750);
    expect(scheduled!.sale.feeSchedule?.version).toMatch(/^stockx-/);
  });

  it('leaves out orders that are not completed sales in dollars', () => {
    expect(salesOfOrders([order({ status: 'CANCELED' }), order({ currencyCode: 'EUR' }), order({ variant: { variantId: 'v', variantName: 'x', variantValue: 'PSA 10' } })], [], options)).toEqual([]);
  });
});
