import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createEventProducer, createPgPool, newEvent, systemClock, type EventProducer, type OutgoingEvent, type Pool } from '@kicksight/platform';
import { createTestDatabase, createTestTopics, freePort, testKafka, waitFor } from '@kicksight/testkit';
import { MARKET_CONSUMER } from '../../src/domain/market-updates.ts';
import { SERVICE_TOKEN } from './collection-stack.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const SNEAKERS = 20;
const SIZES = [8, 9, 10, 11, 12];
const SEQS = 10;
const priceAt = (sneaker: number, size: number, seq: number) => 10_000 + sneaker * 1_000 + size * 100 + seq;

let env: Record<string, string>;
let pool: Pool;
let producer: EventProducer;
const undo: (() => Promise<unknown>)[] = [];
const running = new Set<ChildProcess>();

beforeAll(async () => {
  const stack = inject('stack');
  const kafka = testKafka(stack.kafkaBrokers);
  const topics = await createTestTopics(kafka, 'collection_burst');
  undo.push(topics.drop);
  const db = await createTestDatabase(stack.postgres, 'collection_burst');
  undo.push(db.drop);
  pool = createPgPool(db.url, { max: 2 });
  undo.push(() => pool.end());
  producer = createEventProducer(kafka, { prefix: topics.prefix });
  await producer.connect();
  undo.push(() => producer.disconnect());
  env = {
    PATH: process.env.PATH ?? '',
    NODE_OPTIONS: '--disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning',
    LOG_LEVEL: 'info',
    SERVICE_TOKEN,
    DATABASE_URL: db.url,
    REDIS_URL: stack.redis,
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: topics.prefix,
    JOBS_INTERVAL_MS: '0',
    // A killed consumer's partitions go to the next one after this long.
    CONSUMER_SESSION_MS: '6000',
  };
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const step of undo.reverse()) await step().catch(() => {});
});

/** Starts the service as its own process (node src/main.ts); resolves once its consumer has joined. */
async function startProcess(): Promise<ChildProcess> {
  const [port, internalPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [MAIN], { env: { ...env, PORT: String(port), INTERNAL_PORT: String(internalPort) }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitFor(() => output.join('').includes('collection is listening') || (child.exitCode !== null && Promise.reject(new Error(output.join('')))), {
    timeoutMs: 60_000,
    intervalMs: 100,
    message: 'the collection process to start',
  });
  return child;
}

const appliedCount = async () => (await pool.query<{ n: number }>('SELECT count(*)::integer AS n FROM processed_event WHERE consumer = $1', [MARKET_CONSUMER])).rows[0]!.n;

/** Every price.changed of the burst: each sneaker's sizes move through seq 1 to 10. */
function burst(sneakerIds: string[]): OutgoingEvent[] {
  const events: OutgoingEvent[] = [];
  for (let seq = 1; seq <= SEQS; seq++) {
    sneakerIds.forEach((sneakerId, s) => {
      for (const size of SIZES) {
        const envelope = newEvent('price.changed@1', { sneakerId, size, price: priceAt(s, size, seq), previous: seq === 1 ? null : priceAt(s, size, seq - 1), seq }, { clock: systemClock });
        events.push({ key: sneakerId, envelope });
      }
    });
  }
  return events;
}

async function publish(events: OutgoingEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 100) await producer.send(events.slice(i, i + 100));
}

describe('a burst of price.changed events', () => {
  it('applies all 1,000 with nothing lost when the service is killed in the middle and started again', async () => {
    const sneakerIds = Array.from({ length: SNEAKERS }, () => randomBytes(12).toString('hex'));
    const events = burst(sneakerIds);
    expect(events).toHaveLength(1_000);

    const first = await startProcess();
    await publish(events.slice(0, 500));
    await waitFor(async () => (await appliedCount()) >= 50, { timeoutMs: 30_000, message: 'the first price changes applied' });
    // Killed, not stopped: whatever it applied but had not committed to Kafka is delivered again.
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const appliedAtKill = await appliedCount();
    await publish(events.slice(500));
    expect(appliedAtKill).toBeGreaterThan(0);
    expect(appliedAtKill).toBeLessThan(1_000);

    const second = await startProcess();
    await waitFor(async () => (await appliedCount()) === 1_000, { timeoutMs: 90_000, intervalMs: 200, message: 'all 1,000 price changes applied' });

    const { rows } = await pool.query<{ sneaker_id: string; size: number; price: number; seq: number }>('SELECT sneaker_id, size, price, seq FROM market_price ORDER BY sneaker_id, size');
    expect(rows).toHaveLength(SNEAKERS * SIZES.length);
    for (const row of rows) {
      expect(row.seq).toBe(SEQS);
      expect(row.price).toBe(priceAt(sneakerIds.indexOf(row.sneaker_id), row.size, SEQS));
    }
    const averages = await pool.query<{ sneaker_id: string; average_price: number; sizes: number }>('SELECT sneaker_id, average_price, sizes FROM sneaker_market');
    expect(averages.rows).toHaveLength(SNEAKERS);
    for (const row of averages.rows) {
      const s = sneakerIds.indexOf(row.sneaker_id);
      expect(row).toMatchObject({ sizes: SIZES.length, average_price: Math.round(SIZES.reduce((sum, size) => sum + priceAt(s, size, SEQS), 0) / SIZES.length) });
    }
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
  }, 180_000);
});
