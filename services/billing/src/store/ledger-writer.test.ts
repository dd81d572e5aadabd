import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newEvent, systemClock, type OutgoingEvent, type Pool } from '@kicksight/platform';
import { createLedgerWriter } from './ledger-writer.ts';
import type { LedgerUnit } from './ledger.ts';

/** A pool whose statements stay open until the test answers them (with the recorded positions, 1-based, or an error). */
function fakePool() {
  const calls: { values: unknown[][]; answer: (recorded: number[] | Error) => void }[] = [];
  const wakes: number[] = [];
  const pool = {
    query: (config: string | { values: unknown[][] }) => {
      if (typeof config === 'string') {
        wakes.push(performance.now());
        return Promise.resolve({ rows: [] });
      }
      return new Promise((resolve, reject) => {
        calls.push({ values: config.values, answer: (recorded) => (recorded instanceof Error ? reject(recorded) : resolve({ rows: [{ recorded }] })) });
      });
    },
  };
  return { pool: pool as unknown as Pool, calls, wakes };
}

const userId = randomUUID();
const unit = (key: string): LedgerUnit => ({ userId, action: 'search', period: 'p1', key, plan: 'premium', at: new Date() });
const recordedEvent = (used: number): OutgoingEvent => ({ key: userId, envelope: newEvent('usage.recorded@1', { userId, action: 'search', used, limit: null }, { clock: systemClock }) });
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the ledger writer (group commit)', () => {
  it('writes the units of one turn in one statement and answers each once it has committed', async () => {
    const { pool, calls } = fakePool();
    const writer = createLedgerWriter({ pool });
    const threshold: OutgoingEvent = { key: userId, envelope: newEvent('usage.threshold@1', { userId, action: 'search', used: 2, limit: 10, level: 80 }, { clock: systemClock }) };
    const a = writer.record(unit('a'), [recordedEvent(1)]);
    const b = writer.record(unit('b'), [recordedEvent(2), threshold]);
    let answered = false;
    void Promise.all([a, b]).then(() => (answered = true));
    await turn();
    expect(calls).toHaveLength(1);
    const [, , , keys, , , eventUnits, , , , types] = calls[0]!.values;
    expect(keys).toEqual(['a', 'b']);
    expect(eventUnits).toEqual([1, 2, 2]);
    expect(types).toEqual(['usage.recorded@1', 'usage.recorded@1', 'usage.threshold@1']);
    await turn();
    expect(answered).toBe(false);
    calls[0]!.answer([2]);
    expect(await Promise.all([a, b])).toEqual([false, true]);
  });

  it('sends units that arrive during a write together in the next statement', async () => {
    const { pool, calls } = fakePool();
    const writer = createLedgerWriter({ pool });
    const first = writer.record(unit('a'), [recordedEvent(1)]);
    await turn();
    const later = [writer.record(unit('b'), [recordedEvent(2)]), writer.record(unit('c'), [recordedEvent(3)])];
    await turn();
    expect(calls).toHaveLength(1);
    calls[0]!.answer([1]);
    expect(await first).toBe(true);
    await turn();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.values[3]).toEqual(['b', 'c']);
    calls[1]!.answer([1, 2]);
    expect(await Promise.all(later)).toEqual([true, true]);
  });

  it('rejects every unit of a failed statement, and carries on with the next', async () => {
    const { pool, calls } = fakePool();
    const writer = createLedgerWriter({ pool });
    const failed = [writer.record(unit('a'), [recordedEvent(1)]), writer.record(unit('b'), [recordedEvent(2)])].map((p) => p.catch((err: Error) => err.message));
    await turn();
    const next = writer.record(unit('c'), [recordedEvent(3)]);
    calls[0]!.answer(new Error('connection lost'));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    await turn();
    calls[1]!.answer([1]);
    expect(await next).toBe(true);
  });

  it('writes the same unit twice in two statements, in order, and lets a refund wait for it', async () => {
    const { pool, calls } = fakePool();
    const writer = createLedgerWriter({ pool });
    const first = writer.record(unit('a'), [recordedEvent(1)]);
    const again = writer.record(unit('a'), [recordedEvent(1)]);
    let settled = false;
    void writer.settled(unit('a')).then(() => (settled = true));
    let idle = false;
    void writer.idle().then(() => (idle = true));
    await turn();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.values[3]).toEqual(['a']);
    calls[0]!.answer([1]);
    expect(await first).toBe(true);
    await turn();
    expect(calls).toHaveLength(2);
    expect([settled, idle]).toEqual([false, false]);
    calls[1]!.answer([]);
    expect(await again).toBe(false);
    await turn();
    expect([settled, idle]).toEqual([true, true]);
  });

  it('wakes the outbox relay with the first commit, then at most once per interval', async () => {
    const { pool, calls, wakes } = fakePool();
    const writer = createLedgerWriter({ pool, wakeEveryMs: 200 });
    const first = writer.record(unit('a'), [recordedEvent(1)]);
    await turn();
    calls[0]!.answer([1]);
    await first;
    const second = writer.record(unit('b'), [recordedEvent(2)]);
    await turn();
    calls[1]!.answer([1]);
    await second;
    // The first statement notifies as it commits; the second does not, and a wake-up follows it.
    expect(calls.map((c) => c.values[13])).toEqual([true, false]);
    expect(wakes).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(wakes).toHaveLength(1);
  });

  it('refuses an invalid event without holding up the others', async () => {
    const { pool, calls } = fakePool();
    const writer = createLedgerWriter({ pool });
    const bad: OutgoingEvent = { key: userId, envelope: { ...recordedEvent(1).envelope, type: 'usage.unknown' } };
    const refused = writer.record(unit('a'), [bad]).catch((err: Error) => err.name);
    const good = writer.record(unit('b'), [recordedEvent(1)]);
    await turn();
    expect(calls[0]!.values[3]).toEqual(['b']);
    calls[0]!.answer([1]);
    expect(await refused).toBe('EventValidationError');
    expect(await good).toBe(true);
  });
});
