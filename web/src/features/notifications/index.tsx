import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '../../session/index.ts';
import { Button, IconButton, Muted, Skeleton, timeAgo } from '../../ui/index.ts';
import { useLiveEvents } from './live-events.ts';
import { notificationQueries, notificationsApi, type AppNotification, type NotificationPage } from './api.ts';
import { cssVar } from '../../theme/cssVars.ts';

const EMPTY_TITLE = 'No notifications yet';
const EMPTY_TEXT = "You'll see price alerts and updates here";

const Wrapper = styled.div`
  position: relative;
`;
const Count = styled.span`
  position: absolute;
  top: -4px;
  right: -4px;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: ${cssVar.radius.full};
  background: ${cssVar.colors.loss};
  color: ${cssVar.colors.onLoss};
  font-size: 11px;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
`;
const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: 40;
  width: min(360px, calc(100vw - 24px));
  max-height: 480px;
  overflow: auto;
  background: ${cssVar.colors.surfaceRaised};
  color: ${cssVar.colors.text};
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.card};
  box-shadow: 0 16px 40px rgba(0, 0, 0, 0.22);
`;
const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 12px 16px;
  border-bottom: 1px solid ${cssVar.colors.border};
  h2 { font-size: 15px; margin: 0; }
`;
const HeaderActions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 13px;
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Item = styled.li<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 8px;
  padding: 12px 16px;
  border-bottom: 1px solid ${cssVar.colors.border};
  background: ${({ $unread }) => ($unread ? cssVar.colors.surface : 'transparent')};
  strong { font-size: 14px; }
  p { margin: 0; font-size: 13px; color: ${cssVar.colors.textMuted}; grid-column: 1 / -1; }
  a { color: inherit; }
`;
const Actions = styled.div`
  display: flex;
  gap: 4px;
  grid-column: 1 / -1;
  align-items: center;
`;
const More = styled.div`
  display: grid;
  gap: 8px;
  justify-items: center;
  padding: 12px 16px;
`;
const Empty = styled.div`
  padding: 32px 16px;
  text-align: center;
  display: grid;
  gap: 4px;
