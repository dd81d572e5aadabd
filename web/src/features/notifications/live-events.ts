import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { session } from '../../session/session.ts';
import { useSession } from '../../session/index.ts';
import { EventStream, type LiveEvent } from './event-stream.ts';
import { notificationQueries } from './api.ts';

/** The app's one live stream (one per browser tab), opened while someone is signed in. */
const liveEvents = new EventStream({
  token: () => session.getState().tokens?.accessToken ?? null,
  refresh: () => session.refresh(),
  open: (url) => new EventSource(url),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

const MEMBERSHIP = ['membership'] as const;

/** Whether a membership event moves the user to another tier than the token carries (admins keep theirs). */
export function tierChanged(event: LiveEvent | null, tokenTier: string | undefined): boolean {
  if (tokenTier === 'admin') return false;
  const tier = event?.data?.tier;
  return typeof tier !== 'string' || tier !== tokenTier;
}
const USAGE = ['membership', 'usage'] as const;
/** The price alerts and watchlist (the alerts feature's key space). */
const ALERTS = ['alerts'] as const;

/** Whether a notification event may come from a fired price alert (an event of unknown type may too). */
export function mayFireAlert(event: LiveEvent | null): boolean {
  const type = event?.data?.type;
  return typeof type !== 'string' || type === 'price_alert';
}

/**
 * Keeps what the app shows current: a notification refetches the list (and the alerts, when a price alert
 * fired), a membership change refreshes the token and the plan and usage, a usage event the usage, and a
 * reconnect all of them.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    const unsubscribe = liveEvents.subscribe((signal, event) => {
      if (signal === 'notification') {
        void queryClient.invalidateQueries({ queryKey: notificationQueries.lists });
        if (mayFireAlert(event)) void queryClient.invalidateQueries({ queryKey: ALERTS });
      } else if (signal === 'usage') void queryClient.invalidateQueries({ queryKey: USAGE });
      else if (signal === 'membership') {
        if (tierChanged(event, session.getState().user?.membershipTier)) void session.refresh().catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: MEMBERSHIP });
      } else if (signal === 'reconnected') {
        void queryClient.invalidateQueries({ queryKey: notificationQueries.lists });
        void queryClient.invalidateQueries({ queryKey: ALERTS });
        void queryClient.invalidateQueries({ queryKey: MEMBERSHIP });
      }
    });
    liveEvents.start();
    return () => {
      unsubscribe();
      liveEvents.stop();
    };
  }, [userId, queryClient]);
}
