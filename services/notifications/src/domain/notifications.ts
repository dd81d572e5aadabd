import { randomUUID } from 'node:crypto';
import { paginate, type Notification, type NotificationType } from '@kicksight/contracts';
import { AppError, enqueueEvents, withTransaction, type Clock, type Pool, type Queryable } from '@kicksight/platform';
import { notificationCreatedEvent } from '../events/publish.ts';
import { deleteNotification, insertNotification, listNotifications, markAllRead, markRead, unreadCount, type NewNotification } from '../store/notifications.ts';

export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  /** The sneaker it is about (a price alert). */
  sneakerId?: string | null;
}

/** Stores a notification and its notification.created event in the caller's transaction. */
export async function addNotification(client: Queryable, draft: NotificationDraft, context: { clock: Clock; correlationId?: string }): Promise<NewNotification> {
  const notification = { id: randomUUID(), ...draft, sneakerId: draft.sneakerId ?? null };
  await insertNotification(client, notification, context.clock.now());
  await enqueueEvents(client, [notificationCreatedEvent(notification, context)], context.clock);
  return notification;
}

const notFound = () => AppError.notFound('Notification not found');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member's in-app notifications; every call touches the caller's own only. */
export function createNotifications({ pool, clock }: { pool: Pool; clock: Clock }) {
  return {
    create: (draft: NotificationDraft, correlationId?: string) => withTransaction(pool, (client) => addNotification(client, draft, { clock, correlationId })),
    async list(userId: string, { page, limit, unreadOnly }: { page: number; limit: number; unreadOnly: boolean }) {
      const { rows, total, unread } = await listNotifications(pool, userId, { offset: (page - 1) * limit, limit, unreadOnly });
      return { notifications: rows, unreadCount: unread, pagination: paginate(total, page, limit) };
    },
    async markRead(userId: string, id: string): Promise<Notification> {
      if (!UUID.test(id)) throw notFound();
      return (await markRead(pool, userId, id, clock.now())) ?? Promise.reject(notFound());
    },
    async markAllRead(userId: string) {
      const updated = await markAllRead(pool, userId, clock.now());
      return { updated, unreadCount: await unreadCount(pool, userId) };
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!UUID.test(id) || !(await deleteNotification(pool, userId, id))) throw notFound();
    },
  };
}
export type Notifications = ReturnType<typeof createNotifications>;
