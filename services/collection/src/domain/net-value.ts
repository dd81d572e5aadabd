import { computeFees, utcDay, type CollectionStats, type FeeOptions, type FeePlatform, type NetValue } from '@kicksight/contracts';
import type { ValuedItem } from '../store/items.ts';
import { gainLossOf, gainLossPercentOf } from './valuation.ts';
import { costBasisOf } from './views.ts';

/** The size's highest bid when a fresh one is known (the item's value then rests on it), else null. */
export const highestBidOf = (item: ValuedItem): number | null => (item.valueBasis === 'highest_bid' ? item.currentValue : null);

/** What selling the pair today on `platform` would pay out: the size's highest bid, else its market price, less the platform's fees. */
export function netValueOf(item: ValuedItem, platform: FeePlatform, today: string, options: FeeOptions): NetValue {
  const bid = highestBidOf(item);
  const grossPrice = bid ?? item.currentValue;
  const fees = Math.min(computeFees(platform, today, grossPrice, options).total, grossPrice);
  const value = grossPrice - fees;
  const cost = costBasisOf(item);
  return { platform, basis: bid === null ? 'market' : 'bid', grossPrice, fees, value, gainLoss: cost === null ? null : gainLossOf(value, cost) };
}

/** The net side of the collection's stats: the pairs' net values summed, against their cost bases. */
export function netStatsOf(held: ValuedItem[], platform: FeePlatform, at: Date, options: FeeOptions): NonNullable<CollectionStats['net']> {
  const today = utcDay(at);
  let totalValue = 0;
  let cost = 0;
  for (const item of held) {
    totalValue += netValueOf(item, platform, today, options).value;
    cost += costBasisOf(item) ?? 0;
  }
  const totalGainLoss = gainLossOf(totalValue, cost);
  return { platform, totalValue, totalGainLoss, gainLossPercent: gainLossPercentOf(totalGainLoss, cost) };
}
