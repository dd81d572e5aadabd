/**
 * The replicas of one service as a caller sees them (the BFF's proxy, one service calling another): requests
 * go to each in turn, and a replica that refused or dropped a connection a moment ago (stopping, restarting)
 * is passed over while another one is there. As a Kubernetes Service spreads over its pods, for callers that
 * are given each replica's address.
 */

/** How long a replica that refused a connection is passed over. */
export const REPLICA_GONE_MS = 2_000;

/** Connection errors of a replica that is gone (or going): the request may be tried on another one. */
const REFUSED = 'ECONNREFUSED';
const DROPPED = 'ECONNRESET';

/** Methods whose request changes nothing: safe to send again to another replica, whatever happened to the first. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ReplicaSet<T> {
  readonly size: number;
  /**
   * The next replica in turn, passing over those marked gone while another one is not, and never one of `tried`
   * (the replicas a request already failed on) while another one is there, gone or not.
   */
  pick(tried?: ReadonlySet<number>): { replica: T; index: number };
  /** Passes a replica over for a while: it refused or dropped a connection. */
  markGone(index: number): void;
}

const NONE: ReadonlySet<number> = new Set();

export function createReplicaSet<T>(replicas: T[], { goneMs = REPLICA_GONE_MS, now = Date.now }: { goneMs?: number; now?: () => number } = {}): ReplicaSet<T> {
  if (replicas.length === 0) throw new Error('a service needs at least one replica');
  const goneUntil = replicas.map(() => 0);
  let next = 0;
  return {
    size: replicas.length,
    pick(tried = NONE) {
      const at = now();
      const inTurn = replicas.map((_, step) => (next + step) % replicas.length);
      const untried = inTurn.filter((index) => !tried.has(index));
      const candidates = untried.length > 0 ? untried : inTurn;
      const index = candidates.find((candidate) => goneUntil[candidate]! <= at) ?? candidates[0]!;
      next = (index + 1) % replicas.length;
      return { replica: replicas[index]!, index };
    },
    markGone(index) {
      goneUntil[index] = now() + goneMs;
    },
  };
}

/** The error code of a failed connection, wherever the client put it (node:http on the error, fetch on its cause). */
export function connectionErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  return cause && cause !== err ? connectionErrorCode(cause) : undefined;
}

/**
 * Whether a request that failed on one replica may go to another: always when the replica refused the
 * connection (nothing was sent) or dropped a kept-alive connection it had closed as idle (the request never
 * reached a handler); a dropped connection otherwise only for a method that changes nothing.
 */
export function mayTryAnotherReplica(err: unknown, method: string, { reusedConnection = false }: { reusedConnection?: boolean } = {}): boolean {
  const code = connectionErrorCode(err);
  if (code === REFUSED) return true;
  if (code !== DROPPED) return false;
  return reusedConnection || IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/**
 * Makes one call on the next replica, and on the next one again while the call failed in a way that lets it
 * (each replica tried once at most); a replica that failed so is passed over for a while.
 */
export async function callReplicas<T, R>(replicas: ReplicaSet<T>, method: string, call: (replica: T) => Promise<R>): Promise<R> {
  const tried = new Set<number>();
  for (let left = replicas.size - 1; ; left--) {
    const { replica, index } = replicas.pick(tried);
    try {
      return await call(replica);
    } catch (err) {
      if (left === 0 || !mayTryAnotherReplica(err, method)) throw err;
      replicas.markGone(index);
      tried.add(index);
    }
  }
}
