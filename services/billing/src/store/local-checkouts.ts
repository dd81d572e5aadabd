import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

export interface LocalCheckout {
  id: string;
  userId: string;
  plan: PaidPlan;
  period: BillingPeriod;
  status: 'open' | 'paid' | 'canceled';
  expiresAt: Date;
}

type Row = { id: string; user_id: string; plan: PaidPlan; billing_period: BillingPeriod; status: LocalCheckout['status']; expires_at: Date };
const toCheckout = (r: Row): LocalCheckout => ({ id: r.id, userId: r.user_id, plan: r.plan, period: r.billing_period, status: r.status, expiresAt: r.expires_at });

export const localCheckouts = {
  insert: (db: Queryable, c: { id: string; userId: string; plan: PaidPlan; period: BillingPeriod; now: Date; expiresAt: Date }) =>
    db.query('INSERT INTO local_checkouts (id, user_id, plan, billing_period, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [c.id, c.userId, c.plan, c.period, c.now, c.expiresAt]),
  async get(db: Queryable, id: string): Promise<LocalCheckout | undefined> {
    const { rows } = await db.query<Row>('SELECT id, user_id, plan, billing_period, status, expires_at FROM local_checkouts WHERE id = $1', [id]);
    return rows[0] && toCheckout(rows[0]);
  },
  /** Marks an open, unexpired checkout paid; undefined when it was not open (paid twice, cancelled, expired). */
  async claim(db: Queryable, id: string, now: Date): Promise<LocalCheckout | undefined> {
    const { rows } = await db.query<Row>(
      `UPDATE local_checkouts SET status = 'paid' WHERE id = $1 AND status = 'open' AND expires_at > $2 RETURNING id, user_id, plan, billing_period, status, expires_at`,
      [id, now],
    );
    return rows[0] && toCheckout(rows[0]);
  },
  cancel: async (db: Queryable, id: string) => {
    await db.query(`UPDATE local_checkouts SET status = 'canceled' WHERE id = $1 AND status = 'open'`, [id]);
  },
  eraseUser: (db: Queryable, userId: string) => db.query('DELETE FROM local_checkouts WHERE user_id = $1', [userId]),
};
