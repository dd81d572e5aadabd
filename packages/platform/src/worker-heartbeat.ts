import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Redis } from './redis.ts';

/**
 * The worker roles whose processes take no requests (Deployments without a Service in the chart), which an
 * administrator cannot see through any service's health: each running worker says so with a heartbeat.
 */
export const WORKER_ROLES = ['billing-worker', 'catalog-feed', 'notifications-worker'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

const KEY_PREFIX = 'workers:';
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A worker that has not beaten for this long is gone (crashed, stopped or cut off from Redis). */
export const HEARTBEAT_TTL_MS = 3 * HEARTBEAT_INTERVAL_MS;

/**
 * Writes `workers:<role>:<instance>` with a short time to live while the worker runs, and removes it when the
 * worker stops. A beat that fails (Redis away) is skipped: the key lapses and the worker reads as gone.
 */
export function workerHeartbeat(redis: Redis, role: WorkerRole, { intervalMs = HEARTBEAT_INTERVAL_MS, instance = `${hostname()}-${randomUUID().slice(0, 8)}` } = {}) {
  const key = `${KEY_PREFIX}${role}:${instance}`;
  let timer: NodeJS.Timeout | undefined;
  const beat = () => redis.set(key, new Date().toISOString(), 'PX', 3 * intervalMs).catch(() => undefined);
  return {
    async start() {
      await beat();
      timer = setInterval(() => void beat(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await redis.del(key).catch(() => undefined);
    },
  };
}

/** How many instances of each worker role beat within their time to live (0 for a role none runs). */
export async function runningWorkers(redis: Redis): Promise<Record<WorkerRole, number>> {
  const running = Object.fromEntries(WORKER_ROLES.map((role) => [role, 0])) as Record<WorkerRole, number>;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${KEY_PREFIX}*`, 'COUNT', 200);
    cursor = next;
    for (const key of keys) {
      const role = key.slice(KEY_PREFIX.length, key.lastIndexOf(':'));
      if (role in running) running[role as WorkerRole] += 1;
    }
  } while (cursor !== '0');
  return running;
}
