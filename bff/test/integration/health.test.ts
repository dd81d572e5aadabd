import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_NAMES, type ServiceName } from '@kicksight/contracts';
import { closeServer, listen, openInfra, type ServiceApp } from '@kicksight/platform';
import { createTestDatabase, createTestTopics, testKafka, uniqueName } from '@kicksight/testkit';
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
let prefix: string;
const cleanups: (() => Promise<unknown>)[] = [];
const servers = new Map<ServiceName, Server>();
let bffUrl: string;


const env = (extra: Record<string, string>) => ({
  SERVICE_TOKEN: 'integration-service-token',
  REDIS_URL: stack.redis,
  KAFKA_BROKERS: stack.kafkaBrokers.join(','),
  KAFKA_TOPIC_PREFIX: prefix,
  ...extra,
});

/** Starts one service the way its main.ts does, on a free port, against the shared servers. */
async function startService(name: ServiceName): Promise<string> {
  let databaseUrl: string | undefined;
  if (['auth', 'collection', 'billing', 'notifications'].includes(name)) {
    const db = await createTestDatabase(stack.postgres, `${name}_health`);
    cleanups.push(() => db.drop());
    databaseUrl = db.url;
  }
  const mongoUrl = name === 'catalog' ? `${stack.mongo.replace(/\/$/, '')}/${uniqueName('catalog')}` : undefined;
  const signingKeys = JSON.stringify([await generateSigningKey('health')]);
  const vars = env({ JWT_SIGNING_KEYS: signingKeys, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(mongoUrl ? { MONGO_URL: mongoUrl } : {}) });
  const { infra, close } = await openInfra({
    name,
    logLevel: 'silent',
    postgres: databaseUrl ? { url: databaseUrl, migrationsDir: fileURLToPath(new URL(`../../../services/${name}/src/store/migrations`, import.meta.url)) } : undefined,
    mongoUrl,
    redisUrl: stack.redis,
    kafka: { brokers: stack.kafkaBrokers, prefix },
    outbox: databaseUrl !== undefined,
  });
  cleanups.push(close);
  const keys = await loadSigningKeys(signingKeys);
  const apps: Record<ServiceName, () => ServiceApp> = {
    auth: () => createAuth({ infra, config: authConfig(vars), keys }),
    catalog: () => createCatalog({ infra, config: catalogConfig(vars) }),
    collection: () => createCollection({ infra, config: collectionConfig(vars) }),
    billing: () => createBilling({ infra, config: billingConfig(vars) }),
    prediction: () => createPrediction({ infra, config: predictionConfig(vars) }),
    notifications: () => createNotifications({ infra, config: notificationsConfig(vars) }),
  };
  const service = apps[name]();
  await service.start();
  cleanups.push(() => service.stop());
  const { server, url } = await listen(service.app, 0, '127.0.0.1');
  servers.set(name, server);
  cleanups.push(() => closeServer(server, 1_000));
  return url;
}

beforeAll(async () => {
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_health');
  prefix = topics.prefix;
  cleanups.push(topics.drop);
  const urls = await Promise.all(SERVICE_NAMES.map(async (name) => [`${name.toUpperCase()}_URL`, await startService(name)] as const));
  const config = loadConfig(env({ ...Object.fromEntries(urls), LOG_LEVEL: 'silent' }));
  const { infra, close } = await openInfra({ name: 'bff', logLevel: 'silent', redisUrl: stack.redis, kafka: { brokers: stack.kafkaBrokers, prefix } });
  cleanups.push(close);
  const bff = createApp({ infra, config });
  await bff.start();
  cleanups.push(() => bff.stop());
  const { server, url } = await listen(bff.app, 0, '127.0.0.1');
  cleanups.push(() => closeServer(server, 1_000));
  bffUrl = url;
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe('GET /api/health', () => {
  it('lists every service as ready, with the stores and broker each one checked', async () => {
    const response = await fetch(`${bffUrl}/api/health`);
    const { data } = (await response.json()) as { data: SystemHealth };
    expect(response.status).toBe(200);
    expect(data.status).toBe('ok');
    expect(Object.keys(data.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) expect(data.services[name]?.status, name).toBe('ready');
    expect(Object.keys(data.services.auth!.checks!).sort()).toEqual(['kafka', 'postgres', 'redis']);
    expect(Object.keys(data.services.catalog!.checks!).sort()).toEqual(['kafka', 'mongo', 'redis']);
    expect(data.bff.checks.redis?.ok).toBe(true);
    expect(data.bff.checks.kafka?.ok).toBe(true);
  });

  it('reports a service that stopped as unreachable and the system as degraded', async () => {
    await closeServer(servers.get('prediction')!, 1_000);
    const response = await fetch(`${bffUrl}/api/health`);
    const { data } = (await response.json()) as { data: SystemHealth };
    expect(response.status).toBe(503);
    expect(data.status).toBe('degraded');
    expect(data.services.prediction).toMatchObject({ status: 'unreachable', error: 'not reachable' });
    expect(data.services.auth?.status).toBe('ready');
  });
});
