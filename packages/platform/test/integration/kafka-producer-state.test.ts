import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Topic } from '@kicksight/contracts';
import { createKafkaFaultProxy, createTestTopics, readTopic, testKafka, type Proxy } from '@kicksight/testkit';
import { createEventProducer, newEvent, systemClock, topicName, type EventProducer } from '../../src/index.ts';

const stack = inject('stack');
const kafka = testKafka(stack.kafkaBrokers);
let proxy: Proxy;
let prefix: string;
let drop: () => Promise<void> = async () => {};
let producer: EventProducer;

beforeAll(async () => {
  ({ prefix, drop } = await createTestTopics(kafka, 'producer_state'));
  proxy = await createKafkaFaultProxy(stack);
  // The producer reaches the broker only through the proxy.
  producer = createEventProducer(testKafka([stack.kafkaFaultBroker]), { prefix });
  await producer.connect();
});
afterAll(async () => {
  await producer?.disconnect();
  await proxy?.remove();
  await drop();
});

/** The broker's answers stop reaching the producer, and its connections close a second later; requests still arrive. */
const toxics = (method: 'POST' | 'DELETE', path: string, body?: unknown) =>
  fetch(`${stack.toxiproxy}/proxies/${proxy.name}/toxics${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.arrayBuffer());

const userUpdated = (userId: string) => ({ key: 'one-key', envelope: newEvent('user.updated@1', { userId, email: `${userId}@example.com`, name: 'Ana', emailNotifications: true }, { clock: systemClock }) });

describe('the event producer', () => {
  it('sends again after the broker wrote a batch whose answer was lost and the next batch differs (its sequence numbers no longer match)', async () => {
    await producer.send([userUpdated('u-0')]);
    await toxics('POST', '', { name: 'lost-answers', type: 'timeout', stream: 'downstream', toxicity: 1, attributes: { timeout: 1_000 } });
    // The broker writes these two, but the producer never learns it and gives up.
    await expect(producer.send([userUpdated('u-1'), userUpdated('u-2')])).rejects.toThrow();
    await toxics('DELETE', '/lost-answers');
    // As the outbox relay does: the next batch is a different one (one more row pending, or one fewer).
    const next = userUpdated('u-3');
    let sent = false;
    for (let attempt = 0; attempt < 3 && !sent; attempt++) sent = await producer.send([next]).then(() => true, () => false);
    expect(sent).toBe(true);
    const read = await readTopic(kafka, topicName(prefix, Topic.user), { until: (messages) => messages.some((m) => String(m.value).includes(next.envelope.id)) });
    expect(read.length).toBeGreaterThanOrEqual(2);
  });
});
