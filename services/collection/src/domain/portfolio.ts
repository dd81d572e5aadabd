import { addDays } from '@kicksight/contracts';
import { gainLossOf, roundPercent } from './valuation.ts';

/** A day's valuation of a collection (money in cents). */
export interface ValuationPoint {
  date: string;
  totalValue: number;
  totalCost: number;
  gainLoss: number;
  itemCount: number;
}

/** The first day of a range of `days` days ending today. */
export const rangeStart = (today: string, days: number): string => addDays(today, -(days - 1));

export const pointOf = (date: string, totals: { items: number; value: number; cost: number }): ValuationPoint => ({
  date,
  totalValue: totals.value,
  totalCost: totals.cost,
  gainLoss: gainLossOf(totals.value, totals.cost),
  itemCount: totals.items,
});

/** Change from one value to another, and in percent of the first (0 when the first is 0). */
export function changeBetween(from: number, to: number): { change: number; changePercent: number } {
  const change = to - from;
  return { change, changePercent: from === 0 ? 0 : roundPercent((change / from) * 100) };
}

/**
 * The portfolio's history over a range: the stored daily valuations before today, oldest first,
 * then today's valuation as it stands now (days without a stored valuation are left out, never
 * made up). The change runs from the first point to now.
 */
export function historyOf(snapshots: ValuationPoint[], current: ValuationPoint) {
  const points = [...snapshots.filter((point) => point.date < current.date).sort((a, b) => (a.date < b.date ? -1 : 1)), current];
  return { points, current, ...changeBetween(points[0]!.totalValue, current.totalValue) };
}
