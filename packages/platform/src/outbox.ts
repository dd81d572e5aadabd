import { createHash } from 'node:crypto';
import type pg from 'pg';
import { EventValidationError, eventKey, isKnownEvent, parseEvent, topicOf, type Envelope } from '@kicksight/contracts';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import type { EventProducer } from './kafka.ts';
import type { Logger } from './logger.ts';
import type { Queryable } from './postgres.ts';
import { pgOutboxBacklog, watchOutbox } from './flow-metrics.ts';
import { captureTraceContext, inTraceOf, type TraceCarrier } from './telemetry/context.ts';

export const OUTBOX_CHANNEL = 'outbox';

/**
 * The VALUES rows of outbox inserts, with their parameters numbered from `firstParam`, for callers that
 * write events inside a statement of their own (one round trip for a business row and its events).
 * Columns: id, topic, message_key, type, envelope, created_at, next_attempt_at, trace_context (the active
 * trace's W3C context, so the event continues it).
 */
export function outboxRows(events: { key: string; envelope: Envelope }[], clock: Clock, firstParam = 1): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const trace = captureTraceContext();
  const traceContext = trace ? JSON.stringify(trace) : null;
  const rows = events.map(({ key, envelope }) => {
    const parsed = parseEvent(envelope);
    const type = eventKey(parsed.type, parsed.version);
    if (!isKnownEvent(type)) throw new EventValidationError(`unknown event type ${type}`);
    const n = firstParam + params.length;
    params.push(parsed.id, topicOf(type), key, type, JSON.stringify(envelope), clock.now(), traceContext);
    return `($${n}::uuid, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb, $${n + 5}::timestamptz, $${n + 5}::timestamptz, $${n + 6}::jsonb)`;
  });
  return { sql: rows.join(', '), params };
}

export const OUTBOX_COLUMNS = 'id, topic, message_key, type, envelope, created_at, next_attempt_at, trace_context';

/**
 * Writes events to the outbox on the caller's client, so they commit or roll back with the
 * business change. The relay is woken when the transaction commits.
 */
export async function enqueueEvents(client: Queryable, events: { key: string; envelope: Envelope }[], clock: Clock = systemClock): Promise<void> {
  if (events.length === 0) return;
  const rows = outboxRows(events, clock);
  await client.query(`INSERT INTO outbox (${OUTBOX_COLUMNS}) VALUES ${rows.sql}`, rows.params);
  await client.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
}

export interface OutboxRelayOptions {
  pool: pg.Pool;
  producer: EventProducer;
  logger: Logger;
  /** Names the relay's advisory lock: one leader per service database. */
  name: string;
  clock?: Clock;
  batchSize?: number;
  /** How often a follower tries to become leader, and the longest a leader sleeps without a notification. */
  pollMs?: number;
  /** Published rows older than this are deleted. */
  retentionMs?: number;
  maxBackoffMs?: number;
}

export interface OutboxRelay {
  start(): void;
  stop(): Promise<void>;
  /** Whether this relay currently holds the lock and publishes. */
  isLeader(): boolean;
}

type Row = { seq: number; id: string; message_key: string; envelope: Envelope; attempts: number; next_attempt_at: Date; trace_context: TraceCarrier | null };

/**
 * Rows in commit order, cut where the trace that wrote them changes: each run is sent in its own trace.
 * Without tracing every row has none, and a batch is one run.
 */
export function runsByTrace<T extends { trace_context: TraceCarrier | null }>(rows: T[]): T[][] {
  const runs: T[][] = [];
  let last: string | undefined;
  for (const row of rows) {
    const trace = row.trace_context?.traceparent ?? '';
    if (runs.length === 0 || trace !== last) runs.push([]);
    runs.at(-1)!.push(row);
    last = trace;
  }
  return runs;
}

/** A stable 64-bit advisory-lock key from a name. */
export function advisoryKey(name: string): bigint {
  return createHash('sha256').update(`outbox:${name}`).digest().readBigInt64BE(0);
}

