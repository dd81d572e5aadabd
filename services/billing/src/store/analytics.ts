import type { Queryable } from '@kicksight/platform';

type Range = { start: Date; end: Date };
const int = async (db: Queryable, sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;

/** The queries behind admin analytics, over billing's own tables only. */
export const analyticsStore = {
  factCount: (db: Queryable, kind: string, { start, end }: Range) =>
    int(db, 'SELECT count(*)::int AS n FROM analytics_facts WHERE kind = $1 AND occurred_at >= $2 AND occurred_at < $3', [kind, start, end]),

  distinctFactUsers: (db: Queryable, kind: string, { start, end }: Range) =>
    int(db, 'SELECT count(DISTINCT user_id)::int AS n FROM analytics_facts WHERE kind = $1 AND occurred_at >= $2 AND occurred_at < $3', [kind, start, end]),

  factsBefore: (db: Queryable, kind: string, before: Date) => int(db, 'SELECT count(*)::int AS n FROM analytics_facts WHERE kind = $1 AND occurred_at < $2', [kind, before]),

  activeUsers: ({ start, end }: Range, db: Queryable) =>
    int(
      db,
      `SELECT count(DISTINCT user_id)::int AS n FROM (
         SELECT user_id FROM analytics_facts WHERE kind IN ('active', 'track') AND occurred_at >= $1 AND occurred_at < $2
         UNION SELECT user_id FROM usage_ledger WHERE created_at >= $1 AND created_at < $2) AS active WHERE user_id IS NOT NULL`,
      [start, end],
    ),

  /** Current subscriptions by tier and state, with their monthly-equivalent revenue in cents. */
  async subscriptionsNow(db: Queryable): Promise<{ tier: string; paid: boolean; trialing: boolean; count: number; monthlyCents: number }[]> {
    const { rows } = await db.query<{ tier: string; paid: boolean; trialing: boolean; count: number; monthly_cents: number }>(
      `SELECT tier,
              (tier <> 'trial' AND status IN ('active', 'past_due')) AS paid,
              (tier = 'trial' AND status = 'trialing') AS trialing,
              count(*)::int AS count,
              COALESCE(sum(CASE WHEN billing_period = 'yearly' THEN amount_cents / 12.0 ELSE amount_cents END), 0)::float AS monthly_cents
         FROM subscriptions GROUP BY 1, 2, 3`,
    );
    return rows.map((r) => ({ tier: r.tier, paid: r.paid, trialing: r.trialing, count: r.count, monthlyCents: r.monthly_cents }));
  },

  /** Paid invoice totals per calendar month (UTC), cents. */
  async revenueByMonth(db: Queryable, { start, end }: Range): Promise<Map<string, number>> {
    const { rows } = await db.query<{ month: string; cents: number }>(
      `SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, sum(amount_cents)::int AS cents
         FROM invoices WHERE status = 'paid' AND created_at >= $1 AND created_at < $2 GROUP BY 1`,
      [start, end],
    );
    return new Map(rows.map((r) => [r.month, r.cents]));
  },

  /**
   * Members by the UTC day of their first fact of a kind in the range, as `distinctFactUsers` counts
   * them (once each), for the days from `from` on: a member who converts twice counts on the first day.
   */
  async firstFactUsersByDay(db: Queryable, kind: string, { start, end }: Range, from: Date): Promise<Map<string, number>> {
    const { rows } = await db.query<{ day: string; n: number }>(
      `SELECT to_char(first_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM (SELECT min(occurred_at) AS first_at FROM analytics_facts
                WHERE kind = $1 AND occurred_at >= $2 AND occurred_at < $3 AND user_id IS NOT NULL GROUP BY user_id) AS firsts
        WHERE first_at >= $4 GROUP BY 1`,
      [kind, start, end, from],
    );
    return new Map(rows.map((r) => [r.day, r.n]));
  },

  /** Metered use per plan (the plan at the time of use). */
  async usageByPlan(db: Queryable, { start, end }: Range): Promise<{ plan: string; users: number; searches: number; productViews: number }[]> {
    const { rows } = await db.query<{ plan: string; users: number; searches: number; views: number }>(
      `SELECT plan, count(DISTINCT user_id)::int AS users,
              count(*) FILTER (WHERE action = 'search')::int AS searches,
              count(*) FILTER (WHERE action = 'product_view')::int AS views
         FROM usage_ledger WHERE created_at >= $1 AND created_at < $2 AND refunded_at IS NULL GROUP BY plan`,
      [start, end],
    );
    return rows.map((r) => ({ plan: r.plan, users: r.users, searches: r.searches, productViews: r.views }));
  },

  /** Average collection size of the members on each tier now. */
  async collectionSizeByTier(db: Queryable): Promise<Map<string, number>> {
    const { rows } = await db.query<{ tier: string; avg: number }>(
      `SELECT s.tier, avg(COALESCE(c.count, 0))::float AS avg FROM subscriptions s LEFT JOIN item_counts c ON c.user_id = s.user_id GROUP BY s.tier`,
    );
    return new Map(rows.map((r) => [r.tier, r.avg]));
  },

  /** Features by use: client events and metered actions. */
  async topFeatures(db: Queryable, { start, end }: Range, limit: number): Promise<{ feature: string; usageCount: number; uniqueUsers: number }[]> {
    const { rows } = await db.query<{ feature: string; usage_count: number; unique_users: number }>(
      `SELECT feature, count(*)::int AS usage_count, count(DISTINCT user_id)::int AS unique_users FROM (
         SELECT detail AS feature, user_id FROM analytics_facts WHERE kind = 'track' AND occurred_at >= $1 AND occurred_at < $2
         UNION ALL SELECT action AS feature, user_id FROM usage_ledger WHERE created_at >= $1 AND created_at < $2 AND refunded_at IS NULL
       ) AS uses GROUP BY feature ORDER BY usage_count DESC, feature LIMIT $3`,
      [start, end, limit],
    );
    return rows.map((r) => ({ feature: r.feature, usageCount: r.usage_count, uniqueUsers: r.unique_users }));
  },
};
