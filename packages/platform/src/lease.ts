import { randomBytes } from 'node:crypto';
import type { Logger } from './logger.ts';
import type { Redis } from './redis.ts';

/** Deletes or extends a key only while it still holds this holder's token. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

const holderToken = () => randomBytes(12).toString('hex');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Thrown when a lock could not be taken within its wait time. */
export class LockTimeoutError extends Error {
  constructor(key: string, waitMs: number) {
    super(`could not take the lock ${key} within ${waitMs} ms`);
    this.name = 'LockTimeoutError';
  }
}

/**
 * A short mutual-exclusion lock in Redis (SET NX PX with a holder token, released only by its
 * holder): for read-modify-write sequences on a store that has no atomic compare-and-set.
 * The time-to-live bounds how long a crashed holder blocks others.
 */
export async function withLock<T>(redis: Redis, key: string, fn: () => Promise<T>, options: { ttlMs?: number; waitMs?: number } = {}): Promise<T> {
  const { ttlMs = 10_000, waitMs = 10_000 } = options;
  const token = holderToken();
  const deadline = Date.now() + waitMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK') break;
    if (Date.now() >= deadline) throw new LockTimeoutError(key, waitMs);
    await sleep(delay);
  }
  try {
    return await fn();
  } finally {
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}

export interface LeaseOptions {
  redis: Redis;
  /** The Redis key naming the role ('catalog:market-feed'). */
  key: string;
  logger: Logger;
  /** How long the lease lasts without renewal: a holder that dies is replaced after at most this long. */
  ttlMs?: number;
  /** How often the holder renews and a candidate tries to take over (a third of the ttl by default). */
  checkEveryMs?: number;
  /** Called when this process becomes the holder. */
  onAcquired?: () => void | Promise<void>;
  /** Called when this process stops being the holder (lost, or released on stop). */
  onLost?: () => void | Promise<void>;
}

export interface Lease {
  start(): void;
  /** Stops trying, and releases the lease if held (after `onLost` ran). */
  stop(): Promise<void>;
  isHeld(): boolean;
}

/**
 * One holder at a time among many processes for a long-running role (a market feed, a relay):
 * candidates try to take the key, the holder renews it well within its time-to-live, and a holder
 * that cannot renew (Redis unreachable, or the key taken after a pause) gives the role up at once.
 */
export function createLease({ redis, key, logger, ttlMs = 15_000, checkEveryMs = Math.max(50, Math.floor(ttlMs / 3)), onAcquired, onLost }: LeaseOptions): Lease {
  const token = holderToken();
  const log = logger.child({ component: 'lease', lease: key });
  let held = false;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> | undefined;

  async function gain(): Promise<void> {
    held = true;
    log.info('lease taken');
    await onAcquired?.();
  }

  async function lose(reason: string): Promise<void> {
    if (!held) return;
    held = false;
    log.warn({ reason }, 'lease given up');
    await onLost?.();
  }

  async function check(): Promise<void> {
    try {
      if (held) {
        if (Number(await redis.eval(RENEW, 1, key, token, ttlMs)) !== 1) await lose('held by another process');
      } else if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK') {
        await gain();
      }
    } catch (err) {
      await lose(err instanceof Error ? err.message : String(err));
    }
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => {
      tick = check().finally(schedule);
    }, checkEveryMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      tick = check().finally(schedule);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await tick;
      if (held) {
        await lose('stopping');
        await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
      }
    },
    isHeld: () => held,
  };
}
