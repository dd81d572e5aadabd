import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, createTestTopics, deadUrl, serviceUrlEnv, startServiceProcess, testKafka, waitFor, type ServiceProcess } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
let replicas: ServiceProcess[];
let bff: string;

beforeAll(async () => {
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_restart');
  cleanups.add(topics.drop);
  // Two replicas of one service behind the BFF, as a rolling restart meets them.
  replicas = await Promise.all([0, 1].map(() => startServiceProcess('billing', { stack, prefix: topics.prefix, cleanups, env: { SHUTDOWN_GRACE_MS: '5000' } })));
  const started = await startBff({
    stack,
    prefix: topics.prefix,
    cleanups,
    env: { ...serviceUrlEnv({ billing: replicas.map((r) => r.url).join(',') }, await deadUrl()), RATE_LIMIT_POINTS: '100000' },
  });
  bff = started.url;
}, 120_000);
afterAll(() => cleanups.run());

describe('SIGTERM to a replica under load', () => {
  it('fails no request: readiness goes off, requests in flight finish, the next ones go to the other replica', async () => {
    const statuses = new Map<number, number>();
    let running = true;
    const worker = async () => {
      while (running) {
        const response = await fetch(`${bff}/api/membership/plans`).catch(() => undefined);
        const status = response?.status ?? 0;
        await response?.arrayBuffer();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const load = Array.from({ length: 8 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stopping = replicas[0]!.stop(10_000);
    // Readiness is the first thing to go: within a moment of the signal (which the process handles on its next
    // turn), while its requests in flight still drain.
    const readiness = () => fetch(`${replicas[0]!.url}/readyz`).then((r) => r.status, () => 0);
    await waitFor(async () => [503, 0].includes(await readiness()), { timeoutMs: 1_000, intervalMs: 20, message: 'readiness to go off after SIGTERM' });
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running = false;
    await Promise.all(load);
    const answered = Object.fromEntries(statuses);
    expect(answered).toEqual({ 200: expect.any(Number) });
    expect(answered[200]).toBeGreaterThan(50);
  });
});
