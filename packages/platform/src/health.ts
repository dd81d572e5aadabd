import { Router } from 'express';
import type { Flow, Readiness } from '@kicksight/contracts';
import { isStoreUnavailable } from './store-errors.ts';

/** A readiness check: resolves when the dependency answers, throws otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

/**
 * How long a readiness check may take. A process always answers its probe within this (plus its own
 * work), shorter than what the BFF's health waits for a process: a live process with a store away reads
 * as `not_ready` with the reason, never as unreachable.
 */
export const READINESS_TIMEOUT_MS = 1_500;

export interface ReadinessOptions {
  timeoutMs?: number;
  /**
   * Checks whose failure the process serves through (answering from memory, or refusing only the calls
   * that need them): it stays ready and names them in `degraded`.
   */
  degradable?: string[];
}

export interface HealthRouterOptions extends ReadinessOptions {
  /** Reads the process's flow figures, which `/readyz?flow` adds to its answer (given where the process serves its metrics). */
  flow?: () => Promise<Flow>;
}

/** Set once the process has begun to shut down: readiness goes off before anything else stops. */
let shuttingDown = false;

/** Turns readiness off for good (the process is shutting down): load balancers stop sending it requests. */
export function markShuttingDown(): void {
  shuttingDown = true;
}

export const isShuttingDown = (): boolean => shuttingDown;

/** Runs every check in parallel, each bounded by a time-out. */
export async function checkReadiness(checks: Record<string, ReadinessCheck>, { timeoutMs = READINESS_TIMEOUT_MS, degradable = [] }: ReadinessOptions = {}): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const started = performance.now();
      try {
        await withTimeout(check(), timeoutMs, `${name} did not answer within ${timeoutMs} ms`);
        return [name, { ok: true, ms: Math.round(performance.now() - started) }] as const;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const error = isStoreUnavailable(err) ? `${name} is unavailable (${message})` : message;
        return [name, { ok: false, error, ms: Math.round(performance.now() - started) }] as const;
      }
    }),
  );
  const all = Object.fromEntries(entries);
  const failed = entries.filter(([, r]) => !r.ok).map(([name]) => name);
  const degraded = failed.filter((name) => degradable.includes(name));
  return { status: failed.length === degraded.length ? 'ready' : 'not_ready', checks: all, ...(degraded.length > 0 ? { degraded } : {}) };
}

/**
 * `/livez` answers while the process runs; `/readyz` answers 200 when every store and broker answers but
 * the degradable ones, 503 otherwise, naming the failed checks and their reasons; `/readyz?flow` adds the
 * flow figures where the router reads them (probes never ask for them).
 */
export function healthRouter(checks: Record<string, ReadinessCheck>, { flow, ...options }: HealthRouterOptions = {}): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    if (shuttingDown) {
      res.status(503).json({ status: 'not_ready', checks: { shutdown: { ok: false, error: 'shutting down', ms: 0 } } });
      return;
    }
    const withFlow = flow && req.query.flow !== undefined ? flow : undefined;
    const [readiness, figures] = await Promise.all([checkReadiness(checks, options), withFlow?.()]);
    res.status(readiness.status === 'ready' ? 200 : 503).json(figures ? { ...readiness, flow: figures } : readiness);
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
