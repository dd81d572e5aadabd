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
let consumer: EventConsumer | undefined;

beforeAll(async () => {
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
  await admin.disconnect();
  producer = createEventProducer(kafka, { prefix });
  await producer.connect();
});
afterAll(async () => {
  await consumer?.stop();
  await producer?.disconnect();
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
});

describe('the event consumer', () => {
  it('starts again after an error kafkajs treats as final, instead of staying stopped', async () => {
    expect(topic).toHaveLength(249);
    let handled = 0;
    consumer = createEventConsumer({
      kafka,
      groupId: `${prefix.slice(0, 40)}-group`,
      topics: [Topic.user],
      prefix,
      logger: testLogger(),
      sessionTimeoutMs: 10_000,
      // The message can never succeed, and its dead-letter write is refused by the broker (the topic name is
      // too long): an error that is not retriable reaches kafkajs, which stops the consumer for good.
      handle: async () => {
        handled += 1;
        throw new PoisonMessageError('never handled');
      },
    });
    await consumer.start();
    await producer.send([{ key: 'u-1', envelope: newEvent('user.deleted@1', { userId: 'u-1' }, { clock: systemClock }) }]);
    await waitFor(() => handled >= 1, { message: 'the first delivery' });
    // Started again (after a pause of a second), the consumer reads the uncommitted message once more.
    await waitFor(() => handled >= 2, { timeoutMs: 20_000, message: 'a delivery after the consumer started again' });
    expect(handled).toBeGreaterThanOrEqual(2);
  });
});
