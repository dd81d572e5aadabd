import { eventKey, isKnownEvent, parseEvent, topicOf } from '@kicksight/contracts';
import { createLease, blockingConnection, type Logger, type OutgoingEvent, type Pool, type Redis } from '@kicksight/platform';
import { ledger, type LedgerEvent, type LedgerUnit } from './ledger.ts';

/** A unit's identity in the ledger. */
export type UnitRef = Pick<LedgerUnit, 'userId' | 'action' | 'period' | 'key'>;

/** One entry of the ledger stream: a unit counted (with its count and limit), or given back. */
export type LedgerEntry =
  | { id: string; kind: 'count'; unit: LedgerUnit; used: number; limit: number | null }
  | { id: string; kind: 'refund'; unit: UnitRef; at: Date };

/**
 * The outbox relay is woken at most this often by the ledger's commits. Each wake-up costs the relay a
 * round of queries and a Kafka request; under steady traffic one per commit would keep it publishing
 * a few events at a time. Events still leave within about this long of their commit (the relay's own
 * polling remains the fallback).
 */
export const RELAY_WAKE_MS = 200;
/** How long a blocking read waits for new entries before asking again. */
const BLOCK_MS = 1_000;
/**
 * After writing less than a full batch, the follower lets units gather this long before reading again:
 * one statement per 50 ms of traffic instead of one per unit, which keeps the follower's work (and
 * Postgres's, often on the same CPUs as the requests) small: at 500 units/s the worker spends about
 * 170 us of CPU per unit, against about 300 us when it gathered for 10 ms. It is how far, at most
 * (plus the write itself), the ledger trails Redis; the units are safe in the stream meanwhile.
 */
export const GATHER_MS = 50;
/** The pause after a failed read or write (Redis or Postgres unreachable) before trying again. */
const RETRY_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Whether Postgres refused a write for its data (SQLSTATE class 22, data exception, e.g. a NUL byte in
 * a text value; or 23, integrity constraint violation): writing the same entry again fails again, so it
 * is set aside instead of being retried. Anything else (a lost connection, a time-out) is retried.
 */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

/** Where entries that cannot be written are set aside, with their error: the stream's dead letters. */
export const deadLettersOf = (stream: string) => `${stream}:dead-letters`;

/** The time a stream entry was queued, from its id (`<ms>-<seq>`). */
const queuedAt = (id: string) => Number(id.split('-')[0]);
const unitIdOf = (u: UnitRef) => JSON.stringify([u.userId, u.action, u.period, u.key]);

/** Reads a stream entry's fields (see counters.ts); undefined when they do not make an entry. */
export function parseEntry(id: string, fields: string[]): LedgerEntry | undefined {
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
  const [userId, action, period, key, t] = [f.get('u'), f.get('a'), f.get('p'), f.get('k'), Number(f.get('t'))];
  if (!userId || !action || !period || !key || !Number.isFinite(t)) return undefined;
  const at = new Date(t);
  if (f.get('op') === 'r') return { id, kind: 'refund', unit: { userId, action, period, key }, at };
  const [plan, used, limit] = [f.get('pl'), Number(f.get('n')), Number(f.get('l'))];
  if (f.get('op') !== 'c' || !plan || !Number.isInteger(used) || !Number.isInteger(limit)) return undefined;
  return { id, kind: 'count', unit: { userId, action, period, key, plan, at }, used, limit: limit < 0 ? null : limit };
}

/**
 * Splits entries, in order, into runs in which no unit appears twice (at most `maxBatch` each): the
 * entries of one run touch distinct units, so they can be written together in any order, while a unit
 * counted, given back and counted again is written in three runs, in that order.
 */
