import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import { inject } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { SERVICE_NAMES, type PlanName } from '@kicksight/contracts';
import { JWT_AUDIENCE, JWT_ISSUER, closeServer, createBillingClient, createEventProducer, listen, newEvent, openInfra, systemClock, type EventProducer, type Redis } from '@kicksight/platform';
import { jsonClient, startTestService, testKafka, uniqueName, type JsonClient, type TestService } from '@kicksight/testkit';
import { createApp as createBff } from '../../../../bff/src/app.ts';
import { loadConfig as loadBffConfig } from '../../../../bff/src/config.ts';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { startBillingStub, startCatalogStub, type BillingStub, type CatalogStub } from './stubs.ts';

export const SERVICE_TOKEN = 'prediction-test-service-token';

/** Prediction on free ports (its own topics and cache keys) behind a real BFF, with the catalogue and billing it calls stubbed. */
export interface PredictionStack {
  /** The BFF: every call of a test goes through it. */
  api: JsonClient;
  service: TestService;
  catalog: CatalogStub;
  billing: BillingStub;
  member(options?: { plan?: PlanName; role?: 'member' | 'admin' }): Promise<string>;
  /** A second replica of the service on the same topics and cache (answering directly, not through the BFF). */
  replica(): Promise<JsonClient>;
  /** Publishes a sale.recorded event on this stack's topics, as the catalogue does. */
  saleRecorded(data: { sneakerId: string; size: number; price: number; soldAt: string }): Promise<void>;
  close(): Promise<void>;
}

/** A sneaker id in the catalogue's format, unique to this run. */
export const sneakerId = (): string => randomBytes(12).toString('hex');

/** Starts the stack; `cacheRedis` replaces the cache's own Redis client (e.g. one through a proxy). */
export async function startPredictionStack({ cacheRedis }: { cacheRedis?: Redis } = {}): Promise<PredictionStack> {
  const stack = inject('stack');
  const undo: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of undo.reverse()) await step().catch(() => {});
  };
  try {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const jwks = await listen(express().get('/.well-known/jwks.json', (_req, res) => void res.json({ keys: [jwk] })), 0, '127.0.0.1');
    undo.push(() => closeServer(jwks.server, 100));
    const jwksUrl = `${jwks.url}/.well-known/jwks.json`;

    let now = () => new Date();
    const configOf = (prefix: string) =>
      loadConfig({
        SERVICE_TOKEN,
        REDIS_URL: stack.redis,
        KAFKA_BROKERS: stack.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        JWKS_URL: jwksUrl,
        CATALOG_INTERNAL_URL: catalog.url,
        BILLING_INTERNAL_URL: billing.url,
        CONSUMER_SESSION_MS: '6000',
      });
    const catalog = await startCatalogStub(SERVICE_TOKEN, () => now());
    undo.push(catalog.close);
    const billing = await startBillingStub(SERVICE_TOKEN);
    undo.push(billing.close);

    const service = await startTestService({
      name: 'prediction',
      redis: false,
      build: (infra, { prefix }) => {
        now = () => infra.clock.now();
        const config = configOf(prefix);
        const entitlements = createBillingClient({ baseUrl: billing.url, serviceToken: SERVICE_TOKEN, now: () => infra.clock.now().getTime() });
        return createApp({ infra, config, billing: entitlements, cacheRedis });
      },
    });
    undo.push(service.close);

    const nowhere = 'http://127.0.0.1:9';
    const bffConfig = loadBffConfig({
      SERVICE_TOKEN,
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: service.prefix,
      LOG_LEVEL: 'silent',
      ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, nowhere])),
      PREDICTION_URL: service.url,
      AUTH_JWKS_URL: jwksUrl,
      AUTH_INTERNAL_URL: nowhere,
      BILLING_INTERNAL_URL: nowhere,
      RATE_LIMIT_POINTS: '100000',
      RATE_LIMIT_KEY_PREFIX: uniqueName('bff_rl'),
    });
    const bffInfra = await openInfra({ name: 'bff', logLevel: 'silent', redisUrl: stack.redis, kafka: { brokers: stack.kafkaBrokers, prefix: service.prefix } });
    undo.push(bffInfra.close);
    const bff = createBff({ infra: bffInfra.infra, config: bffConfig });
    undo.push(() => bff.stop());
    const bffServer = await listen(bff.app, 0, '127.0.0.1');
    undo.push(() => closeServer(bffServer.server, 100));

    const producer: EventProducer = createEventProducer(testKafka(stack.kafkaBrokers), { prefix: service.prefix });
    await producer.connect();
    undo.push(() => producer.disconnect());

    const mint = (id: string, role: 'member' | 'admin') =>
      new SignJWT({ email: `${id}@example.com`, name: 'Collector', role, tier: 'trial' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject(id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);

    return {
      api: jsonClient(bffServer.url),
      service,
      catalog,
      billing,
      async member({ plan = 'premium', role = 'member' } = {}) {
        const id = randomUUID();
        billing.setPlan(id, plan);
        return mint(id, role);
      },
      async replica() {
        const { infra, close } = await openInfra({ name: 'prediction', logLevel: 'silent', kafka: { brokers: stack.kafkaBrokers, prefix: service.prefix } });
        undo.push(close);
        const app = createApp({ infra, config: configOf(service.prefix), billing: createBillingClient({ baseUrl: billing.url, serviceToken: SERVICE_TOKEN }) });
        await app.start();
        undo.push(() => app.stop());
        const server = await listen(app.app, 0, '127.0.0.1');
        undo.push(() => closeServer(server.server, 100));
        return jsonClient(server.url);
      },
      async saleRecorded(data) {
        await producer.send([{ key: data.sneakerId, envelope: newEvent('sale.recorded@1', { saleId: randomUUID(), ...data }, { clock: systemClock }) }]);
      },
      close: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
