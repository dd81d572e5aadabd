import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { EventData, PlanName } from '@kicksight/contracts';
import { createBillingClient, createEventProducer, newEvent, systemClock, type EventProducer, type Pool, type Kafka } from '@kicksight/platform';
import { Cleanups, deadUrl, jsonClient, serviceUrlEnv, stackEnv, startBffProcess, startTestService, startTokenIssuer, testKafka, uniqueName, waitFor, type FaultableStore, type JsonClient, type TestService } from '@kicksight/testkit';
import { createApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { startBillingStub, startCatalogStub, type BillingStub, type CatalogStub } from './stubs.ts';

export const SERVICE_TOKEN = 'collection-test-service-token';
export const MIGRATIONS = fileURLToPath(new URL('../../src/store/migrations', import.meta.url));

export interface Member {
  id: string;
  token: string;
}

/** Collection on free ports (own database and topics) behind a real BFF, with the catalogue and billing it calls stubbed. */
export interface CollectionStack {
  /** The BFF: every call of a test goes through it. */
  api: JsonClient;
  bffUrl: string;
  service: TestService;
  pool: Pool;
  config: Config;
  catalog: CatalogStub;
  billing: BillingStub;
  kafka: Kafka;
  /** Publishes events on this stack's topics, as the catalogue or auth would. */
  producer: EventProducer;
  member(options?: { plan?: PlanName; expired?: boolean; role?: 'member' | 'admin' }): Promise<Member>;
  /** A request through the BFF with any body (multipart, CSV). */
  send(method: string, path: string, token: string, body?: RequestInit['body'], headers?: Record<string, string>): Promise<Response>;
  /** Publishes a price.changed event and answers its id. */
  priceChanged(data: PriceChange): Promise<string>;
  close(): Promise<void>;
}

/** A sneaker id in the catalogue's format, unique to this run. */
export const sneakerId = (): string => randomBytes(12).toString('hex');

/** A price.changed as catalog sends it, for one size; the previous price may be left out. */
export type PriceChange = Omit<EventData<'price.changed@1'>, 'previous' | 'size'> & { size: number; previous?: number | null };

/** Collection behind the BFF, with stubs of catalog and billing; the stores in `faults` are reached through proxies the test can cut. */
export async function startCollectionStack(env: Record<string, string> = {}, faults: FaultableStore[] = []): Promise<CollectionStack> {
  const stack = inject('stack');
  const cleanups = new Cleanups();
  try {
    // Auth's side: a signing key and its JWKS, as the BFF and collection fetch it.
    const issuer = await startTokenIssuer(cleanups);

    const catalog = await startCatalogStub(SERVICE_TOKEN);
    cleanups.add(catalog.close);
    const billing = await startBillingStub(SERVICE_TOKEN);
    cleanups.add(billing.close);

    let config: Config | undefined;
    const service = await startTestService({
      name: 'collection',
      faults,
      migrationsDir: MIGRATIONS,
      build: (infra, { databaseUrl, prefix }) => {
        config = loadConfig({
          SERVICE_TOKEN,
          ...stackEnv(stack, prefix, databaseUrl),
          JWKS_URL: issuer.jwksUrl,
          CATALOG_URL: catalog.url,
          CATALOG_INTERNAL_URL: catalog.url,
          BILLING_INTERNAL_URL: billing.url,
          JOBS_INTERVAL_MS: '0',
          ...env,
        });
        // Billing's real client, reading the service's clock: a test can move past its 30-second cache.
        const entitlements = createBillingClient({ baseUrl: billing.url, serviceToken: SERVICE_TOKEN, now: () => infra.clock.now().getTime() });
        return createApp({ infra, config, billing: entitlements });
      },
    });
    cleanups.add(service.close);

    // The BFF as its main.ts runs it: collection's routes go to the service, every other owner is down.
    const bff = await startBffProcess({
      stack,
      prefix: service.prefix,
      cleanups,
      env: {
        ...serviceUrlEnv({ collection: service.url }, await deadUrl()),
        AUTH_JWKS_URL: issuer.jwksUrl,
        RATE_LIMIT_POINTS: '100000',
        RATE_LIMIT_KEY_PREFIX: uniqueName('bff_rl'),
        // Photos of up to 5 MB travel in multipart bodies a little larger than that.
        BODY_LIMIT_BYTES: String(8 * 1024 * 1024),
      },
    });

    const kafka = testKafka(stack.kafkaBrokers);
    const producer = createEventProducer(kafka, { prefix: service.prefix });
    await producer.connect();
    cleanups.add(() => producer.disconnect());

    return {
      api: jsonClient(bff.url),
      bffUrl: bff.url,
      service,
      pool: service.infra.pool!,
      config: config!,
      catalog,
      billing,
      kafka,
      producer,
      async member({ plan = 'trial', expired = false, role = 'member' } = {}) {
        const id = randomUUID();
        billing.setPlan(id, plan, expired);
        return { id, token: await issuer.mint({ id, role }) };
      },
      send: (method, path, token, body, headers = {}) => fetch(`${bff.url}${path}`, { method, body, headers: { authorization: `Bearer ${token}`, ...headers } }),
      async priceChanged({ previous = null, ...change }) {
        const envelope = newEvent('price.changed@1', { ...change, previous }, { clock: systemClock });
        await producer.send([{ key: change.sneakerId, envelope }]);
        return envelope.id;
      },
      close: () => cleanups.run(),
    };
  } catch (err) {
    await cleanups.run();
    throw err;
  }
}

/** Whether the consumer has applied an event (its dedupe row is written with its effect). */
export async function applied(pool: Pool, eventId: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM processed_event WHERE event_id = $1', [eventId]);
  return rowCount === 1;
}

/** Publishes price changes in order and waits until the consumer has applied them all. */
export async function applyPrices(stack: CollectionStack, ...changes: PriceChange[]): Promise<void> {
  const ids: string[] = [];
  for (const change of changes) ids.push(await stack.priceChanged(change));
  await waitFor(async () => (await Promise.all(ids.map((id) => applied(stack.pool, id)))).every(Boolean), { message: 'price changes applied' });
}

/** The events of a type in this stack's outbox (published through the relay), oldest first. */
export async function outboxEvents(pool: Pool, type: string): Promise<{ key: string; data: Record<string, unknown> }[]> {
  const { rows } = await pool.query<{ message_key: string; envelope: { data: Record<string, unknown> } }>('SELECT message_key, envelope FROM outbox WHERE type = $1 ORDER BY seq', [type]);
  return rows.map((row) => ({ key: row.message_key, data: row.envelope.data }));
}
