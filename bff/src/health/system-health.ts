import { readinessSchema, type Readiness, type ServiceName } from '@kicksight/contracts';
import { checkReadiness, type ReadinessCheck } from '@kicksight/platform';

export interface ServiceHealth {
  url: string;
  status: 'ready' | 'not_ready' | 'unreachable';
  checks?: Readiness['checks'];
  /** The stores it serves without just now (see `Readiness.degraded`). */
  degraded?: string[];
  error?: string;
  ms: number;
}

export interface SystemHealth {
  status: 'ok' | 'degraded';
  bff: Readiness;
  services: Record<string, ServiceHealth>;
}

/**
 * What anyone may read of the system's health: up or down per service, and whether it serves with less
 * than usual (`degraded: true`), with no address, store or timing.
 */
export interface PublicHealth {
  status: SystemHealth['status'];
  bff?: { status: Readiness['status']; degraded?: true };
  services: Record<string, { status: ServiceHealth['status']; degraded?: true }>;
}

const publicRow = <T extends { degraded?: string[] }>(row: T) => (row.degraded?.length ? { degraded: true as const } : {});

export const publicHealth = ({ status, bff, services }: SystemHealth): PublicHealth => ({
  status,
  bff: { status: bff.status, ...publicRow(bff) },
  services: Object.fromEntries(Object.entries(services).map(([name, row]) => [name, { status: row.status, ...publicRow(row) }])),
});

/** Asks one service's `/readyz`, bounded by a time-out. */
async function serviceHealth(url: string, timeoutMs: number): Promise<ServiceHealth> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(timeoutMs) });
    const body = readinessSchema.safeParse(await response.json());
    if (!body.success) return { url, status: 'unreachable', error: `unexpected answer (HTTP ${response.status})`, ms: ms() };
    return { url, status: body.data.status, checks: body.data.checks, ...(body.data.degraded ? { degraded: body.data.degraded } : {}), ms: ms() };
  } catch (err) {
    const error = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'not reachable';
    return { url, status: 'unreachable', error, ms: ms() };
  }
}

/** A service with several replicas is as ready as its least ready one (each is asked). */
async function replicasHealth(urls: string[], timeoutMs: number): Promise<ServiceHealth> {
  const each = await Promise.all(urls.map((url) => serviceHealth(url, timeoutMs)));
  return each.find((h) => h.status !== 'ready') ?? each.find((h) => h.degraded) ?? each[0]!;
}

/**
 * The readiness of the BFF itself and of every service, asked in parallel. Each process bounds its own
 * checks (`READINESS_TIMEOUT_MS`), well inside `timeoutMs`: only a process that does not answer at all
 * reads as unreachable.
 */
export async function systemHealth(
  serviceUrls: Record<ServiceName, string[]>,
  own: { checks: Record<string, ReadinessCheck>; degradable: string[] },
  timeoutMs: number,
): Promise<SystemHealth> {
  const [bff, ...rows] = await Promise.all([
    checkReadiness(own.checks, { degradable: own.degradable }),
    ...Object.entries(serviceUrls).map(async ([name, urls]) => [name, await replicasHealth(urls, timeoutMs)] as const),
  ]);
  const services = Object.fromEntries(rows);
  const whole = [bff, ...rows.map(([, h]) => h)].every((h) => h.status === 'ready' && !h.degraded);
  return { status: whole ? 'ok' : 'degraded', bff, services };
}
