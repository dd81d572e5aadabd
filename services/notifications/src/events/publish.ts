import { newEvent, type Clock, type OutgoingEvent } from '@kicksight/platform';
import type { NewNotification } from '../store/notifications.ts';

/** notification.created, keyed by the member so the BFF pushes a member's notifications in order. */
export function notificationCreatedEvent(n: NewNotification, context: { clock: Clock; correlationId?: string }): OutgoingEvent {
  const data = { userId: n.userId, notificationId: n.id, type: n.type, title: n.title, message: n.message };
  return { key: n.userId, envelope: newEvent('notification.created@1', data, context) };
}
