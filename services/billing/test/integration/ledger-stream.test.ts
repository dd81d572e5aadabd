import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_TOKEN_HEADER, createPgPool, createRedis, type Redis } from '@kicksight/platform';
import { proxyInFront, waitFor } from '@kicksight/testkit';
import { ledgerEvents } from '../../src/domain/metering.ts';
import { createCounters } from '../../src/store/counters.ts';
import type { LedgerUnit } from '../../src/store/ledger.ts';
import { createLedgerFollower, deadLettersOf, ledgerCaughtUp, ledgerStreamOf, type LedgerFollower } from '../../src/store/ledger-stream.ts';
import { createBillingWorkers } from '../../src/workers.ts';
import { newUserId, startBilling, type BillingApp } from './billing-app.ts';

// Followers of streams of their own (not the app's), writing to the app's database.
let billing: BillingApp;
let redis: Redis;
const followers: LedgerFollower[] = [];

beforeAll(async () => {
  billing = await startBilling();
  redis = createRedis(inject('stack').redis);
});
afterAll(async () => {
  await Promise.all(followers.map((f) => f.stop()));
  await redis?.quit();
  await billing?.close();
});

function setUp() {
  const stream = `billing:usage-ledger:test-${randomUUID()}`;
  const follower = (pool = billing.infra.pool!) => {
    const made = createLedgerFollower({ pool, redis, stream, logger: billing.infra.logger, eventsOf: ledgerEvents, leaseTtlMs: 1_500 });
    followers.push(made);
    return made;
  };
  return { stream, counters: createCounters(redis, { ledgerStream: stream }), follower };
}

const unitOf = (userId: string, key: string): LedgerUnit => ({ userId, action: 'search', period: 'p-test', key, plan: 'unlimited', at: new Date() });
/** Counts units on a counter seeded at 0 (unlimited), as metering does. */
async function count(counters: ReturnType<typeof createCounters>, units: LedgerUnit[]) {
  await counters.seed(units[0]!.userId, 'search', 'p-test', [], 600);
  for (const unit of units) expect(await counters.consume(unit, null, 600)).toMatchObject({ state: 'allowed', counted: true });
}
const ledgerKeys = async (userId: string) =>
  (await billing.infra.pool!.query(`SELECT usage_key FROM usage_ledger WHERE user_id = $1 AND refunded_at IS NULL ORDER BY usage_key`, [userId])).rows.map((r) => r.usage_key as string);
const recordedEvents = async (userId: string) =>
  (await billing.infra.pool!.query(`SELECT (envelope->'data'->>'used')::int AS used FROM outbox WHERE type = 'usage.recorded@1' AND message_key = $1 ORDER BY seq`, [userId])).rows.map((r) => r.used as number);

