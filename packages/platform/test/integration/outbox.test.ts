import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Admin } from 'kafkajs';
import { Topic } from '@kicksight/contracts';
import { createKafkaFaultProxy, createTestDatabase, createTestTopics, readTopic, testKafka, testLogger, waitFor, type Proxy } from '@kicksight/testkit';
import {
  applyOnce,
  createEventConsumer,
  createEventProducer,
  createMetrics,
  createOutboxRelay,
  createPgPool,
  enqueueEvents,
  migrate,
  newEvent,
  systemClock,
  topicName,
  withTransaction,
  type EventConsumer,
  type EventProducer,
  type Metrics,
  type Pool,
} from '../../src/index.ts';

const stack = inject('stack');
const logger = testLogger();
const kafka = testKafka(stack.kafkaBrokers);
const EVENTS = 1_000;

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function database(label: string): Promise<{ db: Db; pool: Pool }> {
  const db = await createTestDatabase(stack.postgres, label);
  await migrate(db.url, undefined, logger);
  const pool = createPgPool(db.url, { max: 12 });
  cleanups.push(() => db.drop(), () => pool.end());
  return { db, pool };
}

/** A business change and its event, committed together. */
async function placeOrder(pool: Pool, n: number): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('INSERT INTO orders (n) VALUES ($1)', [n]);
    await enqueueEvents(client, [{ key: `user-${n % 17}`, envelope: newEvent('user.active@1', { userId: `user-${n}`, day: '2026-11-22' }, { clock: systemClock }) }]);
  });
}

async function placeOrders(pool: Pool, count: number): Promise<void> {
  await pool.query('CREATE TABLE IF NOT EXISTS orders (n int PRIMARY KEY)');
  const queue = Array.from({ length: count }, (_, i) => i);
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) await placeOrder(pool, n);
  }));
}

async function connectedProducer(brokers: string[], prefix: string): Promise<EventProducer> {
  const producer = createEventProducer(testKafka(brokers, 'relay'), { prefix });
  await producer.connect();
  cleanups.push(() => producer.disconnect());
  return producer;
}

/** One series of a gauge as the app's /metrics would show it. */
async function scrapedSeries(metrics: Metrics, name: string, labels: Record<string, string> = {}) {
  const { values } = await metrics.registry.getSingleMetric(name)!.get();
  return values.filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value)).map((v) => ({ labels: v.labels as Record<string, string>, value: v.value }));
}

async function scraped(metrics: Metrics, name: string): Promise<number> {
  const [series] = await scrapedSeries(metrics, name);
  if (!series) throw new Error(`no ${name} in /metrics`);
  return series.value;
}

