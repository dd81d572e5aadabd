import { Router, json } from 'express';
import { z } from 'zod';

/** What the next API calls answer instead of their data: a status, how many times, and a Retry-After for 429s. */
const faultSchema = z.object({
  status: z.union([z.literal(401), z.literal(429), z.literal(500), z.literal(503)]),
  count: z.number().int().min(1).max(1_000).default(1),
  retryAfterSeconds: z.number().int().min(0).max(3_600).optional(),
});
export type Fault = z.infer<typeof faultSchema>;

/** The latest API calls remembered. */
const RECENT_KEPT = 200;

/**
 * Faults a test injects into the API (off by default, never in production): the next `count` API calls
 * answer `status`; it also counts the API calls served and keeps when the latest came, so a test can see
 * calls held back.
 */
export function createFaults() {
  let pending: (Fault & { left: number }) | null = null;
  let calls = 0;
  /** When the latest calls came (epoch ms) and what they were answered. */
  const recent: { at: number; fault: number | null }[] = [];
  return {
    /** Counts a call and answers the fault it meets, if any. */
    next(): Fault | null {
      calls += 1;
      recent.push({ at: Date.now(), fault: pending?.status ?? null });
      recent.splice(0, Math.max(0, recent.length - RECENT_KEPT));
      if (!pending) return null;
      const fault = pending;
      fault.left -= 1;
      if (fault.left <= 0) pending = null;
      return fault;
    },
    router(): Router {
      const router = Router();
      router.use(json());
      router.post('/faults', (req, res) => {
        const parsed = faultSchema.safeParse(req.body);
        if (!parsed.success) {
          res.status(400).json({ code: 'VALIDATION_ERROR', message: parsed.error.issues.map((i) => i.message).join('; ') });
          return;
        }
        pending = { ...parsed.data, left: parsed.data.count };
        res.status(204).end();
      });
      router.delete('/faults', (_req, res) => {
        pending = null;
        res.status(204).end();
      });
      router.get('/calls', (_req, res) => {
        res.json({ calls, recent });
      });
      return router;
    },
  };
}
