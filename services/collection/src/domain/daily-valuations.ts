import { PORTFOLIO_RANGES, addDays, utcDay, type PortfolioRange, type Valuation } from '@kicksight/contracts';
import type { Clock, Pool } from '@kicksight/platform';
import { items } from '../store/items.ts';
import { snapshots } from '../store/snapshots.ts';
import { changeBetween, historyOf, pointOf, rangeStart } from './portfolio.ts';
import { statsOf, type ValuationTime } from './valuation.ts';

/** Daily valuations: the snapshot job, the portfolio history and the digest's valuation of a member. */
export function createValuations({ pool, clock, valuedAt }: { pool: Pool; clock: Clock; valuedAt: () => ValuationTime }) {
  return {
    /** Stores every member's valuation for a day (today by default); answers how many members were valued. */
    takeSnapshots: (day: string = utcDay(clock.now())) => snapshots.takeAll(pool, day, clock.now(), valuedAt().freshSince),

    async history(userId: string, range: PortfolioRange) {
      const today = utcDay(clock.now());
      const [stored, totals] = await Promise.all([snapshots.between(pool, userId, rangeStart(today, PORTFOLIO_RANGES[range]), today), items.totals(pool, userId, valuedAt().freshSince)]);
      return { range, ...historyOf(stored, pointOf(today, totals)) };
    },

    /** A member's valuation now and its change since the stored valuation `days` ago. */
    async valuation(userId: string, days: number): Promise<Valuation> {
      const today = utcDay(clock.now());
      const [totals, previous] = await Promise.all([items.totals(pool, userId, valuedAt().freshSince), snapshots.on(pool, userId, addDays(today, -days))]);
      const stats = statsOf(totals);
      const change = previous ? changeBetween(previous.totalValue, stats.totalValue) : undefined;
      return {
        userId,
        asOf: clock.now().toISOString(),
        itemCount: stats.totalItems,
        totalValue: stats.totalValue,
        totalCost: stats.totalCost,
        totalGainLoss: stats.totalGainLoss,
        gainLossPercent: stats.gainLossPercent,
        previous: previous ?? null,
        change: change?.change ?? null,
        changePercent: change?.changePercent ?? null,
      };
    },
  };
}

export type Valuations = ReturnType<typeof createValuations>;
