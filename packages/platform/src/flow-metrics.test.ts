import { describe, expect, it } from 'vitest';
import type { Kafka } from 'kafkajs';
import { readFlow, watchConsumerLag, watchOutbox, watchQueue } from './flow-metrics.ts';

/** A broker's admin answering fixed offsets: the log's end per partition and the group's committed offsets. */
function brokerWith(ends: number[], committed: number[]): Kafka {
  const admin = {
    connect: async () => {},
    disconnect: async () => {},
    fetchTopicOffsets: async () => ends.map((high, partition) => ({ partition, high: String(high), low: '0', offset: String(high) })),
    fetchOffsets: async ({ topics }: { topics: string[] }) => topics.map((topic) => ({ topic, partitions: committed.map((offset, partition) => ({ partition, offset: String(offset) })) })),
  };
  return { admin: () => admin } as unknown as Kafka;
}

describe('readFlow', () => {
  it('sums a group’s lag, names its worst partition, adds up the outboxes and names what did not answer in time', async () => {
    const unwatch = [
      watchConsumerLag(brokerWith([10, 50, 7], [10, 20, -1]), 'billing-events', ['collection']),
      watchOutbox(async () => ({ pending: 4, oldestAgeSeconds: 12 })),
      watchOutbox(async () => ({ pending: 1, oldestAgeSeconds: 75 })),
      watchQueue({ name: 'email', getJobCounts: async () => ({ waiting: 2, delayed: 1, failed: 0 }) }),
      watchQueue({ name: 'stuck', getJobCounts: () => new Promise(() => {}) }),
    ];
    try {
      const flow = await readFlow(100);
      expect(flow.consumers).toEqual([{ group: 'billing-events', lag: 37, worst: { topic: 'collection', partition: 1, lag: 30 } }]);
      expect(flow.outbox).toEqual({ pending: 5, oldestAgeSeconds: 75 });
      expect(flow.queues).toEqual([{ name: 'email', waiting: 2, delayed: 1, failed: 0 }]);
      expect(flow.unreadable).toEqual(['queue:stuck']);
    } finally {
      for (const stop of unwatch) await stop();
    }
  });

  it('reports no outbox in a process without one', async () => {
    expect(await readFlow()).toEqual({ consumers: [], outbox: null, queues: [], unreadable: [] });
  });
});
