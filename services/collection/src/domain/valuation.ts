import { isThinMarket, type CollectionStats, type ItemValuation, type ItemValueBasis } from '@kicksight/contracts';
import type { Clock } from '@kicksight/platform';

/** What collection knows of an item's size on the market (its latest reading and its sales' price) and of its sneaker. */
export interface SizeMarket {
  highestBid: number | null;
  lowestAsk: number | null;
  readingSource: string | null;
  readingAt: Date | null;
  salePrice: number | null;
  saleSource: string | null;
  saleAt: Date | null;
  /** The size's latest sales' times, newest first; null when not known. */
  latestSales: Date[] | null;
  averagePrice: number | null;
}

/** When a valuation is made: now, and the earliest time a market reading still counts (MARKET_STALE_AFTER before now). */
export interface ValuationTime {
  now: Date;
  freshSince: Date;
}

/** The valuation time at each call of the clock. */
export const valuationTimes =
  (clock: Clock, staleAfterMs: number) =>
  (): ValuationTime => {
    const now = clock.now();
    return { now, freshSince: new Date(now.getTime() - staleAfterMs) };
  };

const READING_BASES: readonly ItemValueBasis[] = ['highest_bid', 'lowest_ask'];
const SIZE_BASES: readonly ItemValueBasis[] = [...READING_BASES, 'last_sale'];

/**
 * How an item was valued, given the number the store's rule took (store/valuation-sql.ts): the source
 * and time of the reading or sale behind it, whether the size's reading was too old to count, and
 * whether the size's market is thin (a number resting on the size, whose sales are few).
 */
export function valuationOf(basis: ItemValueBasis, market: SizeMarket, now: Date): ItemValuation {
  const fromReading = READING_BASES.includes(basis);
  const observed = fromReading ? { source: market.readingSource, at: market.readingAt } : basis === 'last_sale' ? { source: market.saleSource, at: market.saleAt } : { source: null, at: null };
  return {
    basis,
    source: observed.source,
    asOf: observed.at ? observed.at.toISOString() : null,
    stale: market.readingAt !== null && !fromReading,
    thin: SIZE_BASES.includes(basis) && market.latestSales !== null && isThinMarket(market.latestSales.map((at) => at.getTime()), now),
  };
}

/** Percent with two decimals (12.345 -> 12.35). */
export const roundPercent = (value: number): number => Math.round(value * 100) / 100;

/** Current value minus purchase price. */
export const gainLossOf = (value: number, purchasePrice: number): number => value - purchasePrice;

/** Gain or loss over the purchase price in percent; 0 when the purchase price is 0. */
export const gainLossPercentOf = (gainLoss: number, purchasePrice: number): number => (purchasePrice === 0 ? 0 : roundPercent((gainLoss / purchasePrice) * 100));

/** The collection's summary from its totals. */
export function statsOf({ items, value, cost }: { items: number; value: number; cost: number }): CollectionStats {
  const totalGainLoss = gainLossOf(value, cost);
  return {
    totalValue: value,
    totalCost: cost,
    totalGainLoss,
    gainLossPercent: gainLossPercentOf(totalGainLoss, cost),
    totalItems: items,
    averageValue: items === 0 ? 0 : Math.round(value / items),
  };
}
