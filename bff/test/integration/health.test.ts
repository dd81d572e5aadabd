import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_NAMES, type ServiceName } from '@kicksight/contracts';
import { Cleanups, TEST_SERVICE_TOKEN, createTestTopics, startServiceProcess, testKafka, type ServiceProcess } from '@kicksight/testkit';
import type { SystemHealth } from '../../src/health/system-health.ts';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const services = new Map<ServiceName, ServiceProcess>();
let bffUrl: string;

beforeAll(async () => {
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_health');
  cleanups.add(topics.drop);
  // Every service as its main.ts runs it, on the run's servers and topics.
  await Promise.all(
    SERVICE_NAMES.map(async (name) => {
      services.set(name, await startServiceProcess(name, { stack, prefix: topics.prefix, cleanups }));
    }),
  );
  const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, services.get(name)!.url]));
  bffUrl = (await startBff({ stack, prefix: topics.prefix, cleanups, start: true, env: { ...urls, SERVICE_TOKEN: TEST_SERVICE_TOKEN } })).url;
}, 120_000);

afterAll(() => cleanups.run());

describe('GET /api/health', () => {
  it('lists every service as ready, with the stores and broker each one checked', async () => {
    const response = await fetch(`${bffUrl}/api/health`);
    const { data } = (await response.json()) as { data: SystemHealth };
    expect(response.status).toBe(200);
    expect(data.status).toBe('ok');
    expect(Object.keys(data.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) expect(data.services[name]?.status, name).toBe('ready');
    expect(Object.keys(data.services.auth!.checks!)).toEqual(expect.arrayContaining(['kafka', 'postgres', 'redis']));
    expect(Object.keys(data.services.catalog!.checks!)).toEqual(expect.arrayContaining(['kafka', 'mongo', 'redis']));
    expect(data.bff.checks.redis?.ok).toBe(true);
    expect(data.bff.checks.kafka?.ok).toBe(true);
  });

  it('reports a service that stopped as unreachable and the system as degraded', async () => {
    await services.get('prediction')!.stop();
    const response = await fetch(`${bffUrl}/api/health`);
    const { data } = (await response.json()) as { data: SystemHealth };
    expect(response.status).toBe(503);
    expect(data.status).toBe('degraded');
    expect(data.services.prediction).toMatchObject({ status: 'unreachable', error: 'not reachable' });
    expect(data.services.auth?.status).toBe('ready');
  });
});
