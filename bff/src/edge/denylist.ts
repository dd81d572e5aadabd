import { ACCESS_TOKEN_TTL_MS, isEvent, type Envelope } from '@kicksight/contracts';
import type { Clock } from '@kicksight/platform';

/** Access tokens live at most this long, so a deleted account is refused for as long after its deletion. */
export const DENYLIST_TTL_MS = ACCESS_TOKEN_TTL_MS;

/** Seconds a deletion still has to be enforced: the token lifetime counted from the deletion, or 0 when it has passed. */
export function denylistTtlSeconds(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((deletedAt.getTime() + DENYLIST_TTL_MS - now.getTime()) / 1000));
}

export interface Denylist {
  /** Whether the account was deleted while tokens issued before that may still be valid. */
  isDenied(userId: string): boolean;
  /** Refuses the account's tokens for the next `ttlSeconds`. */
  deny(userId: string, ttlSeconds: number): void;
  /** Whether the sign-in was ended (signed out) while its access tokens may still be valid. */
  isSessionEnded(sessionId: string): boolean;
  /** Refuses the sign-in's access tokens for the next `ttlSeconds`. */
  endSession(sessionId: string, ttlSeconds: number): void;
  /** Accounts currently refused. */
  readonly size: number;
}

/**
 * Deleted accounts, kept in the memory of each BFF pod (userId -> until when), so the check costs no
 * round trip. Every pod reads the whole `user` topic itself (see user-events.ts): a pod that starts
 * after a deletion still learns it from the topic.
 */
export function createDenylist(clock: Clock): Denylist {
  // Deleted accounts by user id, ended sign-ins as `session:<id>`.
  const until = new Map<string, number>();
  const sessionKey = (sessionId: string) => `session:${sessionId}`;
  function isDenied(key: string): boolean {
    const end = until.get(key);
    if (end === undefined) return false;
    if (clock.now().getTime() < end) return true;
    until.delete(key);
    return false;
  }
  function deny(key: string, ttlSeconds: number): void {
    const now = clock.now().getTime();
    // Deletions and sign-outs are few: ended entries are dropped here rather than by a timer.
    for (const [id, end] of until) if (end <= now) until.delete(id);
    const end = now + ttlSeconds * 1000;
    if (ttlSeconds > 0 && end > (until.get(key) ?? 0)) until.set(key, end);
  }
  return {
    isDenied,
    deny,
    isSessionEnded: (sessionId) => isDenied(sessionKey(sessionId)),
    endSession: (sessionId, ttlSeconds) => deny(sessionKey(sessionId), ttlSeconds),
    get size() {
      return until.size;
    },
  };
}

/** Whether a sign-in can no longer act: its account was deleted, or it was signed out. */
export function signInEnded(denylist: Pick<Denylist, 'isDenied' | 'isSessionEnded'>, { id, sessionId }: { id: string; sessionId?: string }): boolean {
  return denylist.isDenied(id) || (sessionId !== undefined && denylist.isSessionEnded(sessionId));
}

/** Handles `user.deleted` and `user.signed_out`: the account's, or the sign-in's, still-valid tokens are refused from now on. */
export function denylistHandler(denylist: Pick<Denylist, 'deny' | 'endSession'>, clock: Clock) {
  return async (event: Envelope): Promise<void> => {
    // Tokens issued before the event are refused for as long as they can live; an older event no longer matters.
    const ttl = () => denylistTtlSeconds(new Date(event.occurredAt), clock.now());
    if (isEvent(event, 'user.deleted@1') && ttl() > 0) denylist.deny(event.data.userId, ttl());
    if (isEvent(event, 'user.signed_out@1') && ttl() > 0) denylist.endSession(event.data.sessionId, ttl());
  };
}
