import { readinessSchema, type Readiness, type ServiceName } from '@kicksight/contracts';
import { checkReadiness, type ReadinessCheck } from '@kicksight/platform';

export interface ServiceHealth {
  url: string;
  status: 'ready' | 'not_ready' | 'unreachable';
  checks?: Readiness['checks'];
  error?: string;
  ms: number;
}

export interface SystemHealth {
  status: 'ok' | 'degraded';
  bff: Readiness;
  services: Record<string, ServiceHealth>;
}

/** What anyone may read of the system's health: up or down, per service, with no address, store or timing. */
export interface PublicHealth {
  status: SystemHealth['status'];
  services: Record<string, { status: ServiceHealth['status'] }>;
}

export const publicHealth = ({ status, services }: SystemHealth): PublicHealth => ({
  status,
  services: Object.fromEntries(Object.entries(services).map(([name, row]) => [name, { status: row.status }])),
});

/** Asks one service's `/readyz`, bounded by a time-out. */
async function serviceHealth(url: string, timeoutMs: number): Promise<ServiceHealth> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(timeoutMs) });
    const body = readinessSchema.safeParse(await response.json());
    if (!body.success) return { url, status: 'unreachable', error: `unexpected answer (HTTP ${response.status})`, ms: ms() };
    return { url, status: body.data.status, checks: body.data.checks, ms: ms() };
  } catch (err) {
    const error = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'not reachable';
    return { url, status: 'unreachable', error, ms: ms() };
  }
}

/** A service with several replicas is as ready as its least ready one (each is asked). */
async function replicasHealth(urls: string[], timeoutMs: number): Promise<ServiceHealth> {
  const each = await Promise.all(urls.map((url) => serviceHealth(url, timeoutMs)));
  return each.find((h) => h.status !== 'ready') ?? each[0]!;
}

/**
 * The readiness of the BFF itself and of every service, asked in parallel. Each process bounds its own
 * checks (`READINESS_TIMEOUT_MS`), well inside `timeoutMs`: only a process that does not answer at all
 * reads as unreachable.
 */
export async function systemHealth(
  serviceUrls: Record<ServiceName, string[]>,
  ownChecks: Record<string, ReadinessCheck>,
  timeoutMs: number,
): Promise<SystemHealth> {
  const [bff, ...rows] = await Promise.all([
    checkReadiness(ownChecks),
    ...Object.entries(serviceUrls).map(async ([name, urls]) => [name, await replicasHealth(urls, timeoutMs)] as const),
  ]);
  const services = Object.fromEntries(rows);
  const allReady = bff.status === 'ready' && rows.every(([, h]) => h.status === 'ready');
  return { status: allReady ? 'ok' : 'degraded', bff, services };
}
