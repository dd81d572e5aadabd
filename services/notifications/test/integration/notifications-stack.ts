import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { monthlySalesQuerySchema, type Envelope, type EventData, type EventKey, type MonthlySales, type TrendingItem, type Valuation } from '@kicksight/contracts';
import { SERVICE_TOKEN_HEADER, closeServer, createEventProducer, listen, newEvent, systemClock, type EventProducer, type Pool } from '@kicksight/platform';
import { Cleanups, TEST_SERVICE_TOKEN, jsonClient, serviceUrlEnv, smtpCatcher, stackEnv, startBffProcess, startTestService, startTokenIssuer, startUpstream, stubApp, testKafka, uniqueName, waitFor, type CaughtEmail, type FaultableStore, type JsonClient, type TestService, type TokenIssuer } from '@kicksight/testkit';
import { createApp, type NotificationsApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';

/** The service token every service of the stack shares (the BFF's). */
export const SERVICE_TOKEN = TEST_SERVICE_TOKEN;

export const MIGRATIONS = fileURLToPath(new URL('../../src/store/migrations', import.meta.url));
export const WEB_URL = 'http://web.kicksight.test';

/** A trending sneaker a test declares: what it sets, the rest as the catalog answers an unremarkable one. */
export type StubTrending = Partial<TrendingItem> & Pick<TrendingItem, 'id' | 'name'>;

const TRENDING_DEFAULTS: Omit<TrendingItem, 'id' | 'name'> = {
  brand: 'Nike',
  colorway: 'Default',
  sku: null,
  imageUrl: null,
  retailPrice: null,
  currentPrice: null,
  lowestPrice: null,
  highestPrice: null,
  priceChange24h: null,
  releaseDate: null,
  availableSizes: [],
  premiumPercent: null,
  marketStatus: { label: 'Stable', color: 'gray', description: 'Prices are steady' },
  trending: true,
  lastSaleAt: null,
};

/** Catalog's and collection's internal answers, as the digest reads them (through their contract); a test sets them. */
export interface MarketStub {
  url: string;
  trending: StubTrending[];
  valuations: Map<string, Partial<Valuation>>;
  /** Collection's members with sales, by month (YYYY-MM), as its internal port answers them. */
  monthlySales: Map<string, MonthlySales[]>;
}

async function startMarketStub(cleanups: Cleanups): Promise<MarketStub> {
  const stub = { trending: [] as StubTrending[], valuations: new Map<string, Partial<Valuation>>(), monthlySales: new Map<string, MonthlySales[]>() };
  const app = stubApp();
  app.use((req, res, next) => (req.get(SERVICE_TOKEN_HEADER) === SERVICE_TOKEN ? next() : res.status(401).json({ message: 'no token', code: 'UNAUTHORIZED' })));
  app.get('/internal/trending', (_req, res) => void res.json({ data: { timeframe: '24h', sneakers: stub.trending.map((sneaker) => ({ ...TRENDING_DEFAULTS, ...sneaker })) } }));
  app.get('/internal/users/:userId/valuation', (req, res) => {
    const v = stub.valuations.get(req.params.userId) ?? {};
    res.json({ data: { userId: req.params.userId, asOf: new Date().toISOString(), itemCount: 0, totalValue: 0, totalCost: 0, totalGainLoss: 0, gainLossPercent: 0, previous: null, change: null, changePercent: null, ...v } });
  });
  app.get('/internal/sales/monthly', (req, res) => {
    const { month, after, limit } = monthlySalesQuerySchema.parse(req.query);
    const members = (stub.monthlySales.get(month) ?? []).filter((m) => m.userId > after).sort((a, b) => a.userId.localeCompare(b.userId)).slice(0, limit);
    res.json({ data: { month, members } });
  });
  const { server, url } = await listen(app, 0, '127.0.0.1');
  cleanups.add(() => closeServer(server, 100));
  return Object.assign(stub, { url });
}

export interface NotificationsStack {
  service: TestService<NotificationsApp>;
  app: NotificationsApp;
  pool: Pool;
  config: Config;
  /** Straight to the service's public port. */
  api: JsonClient;
  /** The BFF in front of the service, when started with `bff: true`. */
  bffUrl?: string;
  issuer: TokenIssuer;
  market: MarketStub;
  producer: EventProducer;
  /** Publishes an event on this stack's topics as its owner would; answers the envelope (publish it again to redeliver). */
  publish<K extends EventKey>(key: K, data: EventData<K>): Promise<Envelope>;
  send(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

/** Notifications on free ports (own database, topics and queue prefix), with catalog and collection stubbed, and optionally the real BFF in front. */
export async function startNotificationsStack({ env = {}, bff = false, faults = [] }: { env?: Record<string, string>; bff?: boolean; faults?: FaultableStore[] } = {}): Promise<NotificationsStack> {
  const stack = inject('stack');
  const cleanups = new Cleanups();
  try {
    const issuer = await startTokenIssuer(cleanups);
    const market = await startMarketStub(cleanups);
    let config: Config | undefined;
    const service = await startTestService({
      name: 'notifications',
      migrationsDir: MIGRATIONS,
      faults,
      build: (infra, { databaseUrl, prefix }) => {
        config = loadConfig({
          SERVICE_TOKEN,
          ...stackEnv(stack, prefix, databaseUrl),
          JWKS_URL: issuer.jwksUrl,
          CATALOG_INTERNAL_URL: market.url,
          COLLECTION_INTERNAL_URL: market.url,
          WEB_URL,
          SMTP_HOST: stack.smtpHost,
          SMTP_PORT: String(stack.smtpPort),
          QUEUE_PREFIX: uniqueName('bull'),
          EMAIL_ATTEMPTS: '3',
          EMAIL_BACKOFF_MS: '100',
          JOBS_INTERVAL_MS: '0',
          ...env,
        });
        return createApp({ infra, config });
      },
    });
    cleanups.add(service.close);
    cleanups.add(() => service.app.queue.obliterate({ force: true }));

    let bffUrl: string | undefined;
    if (bff) {
      const elsewhere = await startUpstream('elsewhere', cleanups);
      const started = await startBffProcess({
        stack,
        prefix: service.prefix,
        cleanups,
        env: { ...serviceUrlEnv({ notifications: service.url }, elsewhere.url), AUTH_JWKS_URL: issuer.jwksUrl, SSE_HEARTBEAT_MS: '500', RATE_LIMIT_KEY_PREFIX: uniqueName('rl') },
      });
      bffUrl = started.url;
    }

    const producer = createEventProducer(testKafka(stack.kafkaBrokers), { prefix: service.prefix });
    await producer.connect();
    cleanups.add(() => producer.disconnect());
    const send = async (envelope: Envelope) => {
      const key = (envelope.data as { userId: string }).userId;
      await producer.send([{ key, envelope }]);
    };

    return {
      service,
      app: service.app,
      pool: service.infra.pool!,
      config: config!,
      api: jsonClient(service.url),
      bffUrl,
      issuer,
      market,
      producer,
      async publish(key, data) {
        const envelope = newEvent(key, data, { clock: systemClock });
        await send(envelope);
        return envelope;
      },
      send,
      close: () => cleanups.run(),
    };
  } catch (err) {
    await cleanups.run();
    throw err;
  }
}

/** A member known to notifications by a registration event, with a caught-mail address of their own. */
export async function registerMember(stack: NotificationsStack, name = 'Ana Collector'): Promise<{ id: string; email: string; token: string }> {
  const id = randomUUID();
  const email = `${uniqueName('member')}@example.com`;
  await stack.publish('user.registered@1', { userId: id, email, name, role: 'member', createdAt: new Date().toISOString() });
  return { id, email, token: await stack.issuer.mint({ id, email, name }) };
}

export const catcher = () => smtpCatcher(inject('stack').smtpApi);

/** Waits until `address` has received `count` emails; answers them. */
export async function mailTo(address: string, count = 1, timeoutMs = 20_000): Promise<CaughtEmail[]> {
  return waitFor(
    async () => {
      const found = await catcher().to(address);
      return found.length >= count ? found : undefined;
    },
    { timeoutMs, message: `${count} email(s) to ${address}` },
  );
}

/** The status of the logged email of a template for a member (undefined while none is logged). */
export async function emailStatus(pool: Pool, userId: string, template: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ status: string }>('SELECT status FROM sent_email WHERE user_id = $1 AND template = $2', [userId, template]);
  return rows[0]?.status;
}

/** Whether every event published so far for the member has been applied (its dedupe row written). */
export async function applied(pool: Pool, eventId: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM processed_event WHERE event_id = $1', [eventId]);
  return rowCount === 1;
}

/** The first link into the web app found in a text part. */
export const linkIn = (text: string | undefined, path: string): string | undefined => new RegExp(`${WEB_URL.replace(/\./g, '\\.')}${path.replace(/[?]/g, '\\?')}[^\\s"<]*`).exec(text ?? '')?.[0];

/** An event of no consequence for a member on each topic, published after others to know they were all consumed. */
const MARKERS = {
  user: (userId: string) => ['user.active@1', { userId, day: new Date().toISOString().slice(0, 10) }],
  membership: (userId: string) => ['payment.succeeded@1', { userId, invoiceId: randomUUID(), amount: 999, currency: 'usd' }],
  usage: (userId: string) => ['usage.recorded@1', { userId, action: 'search', used: 1, limit: 10 }],
  collection: (userId: string) => ['collection.item_added@1', { userId, itemId: randomUUID(), sneakerId: 'manual', size: 10, itemCount: 1 }],
  'password-reset': () => ['user.password_reset_requested@1', { userId: randomUUID(), email: `${uniqueName('marker')}@example.com`, name: 'Marker', resetUrl: `${WEB_URL}/reset-password?token=marker`, expiresAt: new Date().toISOString() }],
} as const;

/**
 * Waits until everything published on `topic` so far has been consumed (a marker event published
 * after it is applied: one partition per topic keeps them in order) and the email queue is idle.
 */
export async function settle(stack: NotificationsStack, topic: keyof typeof MARKERS, userId: string): Promise<void> {
  const [key, data] = MARKERS[topic](userId);
  const marker = await stack.publish(key as EventKey, data as never);
  await waitFor(() => applied(stack.pool, marker.id), { timeoutMs: 20_000, message: `the ${topic} marker to be consumed` });
  await waitFor(
    async () => {
      const counts = await stack.app.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((n) => n === 0);
    },
    { timeoutMs: 20_000, message: 'the email queue to be idle' },
  );
}

/** The emails to `address` with `subject`. */
export const mailsWith = async (address: string, subject: string): Promise<CaughtEmail[]> => (await catcher().to(address)).filter((m) => m.subject === subject);
