import type { Queryable } from '@kicksight/platform';
import type { Subscription } from '../domain/subscription.ts';

const COLUMNS = `user_id, tier, status, billing_period, amount_cents, trial_started_at, trial_ends_at, period_anchor,
  current_period_end, cancel_at_period_end, gateway, customer_id, gateway_subscription_id, state_at, paid_since, credit_cents`;

type Row = {
  user_id: string;
  tier: Subscription['tier'];
  status: Subscription['status'];
  billing_period: Subscription['billingPeriod'];
  amount_cents: number;
  trial_started_at: Date;
  trial_ends_at: Date;
  period_anchor: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  gateway: Subscription['gateway'];
  customer_id: string | null;
  gateway_subscription_id: string | null;
  state_at: Date | null;
  paid_since: Date | null;
  credit_cents: number;
};

const toSubscription = (r: Row): Subscription => ({
  userId: r.user_id,
  tier: r.tier,
  status: r.status,
  billingPeriod: r.billing_period,
  amountCents: r.amount_cents,
  trialStartedAt: r.trial_started_at,
  trialEndsAt: r.trial_ends_at,
  periodAnchor: r.period_anchor,
  currentPeriodEnd: r.current_period_end,
  cancelAtPeriodEnd: r.cancel_at_period_end,
  gateway: r.gateway,
  customerId: r.customer_id,
  gatewaySubscriptionId: r.gateway_subscription_id,
  stateAt: r.state_at,
  paidSince: r.paid_since,
  creditCents: r.credit_cents,
});

async function one(db: Queryable, sql: string, params: unknown[]): Promise<Subscription | undefined> {
  const { rows } = await db.query<Row>(sql, params);
  return rows[0] ? toSubscription(rows[0]) : undefined;
}

export const subscriptions = {
  get: (db: Queryable, userId: string, lock = false) => one(db, `SELECT ${COLUMNS} FROM subscriptions WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`, [userId]),
  byCustomer: (db: Queryable, customerId: string) => one(db, `SELECT ${COLUMNS} FROM subscriptions WHERE customer_id = $1`, [customerId]),

  /** Starts a trial unless the user already has a subscription; true when this call started it. */
  async startTrial(db: Queryable, userId: string, startedAt: Date, endsAt: Date, now: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO subscriptions (user_id, tier, status, trial_started_at, trial_ends_at, updated_at)
       VALUES ($1, 'trial', 'trialing', $2, $3, $4) ON CONFLICT (user_id) DO NOTHING`,
      [userId, startedAt, endsAt, now],
    );
    return rowCount === 1;
  },

  /** Writes every field of the subscription. */
  save: (db: Queryable, s: Subscription, now: Date) =>
    db.query(
      `UPDATE subscriptions SET tier = $2, status = $3, billing_period = $4, amount_cents = $5, period_anchor = $6,
         current_period_end = $7, cancel_at_period_end = $8, gateway = $9, customer_id = $10, gateway_subscription_id = $11,
         state_at = $12, paid_since = $13, canceled_at = CASE WHEN $3 IN ('canceled', 'expired') AND $2 = 'trial' THEN $14 ELSE canceled_at END,
         updated_at = $14, credit_cents = $15
       WHERE user_id = $1`,
      [
        s.userId,
        s.tier,
        s.status,
        s.billingPeriod,
        s.amountCents,
        s.periodAnchor,
        s.currentPeriodEnd,
        s.cancelAtPeriodEnd,
        s.gateway,
        s.customerId,
        s.gatewaySubscriptionId,
        s.stateAt,
        s.paidSince,
        now,
        s.creditCents,
      ],
    ),

  /** Trials whose end has passed, locked for expiry. */
  async dueTrials(db: Queryable, now: Date, limit = 500): Promise<string[]> {
    const { rows } = await db.query<{ user_id: string }>(
      `SELECT user_id FROM subscriptions WHERE status = 'trialing' AND trial_ends_at <= $1 ORDER BY trial_ends_at, user_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    return rows.map((r) => r.user_id);
  },

  /** Paid subscriptions of the local gateway whose period has ended. */
  async dueLocalPeriods(db: Queryable, now: Date, limit = 500): Promise<string[]> {
    const { rows } = await db.query<{ user_id: string }>(
      `SELECT user_id FROM subscriptions WHERE gateway = 'local' AND status IN ('active', 'past_due') AND current_period_end <= $1
        ORDER BY current_period_end, user_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    return rows.map((r) => r.user_id);
  },

  /** Sets the credit held for the next bills. */
  setCredit: (db: Queryable, userId: string, cents: number) => db.query('UPDATE subscriptions SET credit_cents = $2 WHERE user_id = $1', [userId, cents]),

  delete: (db: Queryable, userId: string) => db.query('DELETE FROM subscriptions WHERE user_id = $1', [userId]),
};
