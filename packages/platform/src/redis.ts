import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * Fail-fast settings of a client on a request path: a command while Redis is away fails at once (no
 * offline queue) instead of waiting for a reconnection, a command cut by a dropped connection is retried
 * once, a silent server times out, and the client keeps reconnecting at most a second apart.
 */
export const REDIS_FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 1_000,
  commandTimeout: 1_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
};

/**
 * Settings of a connection that waits by design (a subscriber, a blocking read, BullMQ): commands queue
 * while it reconnects and are never timed out.
 */
export const REDIS_WAITING: RedisOptions = { enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined };

/** A Redis client, fail-fast unless the caller overrides (see `REDIS_WAITING`). */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { ...REDIS_FAIL_FAST, ...options });
  // Connection errors surface through readiness and failed commands, not as crashes.
  redis.on('error', () => {});
  return redis;
}

/** A second connection of a client for work that waits by design (see `REDIS_WAITING`). */
export function waitingConnection(redis: Redis): Redis {
  const connection = redis.duplicate(REDIS_WAITING);
  connection.on('error', () => {});
  return connection;
}

/** Resolves once the client is connected, or after `timeoutMs` (a Redis away at start-up shows in readiness). */
export function redisConnected(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
  });
}

export const redisCheck = (redis: Redis) => () => redis.ping();
