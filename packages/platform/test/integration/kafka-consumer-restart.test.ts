import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Topic } from '@kicksight/contracts';
import { testKafka, testLogger, waitFor } from '@kicksight/testkit';
import { PoisonMessageError, createEventConsumer, createEventProducer, newEvent, systemClock, topicName, type EventConsumer, type EventProducer } from '../../src/index.ts';

const stack = inject('stack');
const kafka = testKafka(stack.kafkaBrokers);
/** Topic names reach 249 characters at most: with this prefix the user topic has 249, its dead-letter topic is refused. */
const prefix = `restart_${randomBytes(4).toString('hex')}_`.padEnd(249 - Topic.user.length - 1, 'x');
const topic = topicName(prefix, Topic.user);
let producer: EventProducer;
const consumers: EventConsumer[] = [];

beforeAll(async () => {
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
  await admin.disconnect();
  producer = createEventProducer(kafka, { prefix });
  await producer.connect();
});
afterAll(async () => {
  for (const consumer of consumers) await consumer.stop();
  await producer?.disconnect();
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
});

/**
 * A consumer of the topic in a group of its own whose handler throws `PoisonMessageError` for the deliveries `fails`
 * picks (counted from 1): the dead-letter write is then refused by the broker (the topic name is too long), an error
 * that is not retriable reaches kafkajs, and kafkajs stops the consumer for good. `handled()` counts deliveries.
 */
function crashingConsumer(group: string, fails: (delivery: number) => boolean): { consumer: EventConsumer; handled: () => number } {
  let handled = 0;
  const consumer = createEventConsumer({
    kafka,
    groupId: `${prefix.slice(0, 40)}-${group}`,
    topics: [Topic.user],
    prefix,
    logger: testLogger(),
    sessionTimeoutMs: 10_000,
    handle: async () => {
      handled += 1;
      if (fails(handled)) throw new PoisonMessageError('never handled');
    },
  });
  consumers.push(consumer);
  return { consumer, handled: () => handled };
}

describe('the event consumer', () => {
  it('starts again after an error kafkajs treats as final, instead of staying stopped', async () => {
    expect(topic).toHaveLength(249);
    const { consumer, handled } = crashingConsumer('group', () => true);
    await consumer.start();
    await producer.send([{ key: 'u-1', envelope: newEvent('user.deleted@1', { userId: 'u-1' }, { clock: systemClock }) }]);
    await waitFor(() => handled() >= 1, { message: 'the first delivery' });
    // Started again (after a pause of a second), the consumer reads the uncommitted message once more.
    await waitFor(() => handled() >= 2, { timeoutMs: 20_000, message: 'a delivery after the consumer started again' });
    expect(handled()).toBeGreaterThanOrEqual(2);
  });

  it('pauses longer after each crash but never more than a few seconds, so it runs again soon after a broker returns', async () => {
    const { consumer, handled } = crashingConsumer('pauses', () => true);
    // The pauses its readiness announces while stopped, read as the crashes follow each other.
    const pauses: number[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const pause = await consumer.running().then(
          () => undefined,
          (err: Error) => Number(/starting it again in (\d+) ms/.exec(err.message)?.[1] ?? 0),
        );
        if (pause !== undefined) pauses.push(pause);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await consumer.start();
    // Four crashes (1, 2, 4, then 4 s again rather than 8).
    await waitFor(() => handled() >= 5, { timeoutMs: 40_000, message: 'a delivery after the fourth crash' });
    watching = false;
    await watch;
    expect(Math.max(...pauses)).toBeGreaterThan(2_000);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(4_000);
  }, 60_000);

  it('reads as not ready, naming the error, while it is stopped, and ready again once it runs', async () => {
    // The first delivery stops the consumer; the next one is handled.
    const { consumer, handled } = crashingConsumer('ready', (delivery) => delivery === 1);
    await consumer.start();
    await expect(consumer.running()).resolves.toBeUndefined();
    // The first test's message is on the topic already; this one reads from the beginning.
    await waitFor(() => handled() >= 1, { message: 'the first delivery' });
    const reason = await waitFor(() => consumer.running().then(() => undefined, (err: Error) => err.message), { timeoutMs: 5_000, message: 'readiness to name the stopped consumer' });
    expect(reason).toMatch(/stopped after an error \(.+\); starting it again in \d+ ms/);
    await waitFor(() => handled() >= 2, { timeoutMs: 20_000, message: 'a delivery after the consumer started again' });
    await expect(consumer.running()).resolves.toBeUndefined();
  });
});