describe('transactional outbox', () => {
  let proxy: Proxy;
  let admin: Admin;
  // The registry of an app of this process, as its /metrics serves it.
  const metrics = createMetrics('outbox-test');

  beforeAll(async () => {
    proxy = await createKafkaFaultProxy(stack);
    cleanups.push(() => proxy.remove());
    admin = kafka.admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());
  });

  it('delivers every event exactly once in effect when the broker is cut while they are written', async () => {
    const { prefix, drop } = await createTestTopics(kafka, 'outbox_fault', 3);
    cleanups.push(drop);
    const producerSide = await database('outbox_producer');
    const consumerSide = await database('outbox_consumer');
    await consumerSide.pool.query('CREATE TABLE effect (event_id uuid NOT NULL, user_id text NOT NULL)');

    let deliveries = 0;
    const apply = applyOnce(consumerSide.pool, 'orders-projection', async (client, event) => {
      await client.query('INSERT INTO effect (event_id, user_id) VALUES ($1, $2)', [event.id, (event.data as { userId: string }).userId]);
    });
    const consumer: EventConsumer = createEventConsumer({
      kafka,
      groupId: `${prefix}-projection`,
      topics: [Topic.user],
      prefix,
      logger,
      sessionTimeoutMs: 10_000,
      handle: async (event) => {
        deliveries += 1;
        await apply(event);
      },
    });
    await consumer.start();
    cleanups.push(() => consumer.stop());

    // The relay reaches Kafka only through the proxy, which is cut before any event is written.
    const producer = await connectedProducer([stack.kafkaFaultBroker], prefix);
    const relay = createOutboxRelay({ pool: producerSide.pool, producer, logger, name: prefix, pollMs: 200, maxBackoffMs: 1_000 });
    await proxy.disable();
    relay.start();
    cleanups.push(() => relay.stop());

    await placeOrders(producerSide.pool, EVENTS);
    await waitFor(
      async () => (await producerSide.pool.query(`SELECT 1 FROM outbox WHERE attempts > 0 AND last_error IS NOT NULL LIMIT 1`)).rowCount === 1,
      { timeoutMs: 30_000, message: 'a failed publishing attempt' },
    );
    const whileCut = await consumerSide.pool.query('SELECT count(*)::int AS n FROM effect');
    expect(whileCut.rows[0].n).toBe(0);
    const pending = await producerSide.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'`);
    expect(pending.rows[0].n).toBe(EVENTS);
    // /metrics shows the backlog, and its oldest row ageing, while Kafka is away.
    const ageBefore = await scraped(metrics, 'outbox_oldest_pending_age_seconds');
    expect(await scraped(metrics, 'outbox_pending_rows')).toBe(EVENTS);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await scraped(metrics, 'outbox_oldest_pending_age_seconds')).toBeGreaterThan(ageBefore + 1);

    await proxy.enable();
    await waitFor(async () => (await consumerSide.pool.query('SELECT count(*)::int AS n FROM effect')).rows[0].n >= EVENTS, {
      timeoutMs: 90_000,
      intervalMs: 250,
      message: `${EVENTS} effects`,
    });

    // Redelivery: the same events arrive again (as after a relay retry or a consumer restart).
    const { rows: sent } = await producerSide.pool.query('SELECT message_key, envelope FROM outbox ORDER BY seq LIMIT 100');
    const direct = await connectedProducer(stack.kafkaBrokers, prefix);
    const deliveredBefore = deliveries;
    await direct.send(sent.map((r) => ({ key: r.message_key, envelope: r.envelope })));
    await waitFor(() => deliveries >= deliveredBefore + 100, { timeoutMs: 30_000, message: 'the redelivered events' });

    const effects = await consumerSide.pool.query('SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_events FROM effect');
    expect(effects.rows[0]).toEqual({ total: EVENTS, distinct_events: EVENTS });
    const outbox = await producerSide.pool.query(`SELECT status, count(*)::int AS n FROM outbox GROUP BY status`);
    expect(outbox.rows).toEqual([{ status: 'published', n: EVENTS }]);
    // Kafka back and the backlog sent: nothing pending, no age.
    expect(await scraped(metrics, 'outbox_pending_rows')).toBe(0);
    expect(await scraped(metrics, 'outbox_oldest_pending_age_seconds')).toBe(0);

    // A consumer group that has read everything lags by nothing; one stuck on its first message lags by the whole log.
    const caughtUp = await scrapedSeries(metrics, 'kafka_consumer_lag', { group: `${prefix}-projection` });
    expect(caughtUp.map((s) => s.labels.partition).sort()).toEqual(['0', '1', '2']);
    expect(caughtUp.every((s) => s.value === 0)).toBe(true);
    let release: () => void = () => {};
    let released = false;
    const stuck = createEventConsumer({
      kafka,
      groupId: `${prefix}-stuck`,
      topics: [Topic.user],
      prefix,
      logger,
      sessionTimeoutMs: 10_000,
      handle: () => (released ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve))),
    });
    await stuck.start();
    cleanups.push(async () => {
      released = true;
      release();
      await stuck.stop();
    });
    const lagging = await waitFor(
      async () => {
        const series = await scrapedSeries(metrics, 'kafka_consumer_lag', { group: `${prefix}-stuck` });
        return series.length === 3 ? series : undefined;
      },
      { timeoutMs: 15_000, message: "the stuck group's lag" },
    );
    expect(lagging.reduce((sum, s) => sum + s.value, 0)).toBe(EVENTS + 100);
  });

  it('publishes each event once when two relays run at once', async () => {
    const { prefix, drop } = await createTestTopics(kafka, 'outbox_two', 3);
    cleanups.push(drop);
    const { pool } = await database('outbox_two_relays');
    const relays = await Promise.all(
      ['a', 'b'].map(async () => {
        const producer = await connectedProducer(stack.kafkaBrokers, prefix);
        return createOutboxRelay({ pool, producer, logger, name: prefix, pollMs: 100 });
      }),
    );
    relays.forEach((relay) => {
      relay.start();
      cleanups.push(() => relay.stop());
    });
    await placeOrders(pool, EVENTS);
    await waitFor(async () => (await pool.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'published'`)).rows[0].n === EVENTS, {
      timeoutMs: 60_000,
      message: 'every outbox row published',
    });
    expect(relays.filter((relay) => relay.isLeader())).toHaveLength(1);

    const topic = topicName(prefix, Topic.user);
    const offsets = await admin.fetchTopicOffsets(topic);
    const total = offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
    expect(total).toBe(EVENTS);
    const messages = await readTopic(kafka, topic, { until: (m) => m.length >= EVENTS });
    expect(new Set(messages.map((m) => JSON.parse(m.value).id)).size).toBe(EVENTS);
  });

  it('marks a row that can never be published as failed and goes on with the rest', async () => {
    const { prefix, drop } = await createTestTopics(kafka, 'outbox_poison', 1);
    cleanups.push(drop);
    const { pool } = await database('outbox_poison');
    await placeOrders(pool, 3);
    await pool.query(`UPDATE outbox SET envelope = jsonb_set(envelope, '{data,userId}', '42') WHERE seq = (SELECT min(seq) FROM outbox)`);
    const producer = await connectedProducer(stack.kafkaBrokers, prefix);
    const relay = createOutboxRelay({ pool, producer, logger, name: prefix, pollMs: 100 });
    relay.start();
    cleanups.push(() => relay.stop());
    await waitFor(async () => (await pool.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'`)).rows[0].n === 0, { message: 'the outbox drained' });
    const { rows } = await pool.query(`SELECT status, count(*)::int AS n FROM outbox GROUP BY status ORDER BY status`);
    expect(rows).toEqual([
      { status: 'failed', n: 1 },
      { status: 'published', n: 2 },
    ]);
  });
});
