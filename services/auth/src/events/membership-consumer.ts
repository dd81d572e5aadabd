import { Topic } from '@kicksight/contracts';
import { applyOnce, createEventConsumer, type Clock, type EventConsumer, type Pool, type Logger, type Kafka } from '@kicksight/platform';
import { membershipAfter } from '../domain/membership.ts';
import { users } from '../store/users.ts';

export const MEMBERSHIP_CONSUMER = 'auth-membership';

/** Keeps auth's projection of each user's tier and membership status from billing's events. */
export function membershipConsumer({ kafka, prefix, pool, clock, logger }: { kafka: Kafka; prefix: string; pool: Pool; clock: Clock; logger: Logger }): EventConsumer {
  const apply = applyOnce(
    pool,
    MEMBERSHIP_CONSUMER,
    async (client, event) => {
      const change = membershipAfter(event);
      if (change) await users.applyMembership(client, change.userId, change, new Date(event.occurredAt));
    },
    clock,
  );
  return createEventConsumer({
    kafka,
    prefix,
    logger,
    groupId: prefix ? `${prefix}.${MEMBERSHIP_CONSUMER}` : MEMBERSHIP_CONSUMER,
    topics: [Topic.membership],
    handle: async (event) => {
      await apply(event);
    },
  });
}
