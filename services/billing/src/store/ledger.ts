import { OUTBOX_CHANNEL, OUTBOX_COLUMNS, outboxRows, type Clock, type OutgoingEvent, type Queryable } from '@kicksight/platform';

/** The usage ledger: the durable record the Redis counters are rebuilt from. */
export const ledger = {
  /**
   * Records a counted unit and its events in one statement (atomic, one round trip); false when that
   * unit was already recorded, and then no event is written.
   */
  async recordWithEvents(
    db: Queryable,
    unit: { userId: string; action: string; period: string; key: string; plan: string; at: Date },
    events: OutgoingEvent[],
    clock: Clock,
  ): Promise<boolean> {
    const outbox = outboxRows(events, clock, 7);
    const { rows } = await db.query<{ recorded: boolean }>(
      `WITH unit AS (
         INSERT INTO usage_ledger (user_id, action, period, usage_key, plan, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, action, period, usage_key) WHERE refunded_at IS NULL DO NOTHING RETURNING id
       ), events AS (
         INSERT INTO outbox (${OUTBOX_COLUMNS})
         SELECT * FROM (VALUES ${outbox.sql}) AS e(${OUTBOX_COLUMNS}) WHERE EXISTS (SELECT 1 FROM unit) RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM unit) AS recorded, (SELECT pg_notify('${OUTBOX_CHANNEL}', '') WHERE EXISTS (SELECT 1 FROM events)) AS woke`,
      [unit.userId, unit.action, unit.period, unit.key, unit.plan, unit.at, ...outbox.params],
    );
    return rows[0]?.recorded === true;
  },

  async refund(db: Queryable, unit: { userId: string; action: string; period: string; key: string; at: Date }): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE usage_ledger SET refunded_at = $5 WHERE user_id = $1 AND action = $2 AND period = $3 AND usage_key = $4 AND refunded_at IS NULL`,
      [unit.userId, unit.action, unit.period, unit.key, unit.at],
    );
    return rowCount === 1;
  },

  /** The counted keys of one counter. */
  async keys(db: Queryable, userId: string, action: string, period: string): Promise<string[]> {
    const { rows } = await db.query<{ usage_key: string }>(
      'SELECT usage_key FROM usage_ledger WHERE user_id = $1 AND action = $2 AND period = $3 AND refunded_at IS NULL',
      [userId, action, period],
    );
    return rows.map((r) => r.usage_key);
  },

  /** Counters with units recorded since a moment (to warm Redis at start). */
  async recentCounters(db: Queryable, since: Date): Promise<{ userId: string; action: string; period: string }[]> {
    const { rows } = await db.query<{ user_id: string; action: string; period: string }>(
      'SELECT DISTINCT user_id, action, period FROM usage_ledger WHERE created_at >= $1 AND refunded_at IS NULL',
      [since],
    );
    return rows.map((r) => ({ userId: r.user_id, action: r.action, period: r.period }));
  },

  eraseUser: (db: Queryable, userId: string) => db.query('DELETE FROM usage_ledger WHERE user_id = $1', [userId]),
};
