import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import {
  JWT_AUDIENCE,
  JWT_ISSUER,
  closeServer,
  connectMongo,
  createBillingClient,
  createJwtVerifier,
  createServiceClient,
  listen,
  openInfra,
  type BillingClient,
  type Infra,
} from '@kicksight/platform';
import { createTestTopics, jsonClient, movableClock, testKafka, uniqueName } from '@kicksight/testkit';
import { createApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { DEFAULT_IMPORT, runImport, type ImportOptions, type ImportReport } from '../../src/import/importer.ts';
import { createModels, ensureIndexes, type Models } from '../../src/store/models.ts';

export const SERVICE_TOKEN = 'catalog-test-service-token';

/** A catalog database of its own on the shared MongoDB-compatible server. */
export async function createCatalogDatabase(label: string): Promise<{ url: string; models: Models; drop: () => Promise<void> }> {
  const url = new URL(inject('stack').mongo);
  url.pathname = `/${uniqueName(label)}`;
  const connection = await connectMongo(url.toString());
  const models = createModels(connection);
  await ensureIndexes(models);
  return {
    url: url.toString(),
    models,
    drop: async () => {
      await connection.dropDatabase().catch(() => {});
      await connection.close();
    },
  };
}

/** Seeds a database through the import (generated breadth only, unless a data directory is given). */
export async function seed(models: Models, options: Partial<ImportOptions> = {}): Promise<ImportReport> {
  return runImport(models, { ...DEFAULT_IMPORT, dataDir: null, generate: 60, ...options }, movableClock());
}

export interface Tokens {
  token(user: { id: string; role?: 'member' | 'admin' }): Promise<string>;
  verifier: ReturnType<typeof createJwtVerifier>;
}

/** Access tokens signed with a key of this test file, and the verifier that accepts them. */
export async function testTokens(): Promise<Tokens> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const verifier = createJwtVerifier({ keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'ES256' }] }) });
  return {
    verifier,
    token: (user) =>
      new SignJWT({ email: `${user.id}@example.com`, name: 'Member', role: user.role ?? 'member', tier: 'trial' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k' })
        .setSubject(user.id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setExpirationTime('2h')
        .sign(privateKey),
  };
}

export interface CatalogApp {
  url: string;
  internalUrl: string;
  infra: Infra;
  config: Config;
  models: Models;
  service: ReturnType<typeof createApp>;
  internal: ReturnType<typeof createServiceClient>;
  close(): Promise<void>;
}

export interface StartOptions {
  mongoUrl: string;
  topicsPrefix: string;
  tokens: Tokens;
  /** Billing's internal URL and service token (a closed port to see billing unreachable). */
  billing: { url: string; serviceToken: string } | BillingClient;
  env?: Record<string, string>;
}

/** The catalog on free ports against the shared servers, started (its search index built). */
export async function startCatalog({ mongoUrl, topicsPrefix, tokens, billing, env = {} }: StartOptions): Promise<CatalogApp> {
  const stack = inject('stack');
  const config = loadConfig({
    NODE_ENV: 'test',
    SERVICE_TOKEN,
    MONGO_URL: mongoUrl,
    REDIS_URL: stack.redis,
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: topicsPrefix,
    TEST_ROUTES_ENABLED: 'true',
    RELAY_INTERVAL_MS: '100',
    RELAY_LEASE_TTL_MS: '1500',
    MARKET_FEED_ENABLED: 'false',
    SEARCH_CONSUMER_SESSION_MS: '6000',
    ...env,
  });
  const { infra, close } = await openInfra({ name: 'catalog', logLevel: process.env.TEST_LOG_LEVEL ?? 'silent', mongoUrl, redisUrl: stack.redis, kafka: { brokers: stack.kafkaBrokers, prefix: topicsPrefix } });
  const client = 'consume' in billing ? billing : createBillingClient({ baseUrl: billing.url, serviceToken: billing.serviceToken });
  const service = createApp({ infra, config, verifier: tokens.verifier, billing: client });
  await service.start();
  const pub = await listen(service.app, 0, '127.0.0.1');
  const internal = await listen(service.internalApp!, 0, '127.0.0.1');
  return {
    url: pub.url,
    internalUrl: internal.url,
    infra,
    config,
    models: createModels(infra.mongo!),
    service,
    internal: createServiceClient({ service: 'catalog', baseUrl: internal.url, serviceToken: SERVICE_TOKEN }),
    async close() {
      await closeServer(pub.server, 500);
      await closeServer(internal.server, 500);
      await service.stop();
      await close();
    },
  };
}

/** Topics of this test file's own on the shared broker. */
export const catalogTopics = (label: string) => createTestTopics(testKafka(inject('stack').kafkaBrokers), label);

export const newUserId = () => randomUUID();

/** A request with a bearer token; answers are read loosely. */
export const call = (base: string, method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
  jsonClient(base).call(method, path, { token, body, headers });

