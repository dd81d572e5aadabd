import { z } from 'zod';
import { flowSchema } from '../flow.ts';
import { readinessSchema } from '../http.ts';
import type { Operation } from './operation.ts';

/** One service as the BFF found it: its readiness (the least ready of its replicas), where it was asked and how long it took. */
export const serviceHealthSchema = z.object({
  url: z.string(),
  status: z.enum(['ready', 'not_ready', 'unreachable']),
  checks: readinessSchema.shape.checks.optional(),
  /** The stores it serves without just now (see `Readiness.degraded`). */
  degraded: z.array(z.string()).optional(),
  /** Its flow figures (consumer groups, outbox and queues are shared by its replicas: one replica's answer). */
  flow: flowSchema.optional(),
  error: z.string().optional(),
  ms: z.number(),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

/** The system's health as an administrator reads it on the System Health tab: every process's readiness and flow figures. */
export const systemHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  bff: readinessSchema,
  services: z.record(z.string(), serviceHealthSchema),
  /**
   * The worker processes, which take no requests (billing-worker, catalog-feed, notifications-worker): how many
   * beat now, by role (0: none runs, or none reaches Redis). Absent when the BFF could not read them.
   */
  workers: z.record(z.string(), z.object({ running: z.number().int().min(0) })).optional(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const systemOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/admin/system-health',
    summary: "Every process's readiness, store checks and flow figures: consumer lag per group, outbox backlog, BullMQ queues (administrators)",
    tag: 'admin',
    access: 'admin',
    response: systemHealthSchema,
  },
];
