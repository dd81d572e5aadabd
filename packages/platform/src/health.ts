import { Router } from 'express';
import type { Readiness } from '@kicksight/contracts';

/** A readiness check: resolves when the dependency answers, throws otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

/**
 * How long a readiness check may take. A process always answers its probe within this (plus its own
 * work), shorter than what the BFF's health waits for a process: a live process with a store away reads
 * as `not_ready` with the reason, never as unreachable.
 */
export const READINESS_TIMEOUT_MS = 750;

/** Runs every check in parallel, each bounded by a time-out. */
export async function checkReadiness(checks: Record<string, ReadinessCheck>, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const started = performance.now();
      try {
        await withTimeout(check(), timeoutMs, `${name} did not answer within ${timeoutMs} ms`);
        return [name, { ok: true, ms: Math.round(performance.now() - started) }] as const;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        return [name, { ok: false, error, ms: Math.round(performance.now() - started) }] as const;
      }
    }),
  );
  const all = Object.fromEntries(entries);
  return { status: entries.every(([, r]) => r.ok) ? 'ready' : 'not_ready', checks: all };
}

/** `/livez` answers while the process runs; `/readyz` answers 200 only when every store and broker does. */
export function healthRouter(checks: Record<string, ReadinessCheck>, timeoutMs?: number): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness(checks, timeoutMs);
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  });
  return router;
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