describe('the ledger follower', () => {
  it('writes counted units with their events and empties the stream', async () => {
    const { stream, counters, follower } = setUp();
    const userId = newUserId();
    await count(counters, ['a', 'b', 'c'].map((k) => unitOf(userId, k)));
    expect(await redis.xlen(stream)).toBe(3);
    follower().start();
    await ledgerCaughtUp(redis, stream);
    expect(await ledgerKeys(userId)).toEqual(['a', 'b', 'c']);
    expect(await recordedEvents(userId)).toEqual([1, 2, 3]);
    expect(await redis.xlen(stream)).toBe(0);
  });

  it('writes an entry read twice once (a follower that stopped between its commit and the removal)', async () => {
    const { stream, counters, follower } = setUp();
    const userId = newUserId();
    await count(counters, [unitOf(userId, 'a'), unitOf(userId, 'b')]);
    const queued = await redis.xrange(stream, '-', '+');
    const running = follower();
    running.start();
    await ledgerCaughtUp(redis, stream);
    // The same entries once more, as a new follower would find them had they not been removed.
    for (const [, fields] of queued) await redis.xadd(stream, '*', ...fields);
    await ledgerCaughtUp(redis, stream);
    expect(await ledgerKeys(userId)).toEqual(['a', 'b']);
    expect(await recordedEvents(userId)).toEqual([1, 2]);
  });

  it('keeps units queued while Postgres is unreachable, and writes them once it is back', async () => {
    const unreachable = createPgPool('postgres://billing:billing@127.0.0.1:1/billing', { max: 1 });
    const { stream, counters, follower } = setUp();
    const userId = newUserId();
    const failing = follower(unreachable);
    failing.start();
    await waitFor(async () => failing.isFollowing(), { message: 'the follower took its lease' });
    await count(counters, [unitOf(userId, 'a'), unitOf(userId, 'b')]);
    await expect(ledgerCaughtUp(redis, stream, 1_000)).rejects.toThrow('behind by 2 units');
    expect(await ledgerKeys(userId)).toEqual([]);
    await failing.stop();
    await unreachable.end();
    follower().start();
    await ledgerCaughtUp(redis, stream, 10_000);
    expect(await ledgerKeys(userId)).toEqual(['a', 'b']);
  });

  it('takes its lease again and writes what queued meanwhile after Redis was away, however often it went', async () => {
    const { proxy, url } = await proxyInFront(inject('stack').toxiproxy, 'ledger-redis', inject('stack').redis);
    const throughProxy = createRedis(url);
    try {
      const stream = `billing:usage-ledger:test-${randomUUID()}`;
      const made = createLedgerFollower({ pool: billing.infra.pool!, redis: throughProxy, stream, logger: billing.infra.logger, eventsOf: ledgerEvents, leaseTtlMs: 1_500 });
      followers.push(made);
      made.start();
      const counters = createCounters(redis, { ledgerStream: stream });
      const userId = newUserId();
      await counters.seed(userId, 'search', 'p-test', [], 600);
      for (let cut = 0; cut < 3; cut++) {
        await waitFor(async () => made.isFollowing(), { message: `the follower holds its lease before cut ${cut + 1}`, timeoutMs: 5_000 });
        // Cut while a blocking read waits, at a different moment of the lease's renewal each time.
        await new Promise((resolve) => setTimeout(resolve, 150 + cut * 170));
        await proxy.disable();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(made.isFollowing(), `the lease given up during cut ${cut + 1}`).toBe(false);
        await proxy.enable();
      }
      const keys = ['a', 'b', 'c'];
      for (const key of keys) expect(await counters.consume(unitOf(userId, key), null, 600)).toMatchObject({ state: 'allowed', counted: true });
      await ledgerCaughtUp(redis, stream, 8_000);
      expect(await ledgerKeys(userId)).toEqual(keys);
    } finally {
      await proxy.enable();
      await proxy.remove();
      throughProxy.disconnect();
    }
  });

  it('has one follower at a time, and another takes over when it stops', async () => {
    const { stream, counters, follower } = setUp();
    const [first, second] = [follower(), follower()];
    first.start();
    second.start();
    await waitFor(async () => first.isFollowing() || second.isFollowing(), { message: 'a follower took the lease' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect([first.isFollowing(), second.isFollowing()].filter(Boolean)).toHaveLength(1);
    const [active, standby] = first.isFollowing() ? [first, second] : [second, first];
    await active.stop();
    await waitFor(async () => standby.isFollowing(), { message: 'the standby took over', timeoutMs: 5_000 });
    const userId = newUserId();
    await count(counters, [unitOf(userId, 'x')]);
    await ledgerCaughtUp(redis, stream);
    expect(await ledgerKeys(userId)).toEqual(['x']);
  });

  it('sets aside an entry Postgres refuses for its data, and writes the entries behind it', async () => {
    const { stream, counters, follower } = setUp();
    const userId = newUserId();
    await count(counters, [unitOf(userId, 'before')]);
    // A key holding a NUL byte: PostgreSQL refuses it as text ("invalid byte sequence for encoding UTF8: 0x00").
    const poison = await redis.xadd(stream, '*', 'op', 'c', 'u', userId, 'a', 'search', 'p', 'p-test', 'k', 'a\u0000b', 't', String(Date.now()), 'pl', 'unlimited', 'n', '2', 'l', '-1');
    const junk = await redis.xadd(stream, '*', 'op', 'c', 'u', userId);
    await count(counters, ['after-1', 'after-2'].map((k) => unitOf(userId, k)));
    const made = follower();
    expect(await made.state()).toMatchObject({ backlog: 5, deadLetters: 0 });
    expect((await made.state()).oldestAgeMs).toBeGreaterThanOrEqual(0);
    made.start();
    await ledgerCaughtUp(redis, stream);
    expect(await ledgerKeys(userId)).toEqual(['after-1', 'after-2', 'before']);
    const dead = await redis.xrange(deadLettersOf(stream), '-', '+');
    expect(dead.map(([, fields]) => fields[fields.indexOf('entry') + 1])).toEqual([poison, junk]);
    expect(dead[0]![1][dead[0]![1].indexOf('error') + 1]).toContain('invalid byte sequence');
    expect(dead[1]![1][dead[1]![1].indexOf('error') + 1]).toBe('malformed entry');
    expect(await made.state()).toEqual({ backlog: 0, oldestAgeMs: 0, deadLetters: 2 });
  });
});

describe('billing with its workers apart (RUN_WORKERS=false)', () => {
  it('meters without writing the ledger, which the worker then writes', async () => {
    const api = await startBilling({ RUN_WORKERS: 'false' });
    const workers = createBillingWorkers({ infra: api.infra, config: api.config });
    try {
      const userId = newUserId();
      for (const key of ['a', 'b']) await api.internal.post('/internal/usage/consume', { userId, role: 'member', action: 'search', key });
      await expect(ledgerCaughtUp(redis, ledgerStreamOf(api.config.DATABASE_URL), 500)).rejects.toThrow('behind by 2 units');
      await workers.start();
      await api.ledgerWritten();
      const { rows } = await api.infra.pool!.query(`SELECT usage_key FROM usage_ledger WHERE user_id = $1 ORDER BY usage_key`, [userId]);
      expect(rows.map((r) => r.usage_key)).toEqual(['a', 'b']);
      expect(await workers.status()).toEqual({ followingLedger: true, ledgerBacklog: 0 });
    } finally {
      await workers.stop();
      await api.close();
    }
  });
});

describe('a metered call while the ledger is behind', () => {
  it('answers 503 within a second when a counter must be rebuilt from a ledger that has not taken in its queue (a follower catching up after Redis came back)', async () => {
    const api = await startBilling({ RUN_WORKERS: 'false' });
    try {
      await api.internal.post('/internal/usage/consume', { userId: newUserId(), role: 'member', action: 'search', key: 'queued' });
      // A member without a counter: it is rebuilt from the ledger, which is behind by the unit above.
      const started = performance.now();
      const answer = await fetch(`${api.internalUrl}/internal/usage/consume`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: api.config.SERVICE_TOKEN },
        body: JSON.stringify({ userId: newUserId(), role: 'member', action: 'search', key: 'first' }),
      });
      const ms = performance.now() - started;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBeTruthy();
      expect(ms).toBeLessThan(1_000);
    } finally {
      await api.close();
    }
  });
});

describe("the ledger's metrics", () => {
  it('exports the backlog, the age of its oldest unit and the dead letters where the follower runs', async () => {
    await billing.ledgerWritten();
    const metrics = await (await fetch(`${billing.url}/metrics`)).text();
    expect(metrics).toMatch(/^billing_usage_ledger_backlog\{service="billing"\} 0$/m);
    expect(metrics).toMatch(/^billing_usage_ledger_oldest_age_seconds\{service="billing"\} 0$/m);
    expect(metrics).toMatch(/^billing_usage_ledger_dead_letters\{service="billing"\} 0$/m);
  });
});
