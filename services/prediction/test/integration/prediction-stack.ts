import { randomBytes, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { PlanName } from '@kicksight/contracts';
import { closeServer, createBillingClient, createEventProducer, listen, newEvent, openInfra, systemClock, type EventProducer, type Redis } from '@kicksight/platform';
import { Cleanups, deadUrl, jsonClient, serviceUrlEnv, stackEnv, startBffProcess, startTestService, startTokenIssuer, testKafka, uniqueName, type JsonClient, type TestService } from '@kicksight/testkit';
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
  const cleanups = new Cleanups();
  try {
    const issuer = await startTokenIssuer(cleanups);

    let now = () => new Date();
    const configOf = (prefix: string) =>
      loadConfig({
        SERVICE_TOKEN,
        ...stackEnv(stack, prefix),
        JWKS_URL: issuer.jwksUrl,
        CATALOG_INTERNAL_URL: catalog.url,
        BILLING_INTERNAL_URL: billing.url,
        CONSUMER_SESSION_MS: '6000',
      });
    const catalog = await startCatalogStub(SERVICE_TOKEN, () => now());
    cleanups.add(catalog.close);
    const billing = await startBillingStub(SERVICE_TOKEN);
    cleanups.add(billing.close);

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
    cleanups.add(service.close);

    // The BFF as its main.ts runs it: prediction's routes go to the service, every other owner is down.
    const bff = await startBffProcess({
      stack,
      prefix: service.prefix,
      cleanups,
      env: { ...serviceUrlEnv({ prediction: service.url }, await deadUrl()), AUTH_JWKS_URL: issuer.jwksUrl, RATE_LIMIT_POINTS: '100000', RATE_LIMIT_KEY_PREFIX: uniqueName('bff_rl') },
    });

    const producer: EventProducer = createEventProducer(testKafka(stack.kafkaBrokers), { prefix: service.prefix });
    await producer.connect();
    cleanups.add(() => producer.disconnect());

    return {
      api: jsonClient(bff.url),
      service,
      catalog,
      billing,
      async member({ plan = 'premium', role = 'member' } = {}) {
        const id = randomUUID();
        billing.setPlan(id, plan);
        return issuer.mint({ id, role });
      },
      async replica() {
        const { infra, close } = await openInfra({ name: 'prediction', logLevel: 'silent', kafka: { brokers: stack.kafkaBrokers, prefix: service.prefix } });
        cleanups.add(close);
        const app = createApp({ infra, config: configOf(service.prefix), billing: createBillingClient({ baseUrl: billing.url, serviceToken: SERVICE_TOKEN }) });
        await app.start();
        cleanups.add(() => app.stop());
        const server = await listen(app.app, 0, '127.0.0.1');
        cleanups.add(() => closeServer(server.server, 100));
        return jsonClient(server.url);
      },
      async saleRecorded(data) {
        await producer.send([{ key: data.sneakerId, envelope: newEvent('sale.recorded@1', { saleId: randomUUID(), ...data }, { clock: systemClock }) }]);
      },
      close: () => cleanups.run(),
    };
  } catch (err) {
    await cleanups.run();
    throw err;
  }
}
