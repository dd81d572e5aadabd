import { Topic, type Envelope } from '@kicksight/contracts';
import { createEventConsumer, type EventConsumer, type Kafka, type Logger } from '@kicksight/platform';

export const NOTIFICATIONS_GROUP = 'notifications';

/** Everything notifications reacts to: accounts, memberships and payments, usage, price alerts and reset requests. */
export function notificationsConsumer({
  kafka,
  prefix,
  logger,
  handle,
  sessionTimeoutMs,
}: {
  kafka: Kafka;
  prefix: string;
  logger: Logger;
  handle: (event: Envelope) => Promise<void>;
  sessionTimeoutMs?: number;
}): EventConsumer {
  return createEventConsumer({
    kafka,
    prefix,
    logger,
    groupId: prefix ? `${prefix}.${NOTIFICATIONS_GROUP}` : NOTIFICATIONS_GROUP,
    topics: [Topic.user, Topic.passwordReset, Topic.membership, Topic.usage, Topic.collection],
    sessionTimeoutMs,
    handle,
  });
}
