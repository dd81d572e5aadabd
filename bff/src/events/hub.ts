import type { Logger, Redis } from '@kicksight/platform';
import type { PushType } from './sse.ts';

/** What travels from the pod that consumed an event to every pod holding that user's streams. */
export interface Push {
  id: string;
  event: Exclude<PushType, 'reauth'>;
  data: unknown;
}

export const userChannel = (userId: string): string => `events:user:${userId}`;
const CHANNEL = /^events:user:(.+)$/;

type Listener = (push: Push) => void;

export interface StreamHub {
  /** Publishes a push for a user to every pod. */
  publish(userId: string, push: Push): Promise<void>;
  /** Receives this user's pushes on this pod; resolves once Redis confirmed the subscription. */
  listen(userId: string, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * The Redis pub/sub side of the event stream. Each pod holds one subscriber connection and subscribes
 * to a user's channel while at least one of that user's streams is open on it.
 */
export function createStreamHub({ redis, logger }: { redis: Redis; logger: Logger }): StreamHub {
  // Subscribing waits for a connection coming up (a pod just started) but fails after one reconnection
  // attempt while Redis is away: the stream then answers 503 instead of hanging.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  subscriber.on('error', (err) => logger.warn({ err }, 'event stream subscriber connection error'));
  const listeners = new Map<string, { set: Set<Listener>; ready: Promise<unknown> }>();

  subscriber.on('message', (channel: string, raw: string) => {
    const userId = CHANNEL.exec(channel)?.[1];
    const entry = userId === undefined ? undefined : listeners.get(userId);
    if (!entry) return;
    let push: Push;
    try {
      push = JSON.parse(raw) as Push;
    } catch (err) {
      logger.warn({ err, channel }, 'unreadable push dropped');
      return;
    }
    for (const listener of entry.set) listener(push);
  });

  return {
    async publish(userId, push) {
      await redis.publish(userChannel(userId), JSON.stringify(push));
    },
    async listen(userId, listener) {
      let entry = listeners.get(userId);
      if (!entry) {
        entry = { set: new Set(), ready: subscriber.subscribe(userChannel(userId)) };
        listeners.set(userId, entry);
      }
      entry.set.add(listener);
      const current = entry;
      const stop = () => {
        current.set.delete(listener);
        if (current.set.size > 0 || listeners.get(userId) !== current) return;
        listeners.delete(userId);
        subscriber.unsubscribe(userChannel(userId)).catch((err: unknown) => logger.warn({ err }, 'unsubscribe failed'));
      };
      try {
        await current.ready;
      } catch (err) {
        stop();
        throw err;
      }
      return stop;
    },
    async close() {
      listeners.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
