import { DAY_MS, ITEM_NOT_FOUND_MESSAGE, dayStartMs, utcDay } from '@kicksight/contracts';
import { AppError, type Clock, type Logger, type Pool } from '@kicksight/platform';
import type { CatalogClient } from '../clients/catalog.ts';
import { items, removedItems, type ValuedItem } from '../store/items.ts';
import { sales } from '../store/sales.ts';
import { snapshots } from '../store/snapshots.ts';
import { byBrand, performers, rankedByPerformance, realisedOf, unrealisedOf, type HeldItem } from './analytics.ts';
import type { Caller } from './caller.ts';
import type { Entitlements } from './entitlements.ts';
import { historyOf, pointOf, rangeStart } from './portfolio.ts';
import { roundPercent, statsOf, type ValuationTime } from './valuation.ts';
import { itemView } from './views.ts';

/** How far back the value over time goes. */
const ANALYTICS_DAYS = 90;

const held = (item: ValuedItem): HeldItem => ({ id: item.id, name: item.name, brand: item.brand, size: item.size, purchasePrice: item.purchasePrice, currentValue: item.currentValue });

/** Advanced analytics of a collection and of its items (Unlimited members and admins). */
export function createAdvancedAnalytics({ pool, clock, catalog, entitlements, logger, valuedAt }: { pool: Pool; clock: Clock; catalog: CatalogClient; entitlements: Entitlements; logger: Logger; valuedAt: () => ValuationTime }) {
  return {
    async ofCollection(caller: Caller) {
      await entitlements.assertAdvancedAnalytics(caller);
      const today = utcDay(clock.now());
      const [all, removed, ledger, stored] = await Promise.all([
        items.all(pool, caller.id, valuedAt().freshSince),
        removedItems.list(pool, caller.id),
        sales.realised(pool, caller.id),
        snapshots.between(pool, caller.id, rangeStart(today, ANALYTICS_DAYS), today),
      ]);
      const holdings = all.map(held);
      const totals = { items: all.length, value: all.reduce((sum, i) => sum + i.currentValue, 0), cost: all.reduce((sum, i) => sum + i.purchasePrice, 0) };
      const { best, worst } = performers(holdings);
      return {
        totals: statsOf(totals),
        valueOverTime: historyOf(stored, pointOf(today, totals)).points,
        byBrand: byBrand(holdings),
        bestPerformers: best,
        worstPerformers: worst,
        realised: realisedOf(removed, ledger),
        unrealised: unrealisedOf(holdings),
      };
    },

    async ofItem(caller: Caller, itemId: string) {
      await entitlements.assertAdvancedAnalytics(caller);
      const at = valuedAt();
      const all = await items.all(pool, caller.id, at.freshSince);
      const item = all.find((candidate) => candidate.id === itemId);
      if (!item) throw AppError.notFound(ITEM_NOT_FOUND_MESSAGE);
      const total = all.reduce((sum, i) => sum + i.currentValue, 0);
      const ranked = rankedByPerformance(all.map(held));
      const sameBrand = byBrand(all.map(held)).find((entry) => entry.brand === item.brand)!;
      return {
        item: itemView(item, at.now),
        valueOverTime: item.sneakerId ? await valueSeries(item.sneakerId, item.size, caller) : [],
        shareOfCollection: total === 0 ? 0 : roundPercent((item.currentValue / total) * 100),
        holdingDays: Math.max(0, Math.floor((clock.now().getTime() - dayStartMs(item.purchaseDate)) / DAY_MS)),
        rankByGain: ranked.findIndex((entry) => entry.id === item.id) + 1,
        brand: { brand: sameBrand.brand, items: sameBrand.items, gainLossPercent: sameBrand.gainLossPercent },
      };
    },
  };

  /** The item's size's daily market price (all sizes' when the size has no sales); empty when the catalogue cannot answer. */
  async function valueSeries(sneakerId: string, size: number, caller: Caller) {
    try {
      let series = await catalog.dailySeries(sneakerId, { days: ANALYTICS_DAYS, size }, caller.requestId);
      if (series.days.length === 0) series = await catalog.dailySeries(sneakerId, { days: ANALYTICS_DAYS }, caller.requestId);
      return series.days.map((day) => ({ date: day.date, value: day.averagePrice, salesVolume: day.salesVolume }));
    } catch (err) {
      logger.warn({ err, sneakerId }, 'no daily series from the catalogue for item analytics');
      return [];
    }
  }
}
