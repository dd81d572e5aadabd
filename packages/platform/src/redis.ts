import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/** A Redis client; BullMQ connections need `maxRetriesPerRequest: null`, so callers may override. */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, ...options });
  // Connection errors surface through readiness and failed commands, not as crashes.
  redis.on('error', () => {});
  return redis;
}

export const redisCheck = (redis: Redis) => () => redis.ping();
