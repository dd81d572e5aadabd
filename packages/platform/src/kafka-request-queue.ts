import { createRequire } from 'node:module';

/** What is touched here of kafkajs's queue of the requests of one broker connection. */
export interface KafkaRequestQueue {
  pending: unknown[];
  /** Epoch ms until which the broker asked the client to hold its requests (-1: never). */
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** How soon kafkajs looks again at requests waiting for a free in-flight slot (its own interval). */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/**
 * kafkajs 2.2.4 arms a new timer after every look at a connection's waiting requests, even when none waits and
 * the broker throttles nothing: the delay is then negative, Node runs it after 1 ms, and every broker connection
 * of the process looks at an empty queue a thousand times a second for as long as it lives (kafkajs issue 1751,
 * the `TimeoutNegativeWarning`). That is CPU and an event-loop wake-up every millisecond taken from the requests
 * a process serves. A look is needed only while requests wait: a request that cannot go out at once arms it
 * (`push`), and a finished request looks at the queue itself.
 */
export function scheduleCheckWhileWaiting(this: KafkaRequestQueue): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const throttledForMs = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttledForMs > 0 ? throttledForMs : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

/** kafkajs's request queue class (only platform imports kafkajs). */
export const KafkaRequestQueueClass = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as new (options: Record<string, unknown>) => KafkaRequestQueue;

KafkaRequestQueueClass.prototype.scheduleCheckPendingRequests = scheduleCheckWhileWaiting;
