import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * Fail-fast settings of a client on a request path: a command while Redis is away fails at once (no
 * offline queue) instead of waiting for a reconnection, a command cut by a dropped connection is retried
 * once, a silent server times out, and the client keeps reconnecting at most a second apart. A command gives
 * up after 800 ms (a Redis stopping answers nothing while it saves its data), so that the request around it
 * still answers within its second.
 */
export const REDIS_FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 1_000,
  commandTimeout: 800,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
};

/**
 * A client, fail-fast unless the caller overrides (BullMQ's connections set `maxRetriesPerRequest: null`).
 * Commands sent before its first connection wait for it (a process starting); from then on none waits.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { ...REDIS_FAIL_FAST, enableOfflineQueue: true, ...options });
  if (options.enableOfflineQueue === undefined) redis.once('ready', () => (redis.options.enableOfflineQueue = false));
  // Connection errors surface through readiness and failed commands, not as crashes.
  redis.on('error', () => {});
  return redis;
}

/**
 * A second connection of a client for blocking reads (XREAD BLOCK): fail-fast like its client, but with
 * no command time-out, which a read blocking by design would outlast. A read while Redis is away fails
 * at once, and so does a read waiting when the connection drops: it is not kept to be sent again after
 * a reconnection (the reader's own loop reads again). That also makes closing the connection end a read
 * that waits: ioredis settles a kept command only when a connection closes, and a client closed while it
 * waits to reconnect sees no further close, so a kept read would wait for ever.
 */
export function blockingConnection(redis: Redis): Redis {
  const connection = redis.duplicate({ commandTimeout: undefined, maxRetriesPerRequest: 0 });
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
