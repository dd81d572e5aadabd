import type { CollectionStats } from '@kicksight/contracts';

/** What the market says about an item's sneaker and size (cents; null where nothing is known). */
export interface MarketQuote {
  sizePrice: number | null;
  averagePrice: number | null;
}

/**
 * An item's value: its size's market price, else the sneaker's average price, else its last known
 * value (an item added by hand has no market: its value is the last one known, its purchase price
 * at first). The store's valued-item query applies the same rule in SQL to sort by value.
 */
export function currentValue(market: MarketQuote, lastValue: number): number {
  return market.sizePrice ?? market.averagePrice ?? lastValue;
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
