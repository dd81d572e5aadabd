import { afterEach, describe, expect, it } from 'vitest';
import { KafkaRequestQueueClass, type KafkaRequestQueue } from './kafka-request-queue.ts';

const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const queues: KafkaRequestQueue[] = [];
const newQueue = () => {
  const queue = new KafkaRequestQueueClass({ maxInFlightRequests: 1, requestTimeout: 30_000, enforceRequestTimeout: true, clientId: 'test', broker: '127.0.0.1:9092', logger });
  queues.push(queue);
  return queue;
};
afterEach(() => {
  for (const queue of queues.splice(0)) if (queue.throttleCheckTimeoutId) clearTimeout(queue.throttleCheckTimeoutId);
});

describe("kafkajs's request queue of a broker connection", () => {
  it('arms no timer after looking at an empty queue (kafkajs would look again 1 ms later, forever)', () => {
    const queue = newQueue();
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('looks again while requests wait: after the throttle the broker asked for, else after 10 ms', async () => {
    const throttled = newQueue();
    throttled.throttledUntil = Date.now() + 60_000;
    throttled.pending.push({});
    throttled.scheduleCheckPendingRequests();
    expect(throttled.throttleCheckTimeoutId).not.toBeNull();

    const waiting = newQueue();
    let looked = 0;
    waiting.pending.push({});
    waiting.checkPendingRequests = () => void (looked += 1);
    waiting.scheduleCheckPendingRequests();
    expect(waiting.throttleCheckTimeoutId).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(looked).toBe(1);
    expect(waiting.throttleCheckTimeoutId).toBeNull();
  });
});
