// Kafka from its image (scripts/images.sh stores) through the test kit's containers: the pinned broker's jars, a topic
// created, a message sent and read back.
import { storeContainers, type StoreContainer } from '@kicksight/testkit/containers';
import { pinnedVersions } from '@kicksight/testkit/images';
import { testKafka, waitFor } from '@kicksight/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';

let kafka: StoreContainer<{ brokers: string[] }>;
beforeAll(async () => {
  kafka = await storeContainers.kafka();
});
afterAll(() => kafka?.stop());

it('runs the pinned Kafka and carries a message', async () => {
  const v = pinnedVersions();
  const jars = await kafka.container.exec(['ls', '/opt/kafka/libs']);
  expect(jars.output).toContain(`kafka_${v.KAFKA_SCALA_VERSION}-${v.KAFKA_VERSION}.jar`);

  const client = testKafka(kafka.address.brokers);
  const admin = client.admin();
  const producer = client.producer();
  const consumer = client.consumer({ groupId: 'images-kafka' });
  try {
    await admin.connect();
    expect(await admin.createTopics({ topics: [{ topic: 'pairs', numPartitions: 1 }], waitForLeaders: true })).toBe(true);
    await producer.connect();
    await producer.send({ topic: 'pairs', messages: [{ key: 'p1', value: 'Jordan 1' }] });
    const read: string[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: 'pairs', fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void read.push(String(message.value)) });
    await waitFor(() => read.length > 0, { timeoutMs: 30_000, intervalMs: 200, message: 'the message read back' });
    expect(read).toEqual(['Jordan 1']);
  } finally {
    await Promise.allSettled([consumer.disconnect(), producer.disconnect(), admin.disconnect()]);
  }
});
