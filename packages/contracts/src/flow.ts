import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * What a process has in flight between its parts, read from the same sources as its `/metrics` gauges
 * (`kafka_consumer_lag`, `outbox_*`, `bullmq_queue_jobs`): each consumer group's lag (in all, and on its
 * worst partition), its outbox's backlog, its BullMQ queues.
 */
export const flowSchema = z.object({
  consumers: z.array(
    z.object({
      group: z.string(),
      lag: count,
      /** The partition furthest behind; null when the group reads no partition yet. */
      worst: z.object({ topic: z.string(), partition: count, lag: count }).nullable(),
    }),
  ),
  /** Events written and not yet published; null in a process without an outbox. */
  outbox: z.object({ pending: count, oldestAgeSeconds: z.number().nonnegative() }).nullable(),
  queues: z.array(z.object({ name: z.string(), waiting: count, delayed: count, failed: count })),
  /** Figures that could not be read just now (their store away): `consumers:<group>`, `outbox`, `queue:<name>`. */
  unreadable: z.array(z.string()),
});
export type Flow = z.infer<typeof flowSchema>;

/**
 * The thresholds of the chart's alert rules (helm values `monitoring.prometheusRule`), which the admin panel
 * shows figures beyond in its warning colour.
 */
export const FLOW_THRESHOLDS = { consumerLagMessages: 1_000, outboxOldestSeconds: 60 } as const;
