import { createHash } from 'node:crypto';
import type { SandboxProduct } from './products.ts';

/** The market moves every this long: each variant's prices are fixed within one period. */
export const MARKET_PERIOD_MS = 60_000;

/** A number in [0, 1) derived from text. */
function unit(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * A variant's market data (StockX's VariantMarketDataResponse: whole-dollar amounts as strings) at a
 * moment: around the product's retail price with a premium of its own, a spread per size, and a
 * small move each period, so successive readings differ as a live market's do.
 */
export function marketDataOf(product: SandboxProduct, variantId: string, at: Date) {
  const retail = product.productAttributes.retailPrice ?? 180;
  const premium = 0.9 + unit(product.productId) * 0.8;
  const sizeSpread = (unit(`${variantId}:size`) - 0.5) * 0.3;
  const period = Math.floor(at.getTime() / MARKET_PERIOD_MS);
  const move = (unit(`${variantId}:${period}`) - 0.5) * 0.06;
  const lowestAsk = Math.max(40, Math.round(retail * premium * (1 + sizeSpread + move)));
  const highestBid = Math.round(lowestAsk * (0.8 + unit(`${variantId}:bid:${period}`) * 0.12));
  const amount = (n: number) => String(n);
  return {
    productId: product.productId,
    variantId,
    currencyCode: 'USD',
    lowestAskAmount: amount(lowestAsk),
    highestBidAmount: amount(highestBid),
    sellFasterAmount: amount(Math.max(1, lowestAsk - 1)),
    earnMoreAmount: amount(lowestAsk + Math.max(5, Math.round(lowestAsk * 0.04))),
    flexLowestAskAmount: null,
    standardMarketData: { lowestAsk: amount(lowestAsk), highestBidAmount: amount(highestBid), sellFaster: amount(Math.max(1, lowestAsk - 1)), earnMore: amount(lowestAsk + 5), beatUS: amount(Math.max(1, lowestAsk - 1)) },
  };
}
