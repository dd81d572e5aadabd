import { OUTBOX_CHANNEL, type Queryable } from '@kicksight/platform';

/** A counted unit as the ledger keeps it. */
export interface LedgerUnit {
  userId: string;
  action: string;
  period: string;
  key: string;
  plan: string;
  at: Date;
}

/** An outbox row written with a unit (`unit`: the unit's position in the batch; `envelope`: its JSON). */
export interface LedgerEvent {
  unit: number;
  id: string;
  topic: string;
  messageKey: string;
  type: string;
  envelope: string;
  at: Date;
}

// Units and events come in as parallel arrays (unnest); WITH ORDINALITY numbers them from 1. The
// outbox rows of a batch are inserted in unit order, each unit's events in their own order, so the
// relay publishes them as they were counted. pg_notify (when asked) wakes the relay as the statement commits.
const RECORD_MANY = `
WITH unit_in AS (
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) WITH ORDINALITY
    AS u(user_id, action, period, usage_key, plan, created_at, n)
), unit AS (
  INSERT INTO usage_ledger (user_id, action, period, usage_key, plan, created_at)
  SELECT user_id, action, period, usage_key, plan, created_at FROM unit_in ORDER BY n
  ON CONFLICT (user_id, action, period, usage_key) WHERE refunded_at IS NULL DO NOTHING
  RETURNING user_id, action, period, usage_key
), recorded AS (
  SELECT unit_in.n FROM unit_in JOIN unit USING (user_id, action, period, usage_key)
), events AS (
  INSERT INTO outbox (id, topic, message_key, type, envelope, created_at, next_attempt_at)
  SELECT e.id, e.topic, e.message_key, e.type, e.envelope::jsonb, e.created_at, e.created_at
    FROM unnest($7::int[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[]) WITH ORDINALITY
      AS e(unit, id, topic, message_key, type, envelope, created_at, m)
   WHERE e.unit IN (SELECT n FROM recorded)
   ORDER BY e.unit, e.m
  RETURNING 1
)
SELECT ARRAY(SELECT n::int FROM recorded) AS recorded,
       (SELECT pg_notify('${OUTBOX_CHANNEL}', '') WHERE $14::boolean AND EXISTS (SELECT 1 FROM events)) AS woke`;

/** The usage ledger: the durable record the Redis counters are rebuilt from. */
export const ledger = {
  /**
   * Records counted units and their events in one statement (one transaction, one round trip):
   * a unit already recorded is skipped with its events. Answers the positions (0-based) of the units
   * recorded. Units must be distinct; events name their unit by position and keep their order.
   * `wakeRelay`: notify the outbox relay on commit (else it finds the events when next woken or polling).
   * A fixed text with array parameters, so it is prepared once per connection.
   */
  async recordMany(db: Queryable, units: LedgerUnit[], events: LedgerEvent[], wakeRelay = true): Promise<Set<number>> {
    const { rows } = await db.query<{ recorded: number[] }>({
      name: 'billing-ledger-record-many',
      text: RECORD_MANY,
      values: [
        units.map((u) => u.userId),
        units.map((u) => u.action),
        units.map((u) => u.period),
        units.map((u) => u.key),
        units.map((u) => u.plan),
        units.map((u) => u.at),
        events.map((e) => e.unit + 1),
        events.map((e) => e.id),
        events.map((e) => e.topic),
        events.map((e) => e.messageKey),
        events.map((e) => e.type),
        events.map((e) => e.envelope),
        events.map((e) => e.at),
        wakeRelay,
      ],
    });
    return new Set((rows[0]?.recorded ?? []).map((n) => n - 1));
  },

  /** Marks units given back (each unit's live row, if any); answers how many were marked. */
  async refundMany(db: Queryable, units: { userId: string; action: string; period: string; key: string; at: Date }[]): Promise<number> {
    const { rowCount } = await db.query({
      name: 'billing-ledger-refund-many',
      text: `UPDATE usage_ledger l SET refunded_at = r.at
               FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS r(user_id, action, period, usage_key, at)
              WHERE l.user_id = r.user_id AND l.action = r.action AND l.period = r.period AND l.usage_key = r.usage_key AND l.refunded_at IS NULL`,
      values: [units.map((u) => u.userId), units.map((u) => u.action), units.map((u) => u.period), units.map((u) => u.key), units.map((u) => u.at)],
    });
    return rowCount ?? 0;
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

  /** Wakes the outbox relay for events committed earlier. */
  wakeRelay: (db: Queryable) => db.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`),

  eraseUser: (db: Queryable, userId: string) => db.query('DELETE FROM usage_ledger WHERE user_id = $1', [userId]),
};
