import { queryOptions } from '@tanstack/react-query';
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

/** The list comes as an array or as `{notifications}`. */
function toNotificationList(body: unknown): AppNotification[] {
  const list = Array.isArray(body) ? body : ((body as { notifications?: unknown[] } | null)?.notifications ?? []);
  return (list as Raw[]).filter((n) => n && typeof n.id === 'string').map(toNotification);
}

/** The notification list, fresh for a minute; the live event stream invalidates it. */
export const notificationQueries = {
  all: ['notifications'] as const,
  list: () =>
    queryOptions({
      queryKey: ['notifications', 'list'],
      queryFn: async ({ signal }) => toNotificationList(await api.get<unknown>('/notifications', { signal })),
      staleTime: 60_000,
      retry: 1,
    }),
};

export const notificationsApi = {
  markRead: (id: string) => api.put<unknown>(`/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: () => api.put<unknown>('/notifications/read-all'),
  remove: (id: string) => api.del<unknown>(`/notifications/${encodeURIComponent(id)}`),
};
