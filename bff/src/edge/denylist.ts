import { ACCESS_TOKEN_TTL_MS, Topic, isEvent, type Envelope } from '@kicksight/contracts';
import { createEventConsumer, topicName, type Clock, type EventConsumer, type Kafka, type Logger, type Redis } from '@kicksight/platform';

/** Access tokens live at most this long, so a deleted account is refused for as long after its deletion. */
export const DENYLIST_TTL_MS = ACCESS_TOKEN_TTL_MS;

export const denylistKey = (userId: string): string => `denylist:user:${userId}`;

/** Seconds a deletion still has to be enforced: the token lifetime counted from the deletion, or 0 when it has passed. */
export function denylistTtlSeconds(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((deletedAt.getTime() + DENYLIST_TTL_MS - now.getTime()) / 1000));
}

export interface Denylist {
  isDenied(userId: string): Promise<boolean>;
  deny(userId: string, ttlSeconds: number): Promise<void>;
}

/** Deleted accounts, shared by every BFF pod through Redis. */
export function createDenylist(redis: Redis): Denylist {
  return {
    isDenied: async (userId) => (await redis.exists(denylistKey(userId))) === 1,
    deny: async (userId, ttlSeconds) => {
      await redis.set(denylistKey(userId), '1', 'EX', ttlSeconds);
    },
  };
}

/** Handles `user.deleted`: the account's still-valid tokens are refused from now on. */
export function denylistHandler(denylist: Denylist, clock: Clock) {
  return async (event: Envelope): Promise<void> => {
    if (!isEvent(event, 'user.deleted@1')) return;
    const ttl = denylistTtlSeconds(new Date(event.occurredAt), clock.now());
    if (ttl > 0) await denylist.deny(event.data.userId, ttl);
  };
}

export interface DenylistConsumerOptions {
  kafka: Kafka;
  prefix: string;
  logger: Logger;
  denylist: Denylist;
  clock: Clock;
}

/** One consumer group for all BFF pods: the denylist lives in the shared Redis, so one pod writing it is enough. */
export function createDenylistConsumer({ kafka, prefix, logger, denylist, clock }: DenylistConsumerOptions): EventConsumer {
  return createEventConsumer({
    kafka,
    prefix,
    groupId: topicName(prefix, 'bff-denylist'),
    topics: [Topic.user],
    logger,
    handle: denylistHandler(denylist, clock),
  });
}
