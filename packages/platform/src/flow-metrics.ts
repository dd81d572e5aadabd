import { Gauge, type Registry } from 'prom-client';
import type { Admin, Kafka } from 'kafkajs';
import type pg from 'pg';

/**
 * What a process has in flight between its parts: its consumers' lag, its outbox's backlog, its job queues.
 * Consumers, relays and queues announce themselves here as they start (and leave as they stop); every
 * registry of `createMetrics` reads them at each scrape, so each service's `/metrics` shows them with no
 * wiring of its own.
 */
interface LagSource {
  groupId: string;
  read(): Promise<{ topic: string; partition: number; lag: number }[]>;
}
interface QueueSource {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}

const lagSources = new Set<LagSource>();
const outboxSources = new Set<pg.Pool>();
const queueSources = new Set<QueueSource>();

/** Reports a consumer group's lag per partition (the log's end less the group's committed offset); returns the way to stop. */
export function watchConsumerLag(kafka: Kafka, groupId: string, topics: string[]): () => Promise<void> {
  let admin: Admin | undefined;
  const source: LagSource = {
    groupId,
    async read() {
      if (!admin) {
        const candidate = kafka.admin({ retry: { retries: 0 } });
        await candidate.connect();
        admin = candidate;
      }
      const [committed, ends] = await Promise.all([admin.fetchOffsets({ groupId, topics }), Promise.all(topics.map(async (topic) => ({ topic, offsets: await admin!.fetchTopicOffsets(topic) })))]);
      return ends.flatMap(({ topic, offsets }) =>
        offsets.map(({ partition, high, low }) => {
          const done = committed.find((t) => t.topic === topic)?.partitions.find((p) => p.partition === partition)?.offset ?? '-1';
          // A group that has committed nothing yet reads from the log's start.
          const from = Number(done) < 0 ? Number(low) : Number(done);
          return { topic, partition, lag: Math.max(0, Number(high) - from) };
        }),
      );
    },
  };
  lagSources.add(source);
  return async () => {
    lagSources.delete(source);
    await admin?.disconnect().catch(() => {});
    admin = undefined;
  };
}

/** Reports the pending rows of the outbox in this pool's database and the age of the oldest. */
export function watchOutbox(pool: pg.Pool): () => void {
  outboxSources.add(pool);
  return () => outboxSources.delete(pool);
}

/** Reports a BullMQ queue's jobs by state (waiting, active, delayed, failed). */
export function watchQueue(queue: QueueSource): () => void {
  queueSources.add(queue);
  return () => queueSources.delete(queue);
}

interface OutboxBacklog {
  pending: number;
  oldestAgeSeconds: number;
}

async function outboxBacklog(pool: pg.Pool): Promise<OutboxBacklog> {
  const { rows } = await pool.query<{ pending: string; age: number | null }>(
    `SELECT count(*) AS pending, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age FROM outbox WHERE status = 'pending'`,
  );
  return { pending: Number(rows[0]?.pending ?? 0), oldestAgeSeconds: Math.max(0, rows[0]?.age ?? 0) };
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Sets a gauge from each source; a source that cannot answer (its store away) is left out of that scrape. */
async function collectEach<T>(gauge: Gauge<string>, sources: Iterable<T>, read: (source: T) => Promise<void>): Promise<void> {
  gauge.reset();
  await Promise.all([...sources].map((source) => read(source).catch(() => {})));
}

/** Registers the consumer-lag, outbox and queue gauges on an app's registry. */
export function registerFlowMetrics(registry: Registry): void {
  new Gauge({
    name: 'kafka_consumer_lag',
    help: "Messages on a partition not yet processed by a consumer group (the log's end less its committed offset)",
    labelNames: ['group', 'topic', 'partition'],
    registers: [registry],
    async collect() {
      await collectEach(this, lagSources, async ({ groupId, read }) => {
        for (const { topic, partition, lag } of await read()) this.set({ group: groupId, topic, partition: String(partition) }, lag);
      });
    },
  });
  const outboxGauge = (name: string, help: string, read: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        await collectEach(this, outboxSources, async (pool) => this.set(read(await outboxBacklog(pool))));
      },
    });
  outboxGauge('outbox_pending_rows', 'Events written to the outbox and not yet published to Kafka', (b) => b.pending);
  outboxGauge('outbox_oldest_pending_age_seconds', 'Age of the oldest event waiting in the outbox (0 when none waits)', (b) => b.oldestAgeSeconds);
  new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs of a BullMQ queue by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      await collectEach(this, queueSources, async (queue) => {
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      });
    },
  });
}