`;

const BellIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

const countUnread = (pages: NotificationPage[]) => pages.flatMap((page) => page.notifications).filter((n) => !n.read).length;

/** The member's unread count as the server last gave it, less what was read or deleted here since. */
const unreadOf = (pages: NotificationPage[] | undefined) => pages?.[0]?.unreadCount ?? 0;

/** The loaded notifications, each once even when a new one shifted the pages between loads. */
function loadedNotifications(pages: NotificationPage[] | undefined): AppNotification[] {
  const byId = new Map((pages ?? []).flatMap((page) => page.notifications).map((n) => [n.id, n] as const));
  return [...byId.values()];
}

/** Changes the loaded notifications in every page, keeping the unread count in step. */
function changeLoaded(loaded: NotificationPage[], fn: (items: AppNotification[]) => AppNotification[]): NotificationPage[] {
  const pages = loaded.map((page) => ({ ...page, notifications: fn(page.notifications) }));
  const noLongerUnread = countUnread(loaded) - countUnread(pages);
  return pages.map((page) => ({ ...page, unreadCount: Math.max(0, page.unreadCount - noLongerUnread) }));
}

function NotificationItem({ item, onRead, onDelete }: { item: AppNotification; onRead(): void; onDelete(): void }) {
  const title = item.link?.startsWith('/') ? <Link to={item.link}>{item.title}</Link> : item.title;
  return (
    <Item $unread={!item.read} aria-label={`${item.read ? '' : 'Unread: '}${item.title}`}>
      <strong>{title}</strong>
      <Muted>{timeAgo(item.createdAt)}</Muted>
      <p>{item.message}</p>
      <Actions>
        {!item.read && (
          <Button type="button" $size="sm" $variant="ghost" onClick={onRead}>
            Mark read
          </Button>
        )}
        <Button type="button" $size="sm" $variant="ghost" onClick={onDelete} aria-label={`Delete ${item.title}`}>
          Delete
        </Button>
      </Actions>
    </Item>
  );
}

function NotificationsPanel({ id, onNavigate }: { id: string; onNavigate(): void }) {
  const [pages, setPages] = useState(1);
  const list = useQuery(notificationQueries.list(pages));
  const queryClient = useQueryClient();
  // Every loaded length of the list (the bell's first page too) changes at once.
  const update = (fn: (items: AppNotification[]) => AppNotification[]) =>
    queryClient.setQueriesData<NotificationPage[]>({ queryKey: notificationQueries.lists }, (old) => (old ? changeLoaded(old, fn) : old));
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationQueries.lists });
  const hasOlder = list.data?.at(-1)?.hasNextPage ?? false;
  const loadingOlder = list.isPlaceholderData && list.isFetching;
  const markRead = useMutation({
    mutationFn: notificationsApi.markRead,
    onMutate: (target) => update((items) => items.map((n) => (n.id === target ? { ...n, read: true } : n))),
    onSettled: refetch,
  });
  const markAll = useMutation({
    mutationFn: notificationsApi.markAllRead,
    onMutate: () => update((items) => items.map((n) => ({ ...n, read: true }))),
    onSettled: refetch,
  });
  const remove = useMutation({
    mutationFn: notificationsApi.remove,
    onMutate: (target) => update((items) => items.filter((n) => n.id !== target)),
    onSettled: refetch,
  });
  const unread = unreadOf(list.data);
  const items = loadedNotifications(list.data);

  return (
    <Panel id={id} role="dialog" aria-label="Notifications">
      <Header>
        <h2>Notifications</h2>
        <HeaderActions>
          <Link to="/admin/alerts" onClick={onNavigate}>
            Manage alerts
          </Link>
          {unread > 0 && (
            <Button type="button" $size="sm" $variant="ghost" onClick={() => markAll.mutate()}>
              Mark all read
            </Button>
          )}
        </HeaderActions>
      </Header>
      {list.isPending && (
        <div style={{ padding: 16, display: 'grid', gap: 8 }} aria-busy="true">
          <Skeleton />
          <Skeleton $w="70%" />
          <Skeleton />
        </div>
      )}
      {list.isError && (
        <Empty role="alert">
          <strong>Notifications are unavailable right now.</strong>
          <div>
            <Button type="button" $size="sm" $variant="secondary" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </div>
        </Empty>
      )}
      {list.data && items.length === 0 && (
        <Empty>
          <strong>{EMPTY_TITLE}</strong>
          <Muted>{EMPTY_TEXT}</Muted>
        </Empty>
      )}
      {items.length > 0 && (
        <List>
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onRead={() => markRead.mutate(item.id)} onDelete={() => remove.mutate(item.id)} />
          ))}
        </List>
      )}
      {hasOlder && (
        <More>
          <Button type="button" $size="sm" $variant="secondary" disabled={loadingOlder} onClick={() => setPages((n) => n + 1)}>
            {loadingOlder ? 'Loading…' : 'Show older notifications'}
          </Button>
        </More>
      )}
    </Panel>
  );
}

/** The top bar's bell: the unread count, and the popover of the user's notifications kept live. */
export function NotificationsPopover() {
  useLiveEvents();
  const { isAuthenticated } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const list = useQuery({ ...notificationQueries.list(), enabled: isAuthenticated });
  const unread = unreadOf(list.data);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => !wrapper.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <Wrapper ref={wrapper}>
      <IconButton type="button" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <BellIcon />
        {unread > 0 && <Count aria-hidden="true">{unread > 99 ? '99+' : unread}</Count>}
      </IconButton>
      {open && <NotificationsPanel id={panelId} onNavigate={() => setOpen(false)} />}
    </Wrapper>
  );
}
