import { Gauge, type Registry } from 'prom-client';
import type { Admin, Kafka } from 'kafkajs';
import type pg from 'pg';
import type { Flow } from '@kicksight/contracts';
import { withTimeout } from './health.ts';

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

/** Reads an outbox's backlog (PostgreSQL's table, or catalog's MongoDB collection). */
export type OutboxSource = () => Promise<OutboxBacklog>;

const lagSources = new Set<LagSource>();
const outboxSources = new Set<OutboxSource>();
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

/** Reports an outbox's pending events and the age of the oldest (`pgOutboxBacklog` for a PostgreSQL outbox). */
export function watchOutbox(source: OutboxSource): () => void {
  outboxSources.add(source);
  return () => outboxSources.delete(source);
}

/** Reports a BullMQ queue's jobs by state (waiting, active, delayed, failed). */
export function watchQueue(queue: QueueSource): () => void {
  queueSources.add(queue);
  return () => queueSources.delete(queue);
}

export interface OutboxBacklog {
  pending: number;
  oldestAgeSeconds: number;
}

/** The pending rows of the outbox in this pool's database and the age of the oldest. */
export async function pgOutboxBacklog(pool: pg.Pool): Promise<OutboxBacklog> {
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
        await collectEach(this, outboxSources, async (source) => this.set(read(await source())));
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

/** How long each figure of `readFlow` may take: one store away leaves the others readable within a readiness probe's time. */
const FLOW_READ_TIMEOUT_MS = 1_200;

/**
 * The figures the gauges above export, as JSON (the admin panel's System Health tab): each consumer group's
 * lag in all and on its worst partition, the outbox's backlog (summed over its sources, the oldest of them),
 * the queues' waiting, delayed and failed jobs. A source that cannot answer in time is named in `unreadable`.
 */
export async function readFlow(timeoutMs = FLOW_READ_TIMEOUT_MS): Promise<Flow> {
  const unreadable: string[] = [];
  const attempt = async <T>(name: string, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await withTimeout(read(), timeoutMs, `${name} did not answer within ${timeoutMs} ms`);
    } catch {
      unreadable.push(name);
      return undefined;
    }
  };
  const [consumers, backlogs, queues] = await Promise.all([
    Promise.all(
      [...lagSources].map(async ({ groupId, read }) => {
        const partitions = await attempt(`consumers:${groupId}`, read);
        if (!partitions) return undefined;
        const worst = partitions.reduce<(typeof partitions)[number] | null>((most, p) => (!most || p.lag > most.lag ? p : most), null);
        return { group: groupId, lag: partitions.reduce((sum, p) => sum + p.lag, 0), worst };
      }),
    ),
    Promise.all([...outboxSources].map((source) => attempt('outbox', source))),
    Promise.all(
      [...queueSources].map(async (queue) => {
        const counts = await attempt(`queue:${queue.name}`, () => queue.getJobCounts('waiting', 'delayed', 'failed'));
        return counts && { name: queue.name, waiting: counts.waiting ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 };
      }),
    ),
  ]);
  const read = backlogs.filter((b) => b !== undefined);
  const outbox = read.length === 0 ? null : { pending: read.reduce((sum, b) => sum + b.pending, 0), oldestAgeSeconds: Math.max(...read.map((b) => b.oldestAgeSeconds)) };
  return {
    consumers: consumers.filter((c) => c !== undefined).sort((a, b) => a.group.localeCompare(b.group)),
    outbox,
    queues: queues.filter((q) => q !== undefined).sort((a, b) => a.name.localeCompare(b.name)),
    unreadable: [...new Set(unreadable)].sort(),
  };
}
