import type { Redis } from '@kicksight/platform';
import type { LedgerUnit } from './ledger.ts';

/**
 * Usage counters in Redis: a count and the set of usage keys already counted, per user, action and
 * period. Checking the limit, deduplicating and counting happen in one script, so concurrent calls
 * can never pass a limit. A counter that is missing (Redis lost it, or a new period) answers
 * `missing` and is seeded from the ledger first.
 *
 * The same scripts append each counted unit, and each unit given back, to the ledger stream (a Redis
 * stream the ledger follower writes to Postgres in order, see ledger-stream.ts): a unit is counted
 * and queued for the ledger in one atomic step, so neither can happen without the other. The stream
 * key is not in the user's hash slot: metering runs on one Redis, not a cluster.
 *
 * Stream fields: op (c: counted, r: given back), u (user), a (action), p (period), k (usage key),
 * t (when, epoch ms), and for a counted unit pl (plan), n (count after it), l (limit, -1: none).
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
redis.call('XADD', KEYS[3], '*', 'op', 'c', 'u', ARGV[4], 'a', ARGV[5], 'p', ARGV[6], 'k', ARGV[1], 't', ARGV[8], 'pl', ARGV[7], 'n', used, 'l', ARGV[2])
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
  redis.call('XADD', KEYS[3], '*', 'op', 'r', 'u', ARGV[2], 'a', ARGV[3], 'p', ARGV[4], 'k', ARGV[1], 't', ARGV[5])
  return 1
end
return 0
`;

type ScriptRunner = (...keysAndArgs: (string | number)[]) => Promise<unknown>;

export type ConsumeOutcome = { state: 'missing' } | { state: 'allowed'; used: number; counted: boolean } | { state: 'refused'; used: number };

/** `ledgerStream`: the Redis stream counted and given-back units are appended to. */
export function createCounters(redis: Redis, { ledgerStream }: { ledgerStream: string }) {
  redis.defineCommand('usageConsume', { numberOfKeys: 3, lua: CONSUME });
  redis.defineCommand('usageSeed', { numberOfKeys: 2, lua: SEED });
  redis.defineCommand('usageRefund', { numberOfKeys: 3, lua: REFUND });
  const run = (name: string) => (redis as unknown as Record<string, ScriptRunner>)[name]!.bind(redis);
  const consumeScript = run('usageConsume');
  const seedScript = run('usageSeed');
  const refundScript = run('usageRefund');

  // The braces give a user's keys one hash tag (one Cluster slot); the ledger stream is outside it (see above).
  const counterKey = (userId: string, action: string, period: string) => `usage:{${userId}}:${action}:${period}`;
  const keysOf = (userId: string, action: string, period: string) => `${counterKey(userId, action, period)}:keys`;

  return {
    /** Counts the unit unless already counted or over the limit; a unit counted is queued for the ledger. */
    async consume({ userId, action, period, key, plan, at }: LedgerUnit, limit: number | null, ttlSeconds: number): Promise<ConsumeOutcome> {
      const keys = [counterKey(userId, action, period), keysOf(userId, action, period), ledgerStream] as const;
      const [code, used, counted] = (await consumeScript(...keys, key, limit ?? -1, ttlSeconds, userId, action, period, plan, at.getTime())) as [number, number, number];
      if (code === -1) return { state: 'missing' };
      return code === 1 ? { state: 'allowed', used, counted: counted === 1 } : { state: 'refused', used };
    },

    /** Sets a missing counter from the ledger's keys; leaves an existing one alone. */
    async seed(userId: string, action: string, period: string, keys: string[], ttlSeconds: number): Promise<void> {
      await seedScript(counterKey(userId, action, period), keysOf(userId, action, period), ttlSeconds, ...keys);
    },

    /** Gives a counted unit back (false when it was not counted); the ledger follows. */
    async refund({ userId, action, period, key }: Omit<LedgerUnit, 'plan' | 'at'>, at: Date): Promise<boolean> {
      return (await refundScript(counterKey(userId, action, period), keysOf(userId, action, period), ledgerStream, key, userId, action, period, at.getTime())) === 1;
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