/**
 * Publishes outbox rows in commit order. Only the holder of the advisory lock publishes (a session
 * lock on a dedicated connection: if that connection dies, another replica takes over). A batch that
 * Kafka refuses stays pending and is retried with backoff; a row that can never be sent (invalid
 * envelope) is marked failed with its error. Published rows are purged after the retention period.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, producer, logger, name, clock = systemClock, batchSize = 200, pollMs = 1_000 } = options;
  const retentionMs = options.retentionMs ?? 7 * 24 * 60 * 60 * 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const lockKey = advisoryKey(name).toString();
  const log = logger.child({ component: 'outbox-relay' });
  let running = false;
  let leader = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let lastPurge = 0;
  let unwatch: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  /** Publishes due rows until none is left; returns how long to wait before the next try. */
  async function drain(client: pg.PoolClient): Promise<number> {
    for (;;) {
      const { rows } = await client.query<Row>(
        `SELECT seq, id, message_key, envelope, attempts, next_attempt_at, trace_context FROM outbox
          WHERE status = 'pending' ORDER BY seq LIMIT $1`,
        [batchSize],
      );
      if (rows.length === 0) return pollMs;
      // Commit order: nothing behind the oldest pending row goes out before it.
      const wait = rows[0]!.next_attempt_at.getTime() - clock.now().getTime();
      if (wait > 0) return wait;

      const valid: Row[] = [];
      for (const row of rows) {
        try {
          parseEvent(row.envelope);
          valid.push(row);
        } catch (err) {
          await client.query(`UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE seq = $1`, [row.seq, String(err)]);
          log.error({ eventId: row.id, err }, 'outbox row can never be published; marked failed');
        }
      }
      if (valid.length === 0) continue;
      for (const run of runsByTrace(valid)) {
        try {
          // Sent inside the trace that wrote the rows: the Kafka headers carry it on to the consumers.
          await inTraceOf(run[0]!.trace_context, () => producer.send(run.map((row) => ({ key: row.message_key, envelope: row.envelope }))));
        } catch (err) {
          const pending = valid.slice(valid.indexOf(run[0]!));
          const attempts = (pending[0]?.attempts ?? 0) + 1;
          const backoff = Math.min(maxBackoffMs, 250 * 2 ** Math.min(attempts, 16));
          await client.query(
            `UPDATE outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE seq = ANY($1::bigint[])`,
            [pending.map((r) => r.seq), err instanceof Error ? err.message : String(err), new Date(clock.now().getTime() + backoff)],
          );
          log.warn({ err: err instanceof Error ? err.message : err, attempts, backoffMs: backoff, batch: pending.length }, 'publishing failed; will retry');
          return backoff;
        }
        await client.query(`UPDATE outbox SET status = 'published', published_at = $2, attempts = attempts + 1, last_error = NULL WHERE seq = ANY($1::bigint[])`, [
          run.map((r) => r.seq),
          clock.now(),
        ]);
      }
    }
  }

  async function purge(client: pg.PoolClient): Promise<void> {
    const now = clock.now().getTime();
    if (now - lastPurge < 60_000) return;
    lastPurge = now;
    const { rowCount } = await client.query(`DELETE FROM outbox WHERE status = 'published' AND published_at < $1`, [new Date(now - retentionMs)]);
    if (rowCount) log.info({ purged: rowCount }, 'purged published outbox rows');
  }

  async function lead(client: pg.PoolClient): Promise<void> {
    const onNotify = () => wake?.();
    client.on('notification', onNotify);
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    leader = true;
    log.info('outbox relay is the leader');
    try {
      while (running) {
        const wait = await drain(client);
        await purge(client);
        if (running) await sleep(wait);
      }
    } finally {
      leader = false;
      client.off('notification', onNotify);
    }
  }

  async function run(): Promise<void> {
    while (running) {
      let client: pg.PoolClient | undefined;
      let broken = false;
      const onError = () => {
        broken = true;
        wake?.();
      };
      try {
        client = await pool.connect();
        client.on('error', onError);
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [lockKey]);
        if (rows[0]?.locked) {
          await lead(client);
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey]).catch(() => {});
          await client.query(`UNLISTEN ${OUTBOX_CHANNEL}`).catch(() => {});
        }
      } catch (err) {
        broken = true;
        log.warn({ err: err instanceof Error ? err.message : err }, 'outbox relay lost its connection; retrying');
      } finally {
        // A broken client is ended and may still report its end: it keeps a listener, or the report would crash the process.
        if (!broken) client?.off('error', onError);
        client?.release(broken ? true : undefined);
      }
      if (running) await sleep(pollMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      unwatch = watchOutbox(() => pgOutboxBacklog(pool));
      loop = run();
    },
    async stop() {
      running = false;
      unwatch?.();
      wake?.();
      await loop;
    },
    isLeader: () => leader,
  };
}
