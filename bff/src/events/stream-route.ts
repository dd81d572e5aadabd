import type { RequestHandler } from 'express';
import { AppError, type Clock } from '@kicksight/platform';
import type { Push, StreamHub } from './hub.ts';
import { openSse, type SseStream } from './sse.ts';

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

export interface EventStreams {
  /** `GET /api/events`: the signed-in user's live events (the edge has verified the token). */
  handler: RequestHandler;
  /** Ends every open stream (on shutdown: browsers reconnect to another pod). */
  closeAll(): void;
}

export function createEventStreams({ hub, clock, heartbeatMs }: { hub: StreamHub; clock: Clock; heartbeatMs: number }): EventStreams {
  const open = new Set<SseStream>();

  const handler: RequestHandler = async (req, res, next) => {
    const identity = req.identity;
    if (!identity) return next(AppError.unauthorized('Authentication required'));
    // Pushes that arrive between the subscription and the stream's opening wait here.
    const early: Push[] = [];
    let deliver: (push: Push) => void = (push) => early.push(push);
    let stopListening: () => void;
    try {
      // Subscribe before answering, so nothing published after the client sees the stream open is missed.
      stopListening = await hub.listen(identity.principal.id, (push) => deliver(push));
    } catch (err) {
      return next(AppError.unavailable('Live updates are unavailable right now. Please try again shortly.', err));
    }
    if (req.socket.destroyed) {
      // The client left while the subscription was being made.
      stopListening();
      return;
    }
    const untilExpiry = Math.min(MAX_TIMER_MS, Math.max(0, identity.expiresAt - clock.now().getTime()));
    const expiry = setTimeout(() => {
      stream.send({ event: 'reauth', data: { reason: 'token_expired' } });
      stream.end();
    }, untilExpiry);
    const stream = openSse(res, {
      heartbeatMs,
      onClose: () => {
        clearTimeout(expiry);
        stopListening();
        open.delete(stream);
      },
    });
    open.add(stream);
    deliver = (push) => stream.send(push);
    for (const push of early) stream.send(push);
  };

  return {
    handler,
    closeAll() {
      for (const stream of open) stream.end();
    },
  };
}
