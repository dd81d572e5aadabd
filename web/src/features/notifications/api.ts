import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface AppNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
  /** The sneaker it is about (a price alert), else null. */
  sneakerId: string | null;
  /** Where it leads in the app, when somewhere. */
  link: string | null;
}

type Raw = Partial<AppNotification> & { id: string; isRead?: boolean; readAt?: string | null; created_at?: string; data?: { sneakerId?: string } | null };

/** One notification as the app shows it, whichever of the usual spellings the server uses. */
function toNotification(raw: Raw): AppNotification {
  const sneakerId = raw.sneakerId ?? raw.data?.sneakerId ?? null;
  return {
    id: raw.id,
    type: raw.type ?? 'info',
    title: raw.title ?? '',
    message: raw.message ?? '',
    read: raw.read ?? raw.isRead ?? Boolean(raw.readAt),
    createdAt: raw.createdAt ?? raw.created_at ?? new Date(0).toISOString(),
    sneakerId,
    link: raw.link ?? (sneakerId ? `/admin/product/${encodeURIComponent(sneakerId)}` : null),
  };
}

/** One page of the list, with the member's unread count across all pages. */
export interface NotificationPage {
  notifications: AppNotification[];
  unreadCount: number;
  hasNextPage: boolean;
}

/** A page comes as `{notifications, unreadCount, pagination}` or as a bare array (one page, counted here). */
function toNotificationPage(body: unknown): NotificationPage {
  const envelope = (Array.isArray(body) ? { notifications: body } : (body ?? {})) as { notifications?: unknown[]; unreadCount?: number; pagination?: { hasNextPage?: boolean } };
  const notifications = ((envelope.notifications ?? []) as Raw[]).filter((n) => n && typeof n.id === 'string').map(toNotification);
  return {
    notifications,
    unreadCount: envelope.unreadCount ?? notifications.filter((n) => !n.read).length,
    hasNextPage: envelope.pagination?.hasNextPage ?? false,
  };
}

/**
 * The notification list, newest first: its first `pages` pages (20 each), read together, fresh for a minute;
 * the live event stream invalidates every length of it (`lists`).
 */
export const notificationQueries = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (pages = 1) =>
    queryOptions({
      queryKey: ['notifications', 'list', pages],
      queryFn: async ({ signal }) =>
        Promise.all(Array.from({ length: pages }, async (_, i) => toNotificationPage(await api.get<unknown>('/notifications', { signal, query: { page: i + 1 } })))),
      // Showing more keeps the pages shown until the longer list has come.
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      retry: 1,
    }),
};

export const notificationsApi = {
  markRead: (id: string) => api.put<unknown>(`/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: () => api.put<unknown>('/notifications/read-all'),
  remove: (id: string) => api.del<unknown>(`/notifications/${encodeURIComponent(id)}`),
};
