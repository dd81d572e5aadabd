import { Topic, type Envelope } from '@kicksight/contracts';
import { createEventConsumer, topicName, type Clock, type EventConsumer, type Kafka, type Logger } from '@kicksight/platform';
import type { Push, StreamHub } from './hub.ts';

/** Events older than this are not pushed (a replay after downtime); the client refetches after a reconnect anyway. */
export const MAX_PUSH_AGE_MS = 5 * 60 * 1000;

/** The stream event a browser sees for an event type, or undefined for types it does not see. */
export function pushTypeOf(eventType: string): Push['event'] | undefined {
  if (eventType === 'notification.created') return 'notification';
  if (eventType.startsWith('subscription.') || eventType.startsWith('payment.')) return 'membership';
  if (eventType.startsWith('usage.')) return 'usage';
  return undefined;
}

/** The push for an event and the user it is for, or undefined when it is not pushed. */
export function toPush(event: Envelope, now: Date): { userId: string; push: Push } | undefined {
  const type = pushTypeOf(event.type);
  const userId = (event.data as { userId?: unknown } | null)?.userId;
  if (!type || typeof userId !== 'string') return undefined;
  if (now.getTime() - Date.parse(event.occurredAt) > MAX_PUSH_AGE_MS) return undefined;
  return { userId, push: { id: event.id, event: type, data: { type: event.type, occurredAt: event.occurredAt, data: event.data } } };
}

export interface RelayOptions {
  kafka: Kafka;
  prefix: string;
  logger: Logger;
  hub: StreamHub;
  clock: Clock;
  /**
   * Runs for every event before it is pushed, on the one pod that reads it (work on state all pods
   * share: the purge of cached API-key exchanges when a subscription changes).
   */
  onEvent?: (event: Envelope) => Promise<void>;
}

/**
 * All BFF pods share one consumer group, so each event is read by one pod, which publishes it to the
 * user's Redis channel; every pod then delivers it to that user's streams open on it.
 */
export function createEventRelay({ kafka, prefix, logger, hub, clock, onEvent }: RelayOptions): EventConsumer {
  return createEventConsumer({
    kafka,
    prefix,
    groupId: topicName(prefix, 'bff-events'),
    topics: [Topic.notification, Topic.membership, Topic.usage],
    logger,
    handle: async (event) => {
      await onEvent?.(event);
      const routed = toPush(event, clock.now());
      if (routed) await hub.publish(routed.userId, routed.push);
    },
  });
}