export function batchesOf<T extends { unit: UnitRef }>(entries: T[], maxBatch: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let units = new Set<string>();
  for (const entry of entries) {
    const id = unitIdOf(entry.unit);
    if (current.length >= maxBatch || units.has(id)) {
      batches.push(current);
      current = [];
      units = new Set();
    }
    current.push(entry);
    units.add(id);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The ledger stream of a billing database: the units queued in it belong to that database's ledger. */
export const ledgerStreamOf = (databaseUrl: string) => `billing:usage-ledger:${new URL(databaseUrl).pathname.slice(1)}`;

/**
 * Resolves once every entry queued in the stream before this call has been written; rejects after
 * `timeoutMs` (no follower running, or Postgres unreachable).
 */
export async function ledgerCaughtUp(redis: Redis, stream: string, timeoutMs = 5_000): Promise<void> {
  const newest = await redis.xrevrange(stream, '+', '-', 'COUNT', 1);
  const target = newest[0]?.[0];
  if (!target) return;
  const deadline = Date.now() + timeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 20)) {
    if ((await redis.xrange(stream, '-', target, 'COUNT', 1)).length === 0) return;
    if (Date.now() >= deadline) {
      // Written meanwhile (the follower removes what it has written): caught up after all.
      const behind = await redis.xlen(stream);
      if (behind === 0) return;
      throw new Error(`the usage ledger is behind by ${behind} units`);
    }
    await sleep(delay);
  }
}

export interface LedgerFollowerOptions {
  pool: Pool;
  redis: Redis;
  /** The stream's key (one per billing database). */
  stream: string;
  logger: Logger;
  /** The events a counted unit publishes (written to the outbox with its ledger row). */
  eventsOf: (entry: Extract<LedgerEntry, { kind: 'count' }>) => OutgoingEvent[];
  maxBatch?: number;
  gatherMs?: number;
  wakeEveryMs?: number;
  /** How long a follower that died keeps the others waiting. */
  leaseTtlMs?: number;
}

/**
 * Writes the ledger stream to Postgres: counted units as ledger rows with their events in the
 * outbox, given-back units as refunds, in the order they were counted. Metering answers as soon as
 * Redis has counted a unit and queued it here; this follower writes what has queued up since its
 * last write in one statement, and removes entries from the stream only once committed. Writes are
 * idempotent (a unit already in the ledger is skipped with its events, a refund applies to the
 * live row only), so entries read twice after a crash are harmless. While Postgres is unreachable
 * units stay queued in Redis and are written when it is back. One follower at a time (a Redis lease)
 * keeps the order across billing's pods.
 */
