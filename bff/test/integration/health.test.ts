import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_NAMES, type ServiceName } from '@kicksight/contracts';
import { closeServer, listen, openInfra, type ServiceApp } from '@kicksight/platform';
import { Cleanups, stackEnv, createTestTopics, startTestService, startTokenIssuer, testKafka, type TestService, type TokenIssuer } from '@kicksight/testkit';
import { createApp as createAuth } from '../../../services/auth/src/app.ts';
import { loadConfig as authConfig } from '../../../services/auth/src/config.ts';
import { generateSigningKey, loadSigningKeys } from '../../../services/auth/src/domain/tokens.ts';
import { createApp as createCatalog } from '../../../services/catalog/src/app.ts';
import { loadConfig as catalogConfig } from '../../../services/catalog/src/config.ts';
import { createApp as createCollection } from '../../../services/collection/src/app.ts';
import { loadConfig as collectionConfig } from '../../../services/collection/src/config.ts';
import { createApp as createBilling } from '../../../services/billing/src/app.ts';
import { loadConfig as billingConfig } from '../../../services/billing/src/config.ts';
import { createApp as createPrediction } from '../../../services/prediction/src/app.ts';
import { loadConfig as predictionConfig } from '../../../services/prediction/src/config.ts';
import { createApp as createNotifications } from '../../../services/notifications/src/app.ts';
import { loadConfig as notificationsConfig } from '../../../services/notifications/src/config.ts';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { SystemHealth } from '../../src/health/system-health.ts';

const stack = inject('stack');
const cleanups: (() => Promise<unknown>)[] = [];
const services = new Map<ServiceName, TestService>();
let bffUrl: string;
let internalUrl: string;
let issuer: TokenIssuer;
const issuerCleanups = new Cleanups();

const migrationsOf = (name: ServiceName) => fileURLToPath(new URL(`../../../services/${name}/src/store/migrations`, import.meta.url));

/** Starts one service the way its main.ts does, on a free port, against the shared servers. */
async function startService(name: ServiceName): Promise<string> {
  const keys = JSON.stringify([await generateSigningKey('health')]);
  const withPostgres = ['auth', 'collection', 'billing', 'notifications'].includes(name);
  const service = await startTestService({
    name,
    migrationsDir: withPostgres ? migrationsOf(name) : undefined,
    mongo: name === 'catalog',
    build: async (infra, { databaseUrl, mongoUrl, prefix }) => {
      const vars = {
        SERVICE_TOKEN: 'integration-service-token',
        ...stackEnv(stack, prefix, databaseUrl),
        JWT_SIGNING_KEYS: keys,
        ...(mongoUrl ? { MONGO_URL: mongoUrl } : {}),
      };
      const signingKeys = await loadSigningKeys(keys);
      const apps: Record<ServiceName, () => ServiceApp> = {
        auth: () => createAuth({ infra, config: authConfig(vars), keys: signingKeys }),
        catalog: () => createCatalog({ infra, config: catalogConfig(vars) }),
        collection: () => createCollection({ infra, config: collectionConfig(vars) }),
        billing: () => createBilling({ infra, config: billingConfig(vars) }),
        prediction: () => createPrediction({ infra, config: predictionConfig(vars) }),
        notifications: () => createNotifications({ infra, config: notificationsConfig(vars) }),
      };
      return apps[name]();
    },
  });
  services.set(name, service);
  cleanups.push(() => service.close());
  return service.url;
}

beforeAll(async () => {
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_health');
  cleanups.push(topics.drop);
  const urls = await Promise.all(SERVICE_NAMES.map(async (name) => [`${name.toUpperCase()}_URL`, await startService(name)] as const));
  issuer = await startTokenIssuer(issuerCleanups);
  cleanups.push(() => issuerCleanups.run());
  const config = loadConfig({
    ...Object.fromEntries(urls),
    AUTH_JWKS_URL: issuer.jwksUrl,
    SERVICE_TOKEN: 'integration-service-token',
    REDIS_URL: stack.redis,
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: topics.prefix,
    LOG_LEVEL: 'silent',
  });
  const { infra, close } = await openInfra({ name: 'bff', logLevel: 'silent', redisUrl: stack.redis, kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix } });
  cleanups.push(close);
  const bff = createApp({ infra, config });
  await bff.start();
  cleanups.push(() => bff.stop());
  const { server, url } = await listen(bff.app, 0, '127.0.0.1');
  cleanups.push(() => closeServer(server, 1_000));
  bffUrl = url;
  const internal = await listen(bff.internalApp!, 0, '127.0.0.1');
  cleanups.push(() => closeServer(internal.server, 1_000));
  internalUrl = internal.url;
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

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
    expect(data).toEqual({ status: 'ok', services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, { status: 'ready' }])) });
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
    await services.get('prediction')!.close();
    const response = await fetch(`${bffUrl}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ data: { status: 'degraded', services: { prediction: { status: 'unreachable' }, auth: { status: 'ready' } } } });
    const { data } = await detailed(`${internalUrl}/health`);
    expect(data.services.prediction).toMatchObject({ status: 'unreachable', error: 'not reachable' });
  });
});
