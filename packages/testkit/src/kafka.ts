import { ensureTopics, type Kafka } from '@kicksight/platform';
import { uniqueName } from './names.ts';
import { waitFor } from './wait.ts';

export interface ReadMessage {
  key: string | undefined;
  value: string;
  headers: Record<string, string>;
  partition: number;
  offset: string;
}

/**
 * Reads a topic from the beginning with a consumer group of its own until `until` is satisfied
 * (or the deadline passes), then returns everything read.
 */
export async function readTopic(
  kafka: Kafka,
  topic: string,
  { until, timeoutMs = 20_000 }: { until: (messages: ReadMessage[]) => boolean; timeoutMs?: number },
): Promise<ReadMessage[]> {
  const consumer = kafka.consumer({ groupId: `reader-${topic}-${Math.random().toString(36).slice(2)}`, sessionTimeout: 10_000 });
  const messages: ReadMessage[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
        messages.push({ key: message.key?.toString(), value: message.value?.toString() ?? '', headers, partition, offset: message.offset });
      },
    });
    await waitFor(() => until(messages), { timeoutMs, message: `messages on ${topic}` });
    return messages;
  } finally {
    await consumer.disconnect();
  }
}

/** Creates the contracts' topics under a prefix of this test file's own; `drop` deletes them afterwards. */
export function createTestTopics(kafka: Kafka, label: string, partitions = 1): Promise<{ prefix: string; drop: () => Promise<void> }> {
  return createTopicsUnder(kafka, uniqueName(label), partitions);
}

/** Creates the contracts' topics under the given prefix; `drop` deletes them afterwards. */
export async function createTopicsUnder(kafka: Kafka, prefix: string, partitions = 1): Promise<{ prefix: string; drop: () => Promise<void> }> {
  const topics = await ensureTopics(kafka, { prefix, partitions });
  return {
    prefix,
    drop: async () => {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.deleteTopics({ topics, timeout: 10_000 });
      } finally {
        await admin.disconnect();
      }
    },
  };
}
