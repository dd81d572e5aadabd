import type { Queryable } from '@kicksight/platform';

export interface Account {
  userId: string;
  email: string;
  name: string;
  role: 'member' | 'admin';
}

/** People billing knows of (for receipts and the payment gateway's customer), and their collection sizes. */
export const accounts = {
  async upsert(db: Queryable, a: Account & { createdAt: Date }): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO accounts (user_id, email, name, role, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO NOTHING`,
      [a.userId, a.email, a.name, a.role, a.createdAt],
    );
    return rowCount === 1;
  },
  update: (db: Queryable, userId: string, email: string, name: string) => db.query('UPDATE accounts SET email = $2, name = $3 WHERE user_id = $1', [userId, email, name]),
  async get(db: Queryable, userId: string): Promise<Account | undefined> {
    const { rows } = await db.query<{ user_id: string; email: string; name: string; role: Account['role'] }>('SELECT user_id, email, name, role FROM accounts WHERE user_id = $1', [userId]);
    const r = rows[0];
    return r && { userId: r.user_id, email: r.email, name: r.name, role: r.role };
  },
  erase: (db: Queryable, userId: string) => db.query('DELETE FROM accounts WHERE user_id = $1', [userId]),

  setItemCount: (db: Queryable, userId: string, count: number, at: Date) =>
    db.query(
      `INSERT INTO item_counts (user_id, count, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET count = EXCLUDED.count, updated_at = EXCLUDED.updated_at WHERE item_counts.updated_at <= EXCLUDED.updated_at`,
      [userId, count, at],
    ),
  async itemCount(db: Queryable, userId: string): Promise<number> {
    const { rows } = await db.query<{ count: number }>('SELECT count FROM item_counts WHERE user_id = $1', [userId]);
    return rows[0]?.count ?? 0;
  },
  eraseItemCount: (db: Queryable, userId: string) => db.query('DELETE FROM item_counts WHERE user_id = $1', [userId]),
};

/** Facts kept for admin analytics. */
export type FactKind = 'signup' | 'trial_started' | 'converted' | 'plan_changed' | 'churned' | 'payment' | 'payment_failed' | 'active' | 'track';

export const facts = {
  add: (db: Queryable, f: { userId: string | null; kind: FactKind; plan?: string | null; amountCents?: number | null; detail?: string | null; at: Date }) =>
    db.query('INSERT INTO analytics_facts (user_id, kind, plan, amount_cents, detail, occurred_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      f.userId,
      f.kind,
      f.plan ?? null,
      f.amountCents ?? null,
      f.detail ?? null,
      f.at,
    ]),
  anonymiseUser: (db: Queryable, userId: string) => db.query('UPDATE analytics_facts SET user_id = NULL WHERE user_id = $1', [userId]),
};
