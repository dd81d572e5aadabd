import { EventValidationError, eventKey, isKnownEvent, parseEvent, topicOf } from '@kicksight/contracts';
import type { OutgoingEvent, Pool } from '@kicksight/platform';
import { ledger, type LedgerEvent, type LedgerUnit } from './ledger.ts';

interface Pending {
  id: string;
  unit: LedgerUnit;
  events: OutgoingEvent[];
  resolve: (recorded: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * The outbox relay is woken at most this often by metering's commits. Each wake-up costs the relay a
 * round of queries and a Kafka request; under steady traffic one per commit would keep it publishing
 * a few events at a time, competing with the requests for the same CPUs and WAL flushes. Events still
 * leave within about this long of their commit (the relay's own polling remains the fallback).
 */
export const RELAY_WAKE_MS = 50;

const unitId = (u: { userId: string; action: string; period: string; key: string }) => JSON.stringify([u.userId, u.action, u.period, u.key]);

/**
 * Group commit for the usage ledger. Each counted unit is written with its events, and its caller
 * answered, only once the statement holding it has committed; but units counted at the same time
 * share that statement, so a busy service pays for one commit (one WAL flush) per batch instead of
 * one per unit. Batches form by themselves, with no waiting window: a unit arriving while nothing is
 * being written goes out at once (with the units counted in the same callback); units arriving while
 * a batch is being written go out together right after it. One batch is written at a time, on one
 * pooled connection, in the order units were counted.
 */
export function createLedgerWriter({ pool, maxBatch = 256, wakeEveryMs = RELAY_WAKE_MS }: { pool: Pool; maxBatch?: number; wakeEveryMs?: number }) {
  let queue: Pending[] = [];
  let writing = false;
  /** Units queued or being written, by unit: what refunds and reseeding wait for. */
  const inFlight = new Map<string, Promise<unknown>>();
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

  function take(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const ids = new Set<string>();
    for (const item of queue) {
      // The same unit twice (counted, refunded, counted again) goes out in a later batch.
      if (batch.length >= maxBatch || ids.has(item.id)) rest.push(item);
      else {
        ids.add(item.id);
        batch.push(item);
      }
    }
    queue = rest;
    return batch;
  }

  async function write(batch: Pending[]): Promise<void> {
    const events: LedgerEvent[] = [];
    const units: LedgerUnit[] = [];
    const valid: Pending[] = [];
    for (const item of batch) {
      try {
        const rows = item.events.map(({ key, envelope }) => {
          const parsed = parseEvent(envelope);
          const type = eventKey(parsed.type, parsed.version);
          if (!isKnownEvent(type)) throw new EventValidationError(`unknown event type ${type}`);
          return { id: parsed.id, topic: topicOf(type), messageKey: key, type, envelope: JSON.stringify(envelope), at: item.unit.at };
        });
        for (const row of rows) events.push({ unit: units.length, ...row });
        units.push(item.unit);
        valid.push(item);
      } catch (err) {
        item.reject(err);
      }
    }
    if (valid.length === 0) return;
    try {
      const wake = performance.now() - lastWake >= wakeEveryMs;
      if (wake) lastWake = performance.now();
      const recorded = await ledger.recordMany(pool, units, events, wake);
      if (wake) {
        // This commit's notification covers the events of the batches before it as well.
        clearTimeout(wakeTimer);
        wakeTimer = undefined;
      } else if (recorded.size > 0) wakeLater();
      valid.forEach((item, i) => item.resolve(recorded.has(i)));
    } catch (err) {
      for (const item of valid) item.reject(err);
    }
  }

  async function run(): Promise<void> {
    writing = true;
    try {
      // Lets the units counted in the same callback (replies read together from Redis) join the first batch.
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      while (queue.length > 0) await write(take());
    } finally {
      writing = false;
    }
  }

  return {
    /**
     * Writes a unit and its events once; resolves when committed: true when written, false when
     * the ledger already held the unit (its events then not written). Rejects when the batch failed,
     * and then nothing of the unit was written.
     */
    record(unit: LedgerUnit, events: OutgoingEvent[]): Promise<boolean> {
      const id = unitId(unit);
      const done = new Promise<boolean>((resolve, reject) => {
        queue.push({ id, unit, events, resolve, reject });
      });
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      inFlight.set(id, settled);
      void settled.then(() => {
        if (inFlight.get(id) === settled) inFlight.delete(id);
      });
      if (!writing) void run();
      return done;
    },

    /** Resolves once no write of this unit is queued or under way (whether it succeeded or not). */
    async settled(unit: { userId: string; action: string; period: string; key: string }): Promise<void> {
      await inFlight.get(unitId(unit));
    },

    /** Resolves once every unit queued so far has been written or has failed. */
    async idle(): Promise<void> {
      await Promise.all(inFlight.values());
    },
  };
}

export type LedgerWriter = ReturnType<typeof createLedgerWriter>;
