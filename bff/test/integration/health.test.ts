import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_NAMES, type ServiceName } from '@kicksight/contracts';
import { Cleanups, TEST_SERVICE_TOKEN, createTestTopics, serveOnFreePort, startServiceProcess, startTokenIssuer, testKafka, type ServiceProcess, type TokenIssuer } from '@kicksight/testkit';
import type { SystemHealth } from '../../src/health/system-health.ts';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const services = new Map<ServiceName, ServiceProcess>();
let bffUrl: string;
let internalUrl: string;
let issuer: TokenIssuer;

beforeAll(async () => {
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_health');
  cleanups.add(topics.drop);
  // Every service as its main.ts runs it, on the run's servers and topics.
  await Promise.all(
    SERVICE_NAMES.map(async (name) => {
      services.set(name, await startServiceProcess(name, { stack, prefix: topics.prefix, cleanups }));
    }),
  );
  issuer = await startTokenIssuer(cleanups);
  const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, services.get(name)!.url]));
  const bff = await startBff({ stack, prefix: topics.prefix, cleanups, start: true, env: { ...urls, SERVICE_TOKEN: TEST_SERVICE_TOKEN, AUTH_JWKS_URL: issuer.jwksUrl } });
  bffUrl = bff.url;
  internalUrl = (await serveOnFreePort(bff.app.internalApp!, cleanups)).url;
}, 120_000);

afterAll(() => cleanups.run());

/** The detailed report, as an administrator and the internal port see it. */
const detailed = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return { status: response.status, data: ((await response.json()) as { data: SystemHealth }).data };
};

describe('GET /api/health', () => {
  it('tells anyone only whether each part is up: no address, store check or timing', async () => {
    const response = await fetch(`${bffUrl}/api/health`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: unknown };
    expect(data).toEqual({ status: 'ok', bff: { status: 'ready' }, services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, { status: 'ready' }])) });
    // A member's token changes nothing; a forged administrator's token is not believed.
    for (const token of [await issuer.mint({ id: 'member-1' }), await issuer.mint({ id: 'admin-1', role: 'admin' }, { key: issuer.otherKey })]) {
      const seen = await fetch(`${bffUrl}/api/health`, { headers: { authorization: `Bearer ${token}` } });
      expect(await seen.json()).toEqual({ data });
    }
  });

  it('lists every service with the stores and broker each one checked, for an administrator and on the internal port', async () => {
    const admin = { authorization: `Bearer ${await issuer.mint({ id: 'admin-1', role: 'admin' })}` };
    for (const { status, data } of [await detailed(`${bffUrl}/api/health`, admin), await detailed(`${internalUrl}/health`)]) {
      expect(status).toBe(200);
      expect(data.status).toBe('ok');
      expect(Object.keys(data.services).sort()).toEqual([...SERVICE_NAMES].sort());
      for (const name of SERVICE_NAMES) expect(data.services[name]?.status, name).toBe('ready');
      expect(data.services.auth!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Object.keys(data.services.auth!.checks!)).toEqual(expect.arrayContaining(['kafka', 'postgres', 'redis']));
      expect(Object.keys(data.services.catalog!.checks!)).toEqual(expect.arrayContaining(['kafka', 'mongo', 'redis']));
      expect(data.bff.checks.redis?.ok).toBe(true);
      expect(data.bff.checks.kafka?.ok).toBe(true);
    }
  });

  it('serves the metrics on the internal port only', async () => {
    expect((await fetch(`${bffUrl}/metrics`)).status).toBe(404);
    const metrics = await fetch(`${internalUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^http_requests_total\{/m);
  });

  it('reports a service that stopped as unreachable and the system as degraded', async () => {
    await services.get('prediction')!.stop();
    const response = await fetch(`${bffUrl}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ data: { status: 'degraded', services: { prediction: { status: 'unreachable' }, auth: { status: 'ready' } } } });
    const { data } = await detailed(`${internalUrl}/health`);
    expect(data.services.prediction).toMatchObject({ status: 'unreachable', error: 'not reachable' });
  });
});
