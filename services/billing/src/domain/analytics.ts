import { DAY_MS, addUtcMonths, daysBefore, startOfUtcDayMs, startOfUtcMonth, utcDay } from '@kicksight/contracts';
import { AppError, type Clock, type Pool } from '@kicksight/platform';
import { analyticsStore as store } from '../store/analytics.ts';
import { memberSales } from '../store/member-sales.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);
const PAID = ['premium', 'unlimited'] as const;

/** Calendar months (UTC, `YYYY-MM`) from the one holding `start` to the one holding `end`, at most 12. */
export function monthsBetween(start: Date, end: Date): string[] {
  const months: string[] = [];
  for (let cursor = startOfUtcMonth(start); cursor <= end && months.length < 24; cursor = addUtcMonths(cursor, 1)) {
    months.push(cursor.toISOString().slice(0, 7));
  }
  return months.slice(-12);
}

/** Admin analytics from billing's own tables: health, revenue, trial conversion, churn, members' resale and usage. */
export function createAnalytics({ pool, clock }: { pool: Pool; clock: Clock }) {
  return {
    async dashboard(startDate?: string, endDate?: string) {
      const now = clock.now();
      // The figures stop at now: a range that ends later reads up to now.
      const asked = endDate ? new Date(endDate.length === 10 ? `${endDate}T23:59:59.999Z` : endDate) : now;
      const end = asked < now ? asked : now;
      const start = startDate ? new Date(startDate) : daysBefore(end, 30);
      if (start > now) throw AppError.badRequest('startDate must not be in the future');
      if (start > end) throw AppError.badRequest('startDate must not be after endDate');
      if (end.getTime() - start.getTime() > 400 * DAY_MS) throw AppError.badRequest('The range may span at most 400 days');
      const range = { start, end: new Date(end.getTime() + 1) };
      const months = monthsBetween(start, end);
      const monthRange = { start: new Date(`${months[0]}-01T00:00:00Z`), end: range.end };
      const weekStart = new Date(startOfUtcDayMs(end) - 6 * DAY_MS);
      // Conversions and churn count members, each once in the range (a member who converts, cancels and
      // converts again is one conversion, on the day of the first), so the last 7 days' figures never
      // add up to more than the range's. Members paid at the start are the net of every earlier event.

      const [activeUsers, newSignups, subs, byMonth, trialsStarted, converted, byDay, churned, convertedBefore, churnedBefore, usage, collectionSizes, topFeatures, sold] = await Promise.all([
        store.activeUsers(range, pool),
        store.factCount(pool, 'signup', range),
        store.subscriptionsNow(pool),
        store.revenueByMonth(pool, monthRange),
        store.factCount(pool, 'trial_started', range),
        store.distinctFactUsers(pool, 'converted', range),
        store.firstFactUsersByDay(pool, 'converted', { start: start < weekStart ? start : weekStart, end: range.end }, weekStart),
        store.distinctFactUsers(pool, 'churned', range),
        store.factsBefore(pool, 'converted', start),
        store.factsBefore(pool, 'churned', start),
        store.usageByPlan(pool, range),
        store.collectionSizeByTier(pool),
        store.topFeatures(pool, range, 10),
        memberSales.byMonth(pool, monthRange),
      ]);

      const paidRows = subs.filter((s) => s.paid);
      const paidUsers = paidRows.reduce((n, s) => n + s.count, 0);
      const mrr = Math.round(paidRows.reduce((n, s) => n + s.monthlyCents, 0));
      const revenueGrowth = months.map((month, i) => {
        const revenue = byMonth.get(month) ?? 0;
        const previous = i > 0 ? (byMonth.get(months[i - 1]!) ?? 0) : 0;
        return { month, revenue, growth: i === 0 || previous === 0 ? 0 : round1(((revenue - previous) / previous) * 100) };
      });
      const paidAtStart = Math.max(0, convertedBefore - churnedBefore);
      const conversionsByDay = Array.from({ length: 7 }, (_, i) => {
        const date = utcDay(weekStart.getTime() + i * DAY_MS);
        return { date, conversions: byDay.get(date) ?? 0 };
      });

      return {
        range: { startDate: start.toISOString(), endDate: end.toISOString() },
        health: {
          activeUsers,
          newSignups,
          trialUsers: subs.filter((s) => s.trialing).reduce((n, s) => n + s.count, 0),
          paidUsers,
        },
        revenue: {
          monthlyRecurringRevenue: mrr,
          averageRevenuePerUser: paidUsers > 0 ? Math.round(mrr / paidUsers) : 0,
          revenueByPlan: PAID.map((plan) => {
            const row = paidRows.filter((s) => s.tier === plan);
            return { plan, subscribers: row.reduce((n, s) => n + s.count, 0), revenue: Math.round(row.reduce((n, s) => n + s.monthlyCents, 0)) };
          }),
          revenueGrowth,
        },
        trialConversion: { conversionRate: percent(converted, trialsStarted), convertedUsers: converted, totalTrialUsers: trialsStarted, conversionsByDay },
        churn: { churnRate: percent(churned, paidAtStart + converted), churnedSubscriptions: churned },
        /** What members sold through the product, by the month of the sale (cents). */
        resale: { byMonth: months.map((month) => ({ month, ...(sold.get(month) ?? { sales: 0, value: 0, netProceeds: 0 }) })) },
        usage: {
          byPlan: (['trial', ...PAID] as const).map((plan) => {
            const row = usage.find((u) => u.plan === plan);
            const users = row?.users ?? 0;
            return {
              plan,
              avgSearchesPerUser: users > 0 ? round1(row!.searches / users) : 0,
              avgProductViewsPerUser: users > 0 ? round1(row!.productViews / users) : 0,
              avgCollectionItems: round1(collectionSizes.get(plan) ?? 0),
              activeUsers: users,
            };
          }),
          topFeatures,
        },
      };
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
