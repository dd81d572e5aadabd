import { z } from 'zod';
import { flowSchema } from './flow.ts';

/** Every error answer of every service and of the BFF. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Header a client sends with every mutation so a retry is answered, not repeated. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Header carrying the request id through the BFF into every service. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Header carrying the correlation id of a user action into events. */
export const CORRELATION_ID_HEADER = 'x-correlation-id';

/** Readiness answer of `/readyz` (and of each row of the BFF's `/api/health`). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), error: z.string().optional(), ms: z.number() })),
  /** Failed checks the process serves without (from memory, or refusing only what needs them): it stays ready. */
  degraded: z.array(z.string()).optional(),
  /** The process's flow figures, on `/readyz?flow` where it serves its metrics (Kicksight's own processes only). */
  flow: flowSchema.optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