export function createLedgerFollower({ pool, redis, stream, logger, eventsOf, maxBatch = 256, gatherMs = GATHER_MS, wakeEveryMs = RELAY_WAKE_MS, leaseTtlMs = 5_000 }: LedgerFollowerOptions) {
  const log = logger.child({ component: 'ledger-follower', stream });
  let reader: Redis | undefined;
  let following: Promise<void> | undefined;
  let stopping = false;
  let lastWake = -Infinity;
  let wakeTimer: NodeJS.Timeout | undefined;

  /** Wakes the relay for events committed without waking it, `wakeEveryMs` after the last wake-up. */
  function wakeLater(): void {
    if (wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      lastWake = performance.now();
      // Should this fail, the relay's own polling finds the events.
      ledger.wakeRelay(pool).catch(() => undefined);
    }, Math.max(0, lastWake + wakeEveryMs - performance.now()));
    wakeTimer.unref();
  }

  function outboxRows(entry: Extract<LedgerEntry, { kind: 'count' }>, position: number): LedgerEvent[] {
    try {
      return eventsOf(entry).map(({ key, envelope }) => {
        const parsed = parseEvent(envelope);
        const type = eventKey(parsed.type, parsed.version);
        if (!isKnownEvent(type)) throw new Error(`unknown event type ${type}`);
        return { unit: position, id: parsed.id, topic: topicOf(type), messageKey: key, type, envelope: JSON.stringify(envelope), at: entry.unit.at };
      });
    } catch (err) {
      // The unit itself still counts; only its events are missing.
      log.error({ err, unit: entry.unit }, 'the events of a counted unit could not be built');
      return [];
    }
  }

  /** Writes one run of entries (distinct units). */
  async function write(batch: LedgerEntry[]): Promise<void> {
    const counted = batch.filter((e) => e.kind === 'count');
    const refunds = batch.filter((e) => e.kind === 'refund');
    if (counted.length > 0) {
      const events = counted.flatMap((entry, i) => outboxRows(entry, i));
      const wake = events.length > 0 && performance.now() - lastWake >= wakeEveryMs;
      if (wake) lastWake = performance.now();
      const recorded = await ledger.recordMany(
        pool,
        counted.map((e) => e.unit),
        events,
        wake,
      );
      if (wake) {
        // This commit's notification covers the events of the batches before it as well.
        clearTimeout(wakeTimer);
        wakeTimer = undefined;
      } else if (recorded.size > 0) wakeLater();
    }
    if (refunds.length > 0) await ledger.refundMany(pool, refunds.map((e) => ({ ...e.unit, at: e.at })));
  }

  /** Moves one entry to the dead letters with its error: it is kept, never retried for ever, never lost. */
  async function setAside(id: string, fields: string[], error: string): Promise<void> {
    await redis.xadd(deadLettersOf(stream), '*', ...fields, 'entry', id, 'error', error, 'setAsideAt', String(Date.now()));
    log.error({ id, error }, 'a usage ledger entry could not be written and was set aside in the dead letters');
  }

  /**
   * Writes a run of entries. Should Postgres refuse the run for its data, each entry is written alone
   * and the ones refused are set aside, so the entries behind them are not held up.
   */
  async function writeOrSetAside(batch: LedgerEntry[], fieldsById: Map<string, string[]>): Promise<void> {
    try {
      await write(batch);
    } catch (err) {
      if (!isDataError(err) || batch.length === 0) throw err;
      for (const entry of batch) {
        try {
          await write([entry]);
        } catch (entryErr) {
          if (!isDataError(entryErr)) throw entryErr;
          await setAside(entry.id, fieldsById.get(entry.id) ?? [], (entryErr as Error).message);
        }
      }
    }
  }

  async function follow(source: Redis): Promise<void> {
    // Entries are removed once written, so whatever the stream holds is still to be written.
    let after = '0-0';
    while (!stopping) {
      let reply: [string, [string, string[]][]][] | null;
      try {
        reply = (await source.xread('COUNT', maxBatch, 'BLOCK', BLOCK_MS, 'STREAMS', stream, after)) as typeof reply;
      } catch (err) {
        if (stopping) return;
        log.warn({ err }, 'the ledger stream could not be read');
        await sleep(RETRY_MS);
        continue;
      }
      const read = reply?.[0]?.[1] ?? [];
      if (read.length === 0) continue;
      const entries: LedgerEntry[] = [];
      const fieldsById = new Map(read);
      const malformed: string[] = [];
      for (const [id, fields] of read) {
        const entry = parseEntry(id, fields);
        if (entry) entries.push(entry);
        else malformed.push(id);
      }
      try {
        for (const batch of batchesOf(entries, maxBatch)) {
          await writeOrSetAside(batch, fieldsById);
          await redis.xdel(stream, ...batch.map((e) => e.id));
        }
        for (const id of malformed) await setAside(id, fieldsById.get(id) ?? [], 'malformed entry');
        if (malformed.length > 0) await redis.xdel(stream, ...malformed);
        after = read.at(-1)![0];
        if (read.length < maxBatch) await sleep(gatherMs);
      } catch (err) {
        // Nothing is lost: what was not written is still in the stream and is read again.
        log.error({ err }, 'usage units could not be written to the ledger; retrying');
        after = '0-0';
        await sleep(RETRY_MS);
      }
    }
  }

  async function stopFollowing(): Promise<void> {
    stopping = true;
    // A blocked read ends at once when its connection closes.
    reader?.disconnect();
    await following;
    reader = undefined;
    following = undefined;
  }

  const lease = createLease({
    redis,
    key: `${stream}:follower`,
    logger,
    ttlMs: leaseTtlMs,
    onAcquired: () => {
      stopping = false;
      // Blocking reads hold their connection, so they get one of their own.
      reader = blockingConnection(redis);
      following = follow(reader);
    },
    onLost: stopFollowing,
  });

  return {
    start: () => lease.start(),
    stop: () => lease.stop(),
    isFollowing: () => lease.isHeld(),

    /** Units queued and not yet written. */
    backlog: () => redis.xlen(stream),

    /** The backlog, the age of its oldest unit (0 when empty) and the entries set aside, for metrics and alerts. */
    async state(now = Date.now()): Promise<{ backlog: number; oldestAgeMs: number; deadLetters: number }> {
      const [backlog, oldest, deadLetters] = await Promise.all([redis.xlen(stream), redis.xrange(stream, '-', '+', 'COUNT', 1), redis.xlen(deadLettersOf(stream))]);
      const oldestId = oldest[0]?.[0];
      return { backlog, oldestAgeMs: oldestId ? Math.max(0, now - queuedAt(oldestId)) : 0, deadLetters };
    },
  };
}

export type LedgerFollower = ReturnType<typeof createLedgerFollower>;
