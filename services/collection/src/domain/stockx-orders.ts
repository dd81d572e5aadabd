import { randomUUID } from 'node:crypto';
import { DEFAULT_COLORWAY, brandKeyOf, type FeeLine, type FeeOptions } from '@kicksight/contracts';
import type { NewItem } from '../store/items.ts';
import type { NewSale } from '../store/sales.ts';
import { feesOf, newSale } from './ledger.ts';

/**
 * A completed order of StockX's order history (API v2, `GET /selling/orders/history`, ListOrders;
 * https://developer.stockx.com/openapi/reference/operation/GetHistoricalOrders/): amounts are dollar strings.
 */
export interface StockxOrder {
  orderNumber: string;
  amount: string;
  currencyCode: string | null;
  status: string;
  createdAt: string | null;
  product: { productId: string; productName: string | null; styleId: string | null };
  variant: { variantId: string; variantName: string; variantValue: string | null };
  payout?: {
    totalPayout: string;
    salePrice: string;
    totalAdjustments: string;
    currencyCode: string;
    adjustments: { adjustmentType: string; amount: string; percentage: string }[];
  } | null;
}

export interface StockxOrdersPage {
  count: number;
  pageNumber: number;
  hasNextPage: boolean;
  orders: StockxOrder[];
}

/** StockX's amount (a dollar string, maybe signed or with more decimals) as whole cents, unsigned; undefined when unreadable. */
export function centsOfAmount(amount: string | null | undefined): number | undefined {
  const dollars = Number(amount);
  return amount === null || amount === undefined || amount.trim() === '' || !Number.isFinite(dollars) ? undefined : Math.round(Math.abs(dollars) * 100);
}

/** A held pair an order may be the sale of. */
export interface HeldPair {
  id: string;
  sku: string;
  size: number;
  purchaseDate: string;
}

/** An order as the ledger reads it: its day, price and size, or null when it is not a completed sale in dollars. */
export function readOrder(order: StockxOrder): { soldAt: string; salePrice: number; size: number; sku: string | null; name: string } | null {
  if (order.status !== 'COMPLETED' || (order.currencyCode ?? 'USD') !== 'USD' || !order.createdAt) return null;
  const salePrice = centsOfAmount(order.payout?.salePrice ?? order.amount);
  const size = Number(order.variant.variantValue);
  if (salePrice === undefined || salePrice <= 0 || !Number.isFinite(size) || size <= 0) return null;
  return { soldAt: order.createdAt.slice(0, 10), salePrice, size, sku: order.product.styleId?.trim() || null, name: order.product.productName?.trim() || 'StockX sale' };
}

const feeKindOf = (adjustmentType: string): FeeLine['kind'] => (/transaction/i.test(adjustmentType) ? 'transaction' : /payment|processing/i.test(adjustmentType) ? 'payment_processing' : 'per_order');

/** StockX's own fees of an order (its payout's adjustments, which are negative), or null when it gives none. */
export function orderFees(order: StockxOrder): Pick<NewSale, 'fees' | 'feesTotal' | 'feeSchedule'> | null {
  const adjustments = order.payout?.adjustments ?? [];
  if (adjustments.length === 0) return null;
  const lines: FeeLine[] = [];
  for (const adjustment of adjustments) {
    const cents = centsOfAmount(adjustment.amount);
    if (cents === undefined) return null;
    lines.push({ kind: feeKindOf(adjustment.adjustmentType), label: adjustment.adjustmentType, amount: cents });
  }
  return { fees: lines, feesTotal: lines.reduce((sum, line) => sum + line.amount, 0), feeSchedule: null };
}

/** The first pair of `held` (longest held first) with the order's SKU and size, bought by the day it sold. */
export function matchPair(held: HeldPair[], sale: { sku: string | null; size: number; soldAt: string }): HeldPair | undefined {
  if (!sale.sku) return undefined;
  const sku = sale.sku.toLowerCase();
  return held.find((pair) => pair.sku.toLowerCase() === sku && pair.size === sale.size && pair.purchaseDate <= sale.soldAt);
}

/** "Nike", from "Nike Dunk Low Panda": StockX's order names no brand, its product name starts with one. */
const brandOf = (name: string): string => name.split(/\s+/)[0] || 'StockX';

/**
 * The sales of new StockX orders: each order matched to a held pair by SKU and size (a pair once), or else a
 * sold pair of its own without a cost basis, for the member to complete. Fees are StockX's own where the
 * order gives them, else the schedule's.
 */
export function salesOfOrders(orders: StockxOrder[], held: HeldPair[], options: FeeOptions): { sale: NewSale; newItem?: NewItem }[] {
  const free = [...held];
  const entries: { sale: NewSale; newItem?: NewItem }[] = [];
  for (const order of orders) {
    const read = readOrder(order);
    if (!read) continue;
    const fees = orderFees(order) ?? feesOf({ platform: 'stockx', soldAt: read.soldAt, salePrice: read.salePrice }, options);
    if (fees.feesTotal > read.salePrice) continue;
    const body = { soldAt: read.soldAt, platform: 'stockx' as const, salePrice: read.salePrice, buyerShipping: 0, shippingCost: 0, otherFees: 0 };
    const pair = matchPair(free, read);
    if (pair) {
      free.splice(free.indexOf(pair), 1);
      entries.push({ sale: newSale(pair.id, body, fees, 'stockx', order.orderNumber) });
      continue;
    }
    const brand = brandOf(read.name);
    const newItem: NewItem = {
      id: randomUUID(),
      sneakerId: null,
      name: read.name,
      brand,
      brandKey: brandKeyOf(brand),
      colorway: DEFAULT_COLORWAY,
      size: read.size,
      imageUrl: null,
      retailPrice: null,
      purchasePrice: 0,
      // Without a purchase, the pair is dated by its sale until the member completes it.
      purchaseDate: read.soldAt,
      condition: 'new',
      notes: '',
      sku: read.sku,
      purchasedFrom: null,
      costKnown: false,
    };
    entries.push({ newItem, sale: newSale(newItem.id, body, fees, 'stockx', order.orderNumber) });
  }
  return entries;
}
