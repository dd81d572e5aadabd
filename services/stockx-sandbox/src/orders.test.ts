import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ordersOf } from './orders.ts';
import { loadCatalogue } from './products.ts';

const catalogue = loadCatalogue(loadConfig(process.env).DATA_DIR);
const today = new Date('2026-11-27T10:00:00Z');

describe("a sandbox account's order history", () => {
  it('holds a few completed orders of real catalogue products, the same on every call, with their own order numbers', () => {
    const orders = ordersOf(catalogue, 'seller-a', today);
    expect(orders).toHaveLength(4);
    expect(ordersOf(catalogue, 'seller-a', today)).toEqual(orders);
    expect(new Set(orders.map((o) => o.orderNumber)).size).toBe(4);
    for (const order of orders) {
      expect(order.orderNumber).toMatch(/^\d{9}-\d{9}$/);
      expect(order.status).toBe('COMPLETED');
      expect(catalogue.byId.get(order.product.productId)?.styleId).toBe(order.product.styleId);
      expect(Number(order.amount)).toBeGreaterThan(0);
    }
    expect(orders.map((o) => o.createdAt.slice(0, 10))).toEqual(['2026-11-24', '2026-11-15', '2026-11-01', '2026-10-17']);
    expect(ordersOf(catalogue, 'seller-b', today).map((o) => o.orderNumber)).not.toEqual(orders.map((o) => o.orderNumber));
  });

  it("gives some orders their payout, StockX's fees as negative adjustments that sum to the total, and others none", () => {
    const [withPayout, without] = ordersOf(catalogue, 'seller-a', today);
    const payout = withPayout!.payout!;
    const adjustments = payout.adjustments.reduce((sum, a) => sum + Math.round(Number(a.amount) * 100), 0);
    expect(adjustments).toBe(Math.round(Number(payout.totalAdjustments) * 100));
    expect(adjustments).toBeLessThan(0);
    expect(Math.round(Number(payout.totalPayout) * 100)).toBe(Math.round(Number(payout.salePrice) * 100) + adjustments);
    expect(without!.payout).toBeNull();
  });
});
