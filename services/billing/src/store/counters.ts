import type { Redis } from '@kicksight/platform';

/**
 * Usage counters in Redis: a count and the set of usage keys already counted, per user, action and
 * period. Checking the limit, deduplicating and counting happen in one script, so concurrent calls
 * can never pass a limit. A counter that is missing (Redis lost it, or a new period) answers
 * `missing` and is seeded from the ledger first.
 */
const CONSUME = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, 0, 0} end
local used = tonumber(redis.call('GET', KEYS[1]))
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then return {1, used, 0} end
local limit = tonumber(ARGV[2])
if limit >= 0 and used >= limit then return {0, used, 0} end
used = redis.call('INCR', KEYS[1])
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return {1, used, 1}
`;

const SEED = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('SET', KEYS[1], #ARGV - 1, 'EX', ARGV[1])
for i = 2, #ARGV do redis.call('SADD', KEYS[2], ARGV[i]) end
if #ARGV > 1 then redis.call('EXPIRE', KEYS[2], ARGV[1]) end
return 1
`;

const REFUND = `
if redis.call('SREM', KEYS[2], ARGV[1]) == 1 then
  if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
  return 1
end
return 0
`;

type ScriptRunner = (counter: string, keys: string, ...args: (string | number)[]) => Promise<unknown>;

export type ConsumeOutcome = { state: 'missing' } | { state: 'allowed'; used: number; counted: boolean } | { state: 'refused'; used: number };

export function createCounters(redis: Redis) {
  redis.defineCommand('usageConsume', { numberOfKeys: 2, lua: CONSUME });
  redis.defineCommand('usageSeed', { numberOfKeys: 2, lua: SEED });
  redis.defineCommand('usageRefund', { numberOfKeys: 2, lua: REFUND });
  const run = (name: string) => (redis as unknown as Record<string, ScriptRunner>)[name]!.bind(redis);
  const consumeScript = run('usageConsume');
  const seedScript = run('usageSeed');
  const refundScript = run('usageRefund');

  // The braces make every key of one user land on the same Redis Cluster slot.
  const counterKey = (userId: string, action: string, period: string) => `usage:{${userId}}:${action}:${period}`;
  const keysOf = (userId: string, action: string, period: string) => `${counterKey(userId, action, period)}:keys`;

  return {
    async consume(userId: string, action: string, period: string, key: string, limit: number | null, ttlSeconds: number): Promise<ConsumeOutcome> {
      const [code, used, counted] = (await consumeScript(counterKey(userId, action, period), keysOf(userId, action, period), key, limit ?? -1, ttlSeconds)) as [number, number, number];
      if (code === -1) return { state: 'missing' };
      return code === 1 ? { state: 'allowed', used, counted: counted === 1 } : { state: 'refused', used };
    },

    /** Sets a missing counter from the ledger's keys; leaves an existing one alone. */
    async seed(userId: string, action: string, period: string, keys: string[], ttlSeconds: number): Promise<void> {
      await seedScript(counterKey(userId, action, period), keysOf(userId, action, period), ttlSeconds, ...keys);
    },

    async refund(userId: string, action: string, period: string, key: string): Promise<boolean> {
      return (await refundScript(counterKey(userId, action, period), keysOf(userId, action, period), key)) === 1;
    },

    /** The count of a counter, or undefined when Redis does not hold it. */
    async used(userId: string, action: string, period: string): Promise<number | undefined> {
      const value = await redis.get(counterKey(userId, action, period));
      return value === null ? undefined : Number(value);
    },

    async eraseUser(userId: string): Promise<void> {
      const stream = redis.scanStream({ match: `usage:{${userId}}:*`, count: 100 });
      for await (const batch of stream as AsyncIterable<string[]>) if (batch.length > 0) await redis.del(...batch);
    },
  };
}

export type Counters = ReturnType<typeof createCounters>;
