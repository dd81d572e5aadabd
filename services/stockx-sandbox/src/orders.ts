import { createHash } from 'node:crypto';
import { marketDataOf } from './market.ts';
import { VARIANT_SIZES, stableId, variantsOf, type Catalogue } from './products.ts';

/**
 * A seller's order history as StockX's API v2 answers it: `GET /v2/selling/orders/history` (Get historical
 * orders, https://developer.stockx.com/openapi/reference/operation/GetHistoricalOrders/) with `fromDate`,
 * `toDate` (YYYY-MM-DD, on `createdAt`), `orderStatus`, `pageNumber` (from 1) and `pageSize` (1 to 100,
 * 10 by default) → `{ count, pageSize, pageNumber, hasNextPage, orders: ListOrders[] }`, amounts as
 * dollar strings and the payout's adjustments negative.
 *
 * Each sandbox account (the token's subject) has a few completed orders of real products of the catalogue
 * file, at sizes and days drawn from the account, priced as the sandbox's market was that day. Some carry
 * their payout (StockX's fees line by line), others none, as the documented shape allows.
 */

/** Days before today each of an account's orders was made, newest first. */
const ORDER_DAYS_AGO = [3, 12, 26, 41];
const DAY_MS = 86_400_000;

const unit = (text: string): number => createHash('sha1').update(text).digest().readUInt32BE(0) / 2 ** 32;
const dollars = (cents: number): string => (cents / 100).toFixed(2);

export interface SandboxOrder {
  orderNumber: string;
  listingId: string;
  askId: string;
  amount: string;
  currencyCode: 'USD';
  status: 'COMPLETED';
  createdAt: string;
  updatedAt: string;
  product: { productId: string; productName: string | null; styleId: string | null };
  variant: { variantId: string; variantName: string; variantValue: string };
  authenticationDetails: { status: string; failureNotes: null };
  payout: { totalPayout: string; salePrice: string; totalAdjustments: string; currencyCode: 'USD'; adjustments: { adjustmentType: string; amount: string; percentage: string }[] } | null;
  inventoryType: 'STANDARD';
  condition: null;
  conditionDescription: null;
}

/** StockX's seller fees at the first seller level: a 9% transaction fee and 3% payment processing. */
function payoutOf(salePriceCents: number): NonNullable<SandboxOrder['payout']> {
  const transaction = Math.round(salePriceCents * 0.09);
  const processing = Math.round(salePriceCents * 0.03);
  return {
    totalPayout: dollars(salePriceCents - transaction - processing),
    salePrice: dollars(salePriceCents),
    totalAdjustments: dollars(-(transaction + processing)),
    currencyCode: 'USD',
    adjustments: [
      { adjustmentType: 'Transaction Fee (9%)', amount: dollars(-transaction), percentage: '0.09' },
      { adjustmentType: 'Payment Proc. (3%)', amount: dollars(-processing), percentage: '0.03' },
    ],
  };
}

/** The account's completed orders on `today`, newest first. */
export function ordersOf(catalogue: Catalogue, account: string, today: Date): SandboxOrder[] {
  const sellable = catalogue.products.filter((product) => product.styleId !== null && product.title !== null);
  if (sellable.length === 0) return [];
  const dayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return ORDER_DAYS_AGO.map((daysAgo, i) => {
    const product = sellable[Math.floor(unit(`${account}:product:${i}`) * sellable.length)]!;
    const size = VARIANT_SIZES[6 + Math.floor(unit(`${account}:size:${i}`) * 11)]!;
    const variant = variantsOf(product).find((v) => v.variantValue === String(size))!;
    const created = new Date(dayStart - daysAgo * DAY_MS + 15 * 3_600_000);
    const priceCents = Number(marketDataOf(product, variant.variantId, created).lowestAskAmount) * 100;
    const orderId = stableId(`${account}:order:${i}`);
    return {
      orderNumber: `${parseInt(orderId.slice(0, 8), 16) % 900_000_000 + 100_000_000}-${parseInt(orderId.slice(9, 13) + orderId.slice(15, 18), 16) % 900_000_000 + 100_000_000}`,
      listingId: stableId(`${account}:listing:${i}`),
      askId: String(parseInt(orderId.slice(0, 12), 16)),
      amount: dollars(priceCents),
      currencyCode: 'USD',
      status: 'COMPLETED',
      createdAt: created.toISOString(),
      updatedAt: new Date(created.getTime() + 2 * DAY_MS).toISOString(),
      product: { productId: product.productId, productName: product.title, styleId: product.styleId },
      variant: { variantId: variant.variantId, variantName: variant.variantName, variantValue: variant.variantValue },
      authenticationDetails: { status: 'AUTHENTICATED', failureNotes: null },
      payout: i % 2 === 0 ? payoutOf(priceCents) : null,
      inventoryType: 'STANDARD',
      condition: null,
      conditionDescription: null,
    };
  });
}
