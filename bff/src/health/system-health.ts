import { readinessSchema, type Readiness, type ServiceHealth, type ServiceName, type SystemHealth } from '@kicksight/contracts';
import { checkReadiness, readFlow, type ReadinessCheck } from '@kicksight/platform';

export type { ServiceHealth, SystemHealth };

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

/** Asks one service's `/readyz` (with its flow figures when `flow`), bounded by a time-out. */
async function serviceHealth(url: string, timeoutMs: number, flow: boolean): Promise<ServiceHealth> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(new URL(flow ? '/readyz?flow' : '/readyz', url), { signal: AbortSignal.timeout(timeoutMs) });
    const body = readinessSchema.safeParse(await response.json());
    if (!body.success) return { url, status: 'unreachable', error: `unexpected answer (HTTP ${response.status})`, ms: ms() };
    const { status, checks, degraded, flow: figures } = body.data;
    return { url, status, checks, ...(degraded ? { degraded } : {}), ...(figures ? { flow: figures } : {}), ms: ms() };
  } catch (err) {
    const error = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'not reachable';
    return { url, status: 'unreachable', error, ms: ms() };
  }
}

/**
 * A service with several replicas is as ready as its least ready one (each is asked). Its consumer groups,
 * outbox and queues are shared by its replicas: the flow figures are those of the first replica that read them.
 */
async function replicasHealth(urls: string[], timeoutMs: number, flow: boolean): Promise<ServiceHealth> {
  const each = await Promise.all(urls.map((url) => serviceHealth(url, timeoutMs, flow)));
  const row = each.find((h) => h.status !== 'ready') ?? each.find((h) => h.degraded) ?? each[0]!;
  const figures = each.find((h) => h.flow && h.flow.unreadable.length === 0)?.flow ?? each.find((h) => h.flow)?.flow;
  return figures ? { ...row, flow: figures } : row;
}

/**
 * The readiness of the BFF itself and of every service, asked in parallel, with every process's flow figures
 * when `flow` (the administrators' System Health tab), and then the worker processes' heartbeats (`workers`, read
 * within `timeoutMs`; left out when they cannot be read). Each process bounds its own checks
 * (`READINESS_TIMEOUT_MS`) and reads, well inside `timeoutMs`: only a process that does not answer at all
 * reads as unreachable.
 */
export async function systemHealth(
  serviceUrls: Record<ServiceName, string[]>,
  own: { checks: Record<string, ReadinessCheck>; degradable: string[] },
  timeoutMs: number,
  { flow = false, workers }: { flow?: boolean; workers?: () => Promise<Record<string, number>> } = {},
): Promise<SystemHealth> {
  const ownHealth = async (): Promise<Readiness> => {
    const [readiness, figures] = await Promise.all([checkReadiness(own.checks, { degradable: own.degradable }), flow ? readFlow() : undefined]);
    return figures ? { ...readiness, flow: figures } : readiness;
  };
  const running = flow && workers ? readWorkers(workers, timeoutMs) : Promise.resolve(undefined);
  const [bff, ...rows] = await Promise.all([
    ownHealth(),
    ...Object.entries(serviceUrls).map(async ([name, urls]) => [name, await replicasHealth(urls, timeoutMs, flow)] as const),
  ]);
  const services = Object.fromEntries(rows);
  const whole = [bff, ...rows.map(([, h]) => h)].every((h) => h.status === 'ready' && !h.degraded);
  const workerRows = await running;
  return { status: whole ? 'ok' : 'degraded', bff, services, ...(workerRows && { workers: workerRows }) };
}

/** The worker roles and how many of each beat, or undefined when they could not be read in time. */
async function readWorkers(read: () => Promise<Record<string, number>>, timeoutMs: number): Promise<SystemHealth['workers']> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
  const counts = await Promise.race([read().catch(() => undefined), late]).finally(() => clearTimeout(timer));
  return counts && Object.fromEntries(Object.entries(counts).map(([role, running]) => [role, { running }]));
}
