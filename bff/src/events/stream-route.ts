import type { RequestHandler } from 'express';
import { AppError, type Clock, type Principal } from '@kicksight/platform';
import type { Push, StreamHub } from './hub.ts';
import { openSse, type SseStream } from './sse.ts';

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;
/** How often open streams are checked against sign-outs and deletions that arrived while they were open. */
export const ENDED_CHECK_MS = 1_000;

export interface EventStreams {
  /** `GET /api/events`: the signed-in user's live events (the edge has verified the token). */
  handler: RequestHandler;
  /** Ends every open stream (on shutdown: browsers reconnect to another pod). */
  closeAll(): void;
}

export interface EventStreamsOptions {
  hub: StreamHub;
  clock: Clock;
  heartbeatMs: number;
  /** Whether the sign-in behind a stream has ended since it opened (signed out, or its account deleted). */
  hasEnded: (principal: Principal) => boolean;
}

/**
 * A stream lives as long as its token: it is told to sign in again and closed when the token expires, and
 * at once when its sign-in ends meanwhile (a sign-out, a password reset, a deleted account), so nothing
 * more reaches a browser that signed out.
 */
export function createEventStreams({ hub, clock, heartbeatMs, hasEnded }: EventStreamsOptions): EventStreams {
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
    const endWith = (reason: 'token_expired' | 'session_ended') => {
      stream.send({ event: 'reauth', data: { reason } });
      stream.end();
    };
    const ended = () => hasEnded(identity.principal);
    const untilExpiry = Math.min(MAX_TIMER_MS, Math.max(0, identity.expiresAt - clock.now().getTime()));
    const expiry = setTimeout(() => endWith('token_expired'), untilExpiry);
    const watch = setInterval(() => {
      if (ended()) endWith('session_ended');
    }, ENDED_CHECK_MS);
    const stream = openSse(res, {
      heartbeatMs,
      onClose: () => {
        clearTimeout(expiry);
        clearInterval(watch);
        stopListening();
        open.delete(stream);
      },
    });
    open.add(stream);
    deliver = (push) => (ended() ? endWith('session_ended') : stream.send(push));
    for (const push of early) deliver(push);
  };

  return {
    handler,
    closeAll() {
      for (const stream of open) stream.end();
    },
  };
}
