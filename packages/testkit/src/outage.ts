import { expect } from 'vitest';
import { ErrorCode } from '@kicksight/contracts';
import type { JsonAnswer } from './http.ts';
import { waitFor } from './wait.ts';

/** The longest an answer may take while a store is away. */
export const OUTAGE_ANSWER_MS = 1_000;

/** Runs `call` and answers what it answered and how long it took. */
export async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

/** Checks that `call` answers 503 SERVICE_UNAVAILABLE with `Retry-After`, within a second, naming no store. */
export async function expectUnavailable(call: () => Promise<JsonAnswer>, label: string): Promise<void> {
  const { answer, ms } = await timed(call);
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(answer.body.code, label).toBe(ErrorCode.SERVICE_UNAVAILABLE);
  expect(answer.body.message, label).not.toMatch(/postgres|redis|mongo|kafka|smtp|ECONN|127\.0\.0\.1/i);
  expect(Number(answer.headers.get('retry-after')), label).toBeGreaterThan(0);
  expect(ms, label).toBeLessThan(OUTAGE_ANSWER_MS);
}

/** A process's `/readyz`: its status, the checks that failed and how long it took to answer. */
export async function readiness(baseUrl: string): Promise<{ status: number; failed: Record<string, string>; degraded: string[]; ms: number }> {
  const { answer, ms } = await timed(() => fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) }));
  const body = (await answer.json()) as { checks: Record<string, { ok: boolean; error?: string }>; degraded?: string[] };
  const failed = Object.fromEntries(Object.entries(body.checks).filter(([, check]) => !check.ok).map(([name, check]) => [name, check.error ?? '']));
  return { status: answer.status, failed, degraded: body.degraded ?? [], ms };
}

/** Waits until the process is ready again with every store back (none failing, none degraded), at most `timeoutMs`. */
export async function waitUntilReady(baseUrl: string, timeoutMs = 10_000): Promise<void> {
  await waitFor(
    async () => {
      const ready = await readiness(baseUrl).catch(() => undefined);
      return ready?.status === 200 && Object.keys(ready.failed).length === 0;
    },
    { timeoutMs, message: `${baseUrl} to be ready again with every store` },
  );
}

/** Checks that the process answers its probe within a second, not ready, naming exactly the checks that failed. */
export async function expectNotReady(baseUrl: string, failing: string[]): Promise<void> {
  const ready = await readiness(baseUrl);
  expect(ready.status).toBe(503);
  expect(Object.keys(ready.failed).sort()).toEqual([...failing].sort());
  expect(ready.ms).toBeLessThan(OUTAGE_ANSWER_MS);
}

/** Checks that the process answers its probe within a second, still ready, naming the stores it does without. */
export async function expectDegraded(baseUrl: string, stores: string[]): Promise<void> {
  const ready = await readiness(baseUrl);
  expect(ready.status).toBe(200);
  expect(Object.keys(ready.failed).sort()).toEqual([...stores].sort());
  expect(ready.degraded.sort()).toEqual([...stores].sort());
  expect(ready.ms).toBeLessThan(OUTAGE_ANSWER_MS);
}
