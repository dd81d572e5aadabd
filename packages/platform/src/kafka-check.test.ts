import { describe, expect, it } from 'vitest';
import type { Kafka } from 'kafkajs';
import { createKafkaCheck } from './kafka.ts';

/** A client whose admin answers cluster metadata when the test says so, counting what it was asked. */
function slowBroker() {
  const asked = { connections: 0, metadata: 0 };
  const answers: { resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  const kafka = {
    admin: () => ({
      connect: async () => {
        asked.connections += 1;
      },
      disconnect: async () => {},
      describeCluster: () => {
        asked.metadata += 1;
        return new Promise((resolve, reject) => answers.push({ resolve, reject }));
      },
    }),
  } as unknown as Kafka;
  return { kafka, asked, answers };
}

describe('the broker readiness check', () => {
  it('sends one metadata request at a time: checks asked meanwhile share its answer', async () => {
    const { kafka, asked, answers } = slowBroker();
    const { check } = createKafkaCheck(kafka);
    const checks = [check(), check(), check()];
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked.metadata).toBe(1);
    answers[0]!.resolve({ brokers: [] });
    await expect(Promise.all(checks)).resolves.toHaveLength(3);
  });

  it('opens a new connection after a failed check', async () => {
    const { kafka, asked, answers } = slowBroker();
    const { check } = createKafkaCheck(kafka);
    const first = check();
    await new Promise((resolve) => setImmediate(resolve));
    answers[0]!.reject(new Error('Connection error'));
    await expect(first).rejects.toThrow('Connection error');
    const second = check();
    await new Promise((resolve) => setImmediate(resolve));
    answers[1]!.resolve({ brokers: [] });
    await second;
    expect(asked.connections).toBe(2);
  });
});
