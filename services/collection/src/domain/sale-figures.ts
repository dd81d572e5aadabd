import { DAY_MS, type CollectionItemView, SALE_PLATFORMS, addUtcMonths, dayStartMs, utcDay, type SalePlatform, type SaleView, type SalesSummary } from '@kicksight/contracts';
import type { SaleRecord, SalesGroup } from '../store/sales.ts';
import { costBasisOf } from './views.ts';
import { roundPercent } from './valuation.ts';

/** What a sale paid out: the price and the buyer's shipping, less the platform's fees and the seller's own costs of selling. */
export const netProceedsOf = (sale: Pick<SaleRecord, 'salePrice' | 'buyerShipping' | 'feesTotal' | 'shippingCost' | 'otherFees'>): number =>
  sale.salePrice + sale.buyerShipping - sale.feesTotal - sale.shippingCost - sale.otherFees;

/** Whole days from purchase to sale. */
export const daysBetween = (from: string, to: string): number => Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);

/** Gain over cost in percent with two decimals, null without a cost. */
export const returnOnCostOf = (gain: number, cost: number): number | null => (cost === 0 ? null : roundPercent((gain / cost) * 100));

/** A sale as the API answers it: net proceeds, gain, return and days held, in cents and days. */
export function saleView(sale: SaleRecord): SaleView {
  const { netProceeds, realisedGain } = saleBrief(sale);
  const costBasis = costBasisOf(sale);
  const daysHeld = sale.costKnown ? daysBetween(sale.purchaseDate, sale.soldAt) : null;
  return {
    id: sale.id,
    itemId: sale.itemId,
    name: sale.name,
    brand: sale.brand,
    colorway: sale.colorway,
    size: sale.size,
    sku: sale.sku,
    imageUrl: sale.imageUrl,
    purchaseDate: sale.costKnown ? sale.purchaseDate : null,
    soldAt: sale.soldAt,
    platform: sale.platform,
    salePrice: sale.salePrice,
    buyerShipping: sale.buyerShipping,
    fees: sale.fees,
    feesTotal: sale.feesTotal,
    feeSchedule: sale.feeSchedule,
    shippingCost: sale.shippingCost,
    otherFees: sale.otherFees,
    netProceeds,
    costBasis,
    realisedGain,
    returnOnCost: realisedGain === null || costBasis === null ? null : returnOnCostOf(realisedGain, costBasis),
    daysHeld,
    term: termOf(sale.costKnown ? sale.purchaseDate : null, sale.soldAt),
    source: sale.source,
    needsCostBasis: !sale.costKnown,
    createdAt: sale.createdAt.toISOString(),
  };
}

/** A sold item's sale in brief, as the item carries it. */
export function saleBrief(sale: SaleRecord): NonNullable<CollectionItemView['sale']> {
  const netProceeds = netProceedsOf(sale);
  const costBasis = costBasisOf(sale);
  return { id: sale.id, soldAt: sale.soldAt, platform: sale.platform, salePrice: sale.salePrice, netProceeds, realisedGain: costBasis === null ? null : netProceeds - costBasis };
}

interface Totals {
  sales: number;
  revenue: number;
  fees: number;
  netProceeds: number;
  cost: number;
  realisedGain: number;
}

const emptyTotals = (): Totals => ({ sales: 0, revenue: 0, fees: 0, netProceeds: 0, cost: 0, realisedGain: 0 });

/**
 * Sales' lines of the year's figures from their sums. A sale still waiting for its cost basis counts a
 * cost of 0, as the tax export writes it, so every total is revenue − fees − cost, and the export sums to them.
 */
export function ledgerLine({ sales, revenue, fees, cost }: { sales: number; revenue: number; fees: number; cost: number }): Totals {
  return { sales, revenue, fees, netProceeds: revenue - fees, cost, realisedGain: revenue - fees - cost };
}

function add(into: Totals, line: Totals): void {
  into.sales += line.sales;
  into.revenue += line.revenue;
  into.fees += line.fees;
  into.netProceeds += line.netProceeds;
  into.cost += line.cost;
  into.realisedGain += line.realisedGain;
}

/** A year's figures from its sales summed by month and platform (`held`: pairs still owned or listed, for the sell-through). */
export function summaryOf(year: number, groups: SalesGroup[], held: number): SalesSummary {
  const total = emptyTotals();
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}`,
    ...emptyTotals(),
    gains: new Map<SalePlatform, number>(SALE_PLATFORMS.map((platform) => [platform, 0])),
  }));
  const platforms = new Map<SalePlatform, Totals>(SALE_PLATFORMS.map((platform) => [platform, emptyTotals()]));
  let daysHeld = 0;
  let timed = 0;
  let incomplete = 0;
  for (const group of groups) {
    const line = ledgerLine(group);
    add(total, line);
    const month = months[group.month - 1]!;
    add(month, line);
    month.gains.set(group.platform, month.gains.get(group.platform)! + line.realisedGain);
    add(platforms.get(group.platform)!, line);
    daysHeld += group.daysHeld;
    timed += group.timed;
    incomplete += group.incomplete;
  }
  return {
    year,
    ...total,
    returnOnCost: returnOnCostOf(total.realisedGain, total.cost),
    averageDaysHeld: timed === 0 ? null : Math.round((daysHeld / timed) * 10) / 10,
    sellThrough: total.sales + held === 0 ? 0 : roundPercent((total.sales / (total.sales + held)) * 100),
    incomplete,
    byMonth: months.map(({ gains, ...month }) => ({ ...month, byPlatform: [...gains].map(([platform, realisedGain]) => ({ platform, realisedGain })) })),
    byPlatform: [...platforms].map(([platform, totals]) => ({ platform, ...totals })),
  };
}

/**
 * A sale held more than a year is long-term: sold after the purchase's first anniversary (by the calendar,
 * so a year holding a 29 February counts the same as any other; a pair bought on 29 February has its
 * anniversary on 28 February). Unknown while the purchase date is.
 */
export function termOf(purchaseDate: string | null, soldAt: string): 'short' | 'long' | null {
  if (purchaseDate === null) return null;
  return soldAt > utcDay(addUtcMonths(new Date(dayStartMs(purchaseDate)), 12)) ? 'long' : 'short';
}
