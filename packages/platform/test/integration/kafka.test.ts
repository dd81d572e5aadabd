import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Producer } from 'kafkajs';
import { EventValidationError, Topic, type Envelope } from '@kicksight/contracts';
import { createTestTopics, readTopic, testKafka, testLogger, waitFor } from '@kicksight/testkit';
import { createEventConsumer, createEventProducer, newEvent, systemClock, topicName, type EventConsumer, type EventProducer } from '../../src/index.ts';

const stack = inject('stack');
const kafka = testKafka(stack.kafkaBrokers);
const received: Envelope[] = [];
let topics: Awaited<ReturnType<typeof createTestTopics>>;
let prefix: string;
let producer: EventProducer;
let consumer: EventConsumer;
let raw: Producer;

beforeAll(async () => {
  topics = await createTestTopics(kafka, 'kafka', 2);
  prefix = topics.prefix;
  producer = createEventProducer(kafka, { prefix });
  consumer = createEventConsumer({
    kafka,
    groupId: `${prefix}-users`,
    topics: [Topic.user],
    prefix,
    logger: testLogger(),
    sessionTimeoutMs: 10_000,
    handle: async (event) => {
      received.push(event);
    },
  });
  await consumer.start();
  await producer.connect();
  raw = kafka.producer();
  await raw.connect();
});

afterAll(async () => {
  await consumer?.stop();
  await producer?.disconnect();
  await raw?.disconnect();
  await topics?.drop();
});

describe('Kafka event wrappers', () => {
  it('delivers an event produced with the wrapper to a consumer, validated against the contracts', async () => {
    const event = newEvent('user.updated@1', { userId: 'u-1', email: 'ana@example.com', name: 'Ana', emailNotifications: false }, { clock: systemClock, correlationId: 'req-7' });
    await producer.send([{ key: 'u-1', envelope: event }]);
    const got = await waitFor(() => received.find((e) => e.id === event.id), { message: 'the event' });
    expect(got).toEqual(event);
  });

  it('refuses to produce an envelope that breaks its schema', async () => {
    const bad = { ...newEvent('user.deleted@1', { userId: 'u-2' }, { clock: systemClock }), data: { userId: 7 } } as unknown as Envelope;
    await expect(producer.send([{ key: 'u-2', envelope: bad }])).rejects.toBeInstanceOf(EventValidationError);
  });

  it('sends a message with a wrong envelope, or no JSON at all, to the dead-letter topic', async () => {
    const before = received.length;
    const topic = topicName(prefix, Topic.user);
    await raw.send({
      topic,
      messages: [
        { key: 'u-3', value: JSON.stringify({ type: 'user.deleted', version: 1, data: { userId: 'u-3' } }) },
        { key: 'u-4', value: 'not json' },
      ],
    });
    const dead = await readTopic(kafka, `${topic}.dlq`, { until: (m) => m.length >= 2 });
    expect(dead.map((m) => m.key).sort()).toEqual(['u-3', 'u-4']);
    expect(dead.find((m) => m.key === 'u-3')?.headers['dlq-reason']).toMatch(/invalid envelope: id/);
    expect(dead[0]?.headers['dlq-source-topic']).toBe(topic);
    expect(received.length).toBe(before);
  });
});
