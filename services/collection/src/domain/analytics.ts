import { gainLossOf, gainLossPercentOf, roundPercent } from './valuation.ts';

/** An item as analytics sees it (money in cents). */
export interface HeldItem {
  id: string;
  name: string;
  brand: string;
  size: number;
  purchasePrice: number;
  currentValue: number;
}

/** An item that left the collection; with a sold price it was a sale. */
export interface RemovedItem {
  purchasePrice: number;
  soldPrice: number | null;
}

const performance = (item: HeldItem) => {
  const gainLoss = gainLossOf(item.currentValue, item.purchasePrice);
  return { ...item, gainLoss, gainLossPercent: gainLossPercentOf(gainLoss, item.purchasePrice) };
};
type Performance = ReturnType<typeof performance>;

/** Best first: by gain in percent, then in cents, then by id. */
const byPerformance = (a: Performance, b: Performance) => b.gainLossPercent - a.gainLossPercent || b.gainLoss - a.gainLoss || (a.id < b.id ? -1 : 1);

/** Every item, best first. */
export const rankedByPerformance = (items: HeldItem[]): Performance[] => items.map(performance).sort(byPerformance);

/** The best and worst `count` items; in a small collection the better half are best, the rest worst (never both). */
export function performers(items: HeldItem[], count = 5): { best: Performance[]; worst: Performance[] } {
  const ranked = rankedByPerformance(items);
  const best = ranked.slice(0, Math.min(count, Math.ceil(ranked.length / 2)));
  const worst = ranked.slice(Math.max(best.length, ranked.length - count)).reverse();
  return { best, worst };
}

/** Value, cost and gain per brand, with each brand's share of the collection's value; biggest first. */
export function byBrand(items: HeldItem[]) {
  const total = items.reduce((sum, item) => sum + item.currentValue, 0);
  const brands = new Map<string, { brand: string; items: number; value: number; cost: number }>();
  for (const item of items) {
    const entry = brands.get(item.brand) ?? { brand: item.brand, items: 0, value: 0, cost: 0 };
    entry.items += 1;
    entry.value += item.currentValue;
    entry.cost += item.purchasePrice;
    brands.set(item.brand, entry);
  }
  return [...brands.values()]
    .map((entry) => {
      const gainLoss = gainLossOf(entry.value, entry.cost);
      return { ...entry, gainLoss, gainLossPercent: gainLossPercentOf(gainLoss, entry.cost), share: total === 0 ? 0 : roundPercent((entry.value / total) * 100) };
    })
    .sort((a, b) => b.value - a.value || a.brand.localeCompare(b.brand));
}

/**
 * Gains made on pairs sold: those removed with a sold price, and the ledger's sales whose purchase is known
 * (their net proceeds against their cost basis, as the Sales page counts them).
 */
export function realisedOf(removed: RemovedItem[], ledger: { sales: number; netProceeds: number; cost: number } = { sales: 0, netProceeds: 0, cost: 0 }) {
  const sold = removed.filter((item): item is RemovedItem & { soldPrice: number } => item.soldPrice !== null);
  const proceeds = sold.reduce((sum, item) => sum + item.soldPrice, 0) + ledger.netProceeds;
  const cost = sold.reduce((sum, item) => sum + item.purchasePrice, 0) + ledger.cost;
  const gainLoss = gainLossOf(proceeds, cost);
  return { items: sold.length + ledger.sales, proceeds, cost, gainLoss, gainLossPercent: gainLossPercentOf(gainLoss, cost) };
}

/** Gains on paper: what is held, at today's value. */
export function unrealisedOf(items: HeldItem[]) {
  const value = items.reduce((sum, item) => sum + item.currentValue, 0);
  const cost = items.reduce((sum, item) => sum + item.purchasePrice, 0);
  const gainLoss = gainLossOf(value, cost);
  return { items: items.length, value, cost, gainLoss, gainLossPercent: gainLossPercentOf(gainLoss, cost) };
}
