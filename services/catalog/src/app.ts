import type { MarketInterestPage } from '@kicksight/contracts';
import {
  createBillingClient,
  createLease,
  createHttpSurface,
  createScheduler,
  createServiceClient,
  createJwtVerifier,
  rememberVerifiedTokens,
  watchOutbox,
  type BillingClient,
  type EventConsumer,
  type Infra,
  type JwtVerifier,
  type Lease,
  type ServiceApp,
  consumersRunning,
  workerHeartbeat,
} from '@kicksight/platform';
import type { Config } from './config.ts';
import { registerMarketMetrics } from './market/market-metrics.ts';
import { createCatalog, type Caller, type Catalog } from './domain/catalog.ts';
import { createDataQuality } from './domain/data-quality.ts';
import { createSales, type Sales } from './domain/sales.ts';
import { createSearchIndex } from './domain/search-index.ts';
import { createSneakerCache } from './domain/sneaker-cache.ts';
import { summaryFromDoc } from './domain/views.ts';
import { createRelay } from './events/relay.ts';
import { createMarketFeed, type MarketFeed } from './feed/market-feed.ts';
import { searchUpdatesConsumer } from './events/search-updates.ts';
import { adminRouter } from './http/admin-router.ts';
import { internalRouter, testRouter } from './http/internal-router.ts';
import { publicRouter } from './http/public-router.ts';
import { backfillSummaries } from './store/summaries.ts';
import { createModels, ensureIndexes, type SummaryDoc } from './store/models.ts';
import { createMarketModels, type MarketModels } from './store/market-models.ts';
import { createMarketReadings } from './domain/market-readings.ts';
import { sneakerMarketOf } from './domain/market-view.ts';
import { marketAdminRouter, marketRouter } from './http/market-router.ts';
import { demandConsumer } from './market/demand-consumer.ts';
import { createDemandReconcile, RECONCILE_RETRY_MS } from './market/demand-reconcile.ts';
import { createReplaySource } from './market/replay-source.ts';
import { createStockxSource, type StockxAdapter } from './market/stockx/stockx-source.ts';

export interface Deps {
  infra: Infra;
  config: Config;
  /** Verifies access tokens (auth's JWKS by default). */
  verifier?: JwtVerifier;
  /** Billing's metering and entitlements (its internal port by default). */
  billing?: BillingClient;
  /** Names this pod's search consumer group (unique per process by default). */
  searchGroupId?: string;
}

/** Changes made while the index was being built are read again from this far back. */
const CATCH_UP_MARGIN_MS = 60_000;

/** Names the Redis keys of one catalog store (leases, locks), so catalogs on other databases never meet. */
export const namespaceOf = (infra: Pick<Infra, 'mongo'>): string => `catalog:${infra.mongo!.name}`;

const marketFeedLeaseKey = (infra: Pick<Infra, 'mongo'>): string => `${namespaceOf(infra)}:market-feed`;

/** The live market of a catalog store, run while this process holds its lease. */
export function marketFeedOf(infra: Infra, config: Config, sales: Sales): MarketFeed {
  const { mongo, redis, clock, logger } = infra;
  if (!mongo || !redis) throw new Error('the market feed needs MongoDB and Redis');
  const feed = createMarketFeed({
    models: createModels(mongo),
    sales,
    redis,
    clock,
    logger,
    leaseKey: marketFeedLeaseKey(infra),
    intervalMs: config.MARKET_FEED_INTERVAL_MS,
    speed: config.MARKET_FEED_SPEED,
    maxSalesPerRound: config.MARKET_FEED_MAX_SALES,
  });
  // Where the feed runs (this process or catalog-feed's), the System Health tab sees it by its heartbeat.
  const heartbeat = workerHeartbeat(redis, 'catalog-feed');
  return {
    ...feed,
    start() {
      feed.start();
      void heartbeat.start();
    },
    async stop() {
      await heartbeat.stop();
      await feed.stop();
    },
  };
}

/** The lock of each sneaker's writes (sales and market readings never overlap on one sneaker). */
const sneakerLockPrefix = (infra: Pick<Infra, 'mongo'>): string => `${namespaceOf(infra)}:sneaker`;

/** Records sales for a catalog store: sale writes to one sneaker never overlap (a lock per sneaker). */
export function salesOf(infra: Infra, onApplied?: (sneakerId: string) => void): Sales {
  const { mongo, redis, clock, logger } = infra;
  if (!mongo || !redis) throw new Error('recording sales needs MongoDB and Redis');
  return createSales({ models: createModels(mongo), redis, lockPrefix: sneakerLockPrefix(infra), clock, logger, onApplied });
}

/** The StockX adapter of a catalog store, when its credentials and token key are configured. */
function stockxOf(infra: Infra, config: Config, readings: ReturnType<typeof createMarketReadings>, viewsKey: string): StockxAdapter | null {
  const { mongo, redis, clock, logger } = infra;
  const { STOCKX_CLIENT_ID, STOCKX_CLIENT_SECRET, STOCKX_API_KEY, STOCKX_TOKEN_KEY } = config;
  if (!mongo || !redis || !STOCKX_CLIENT_ID || !STOCKX_CLIENT_SECRET || !STOCKX_API_KEY || !STOCKX_TOKEN_KEY) return null;
  return createStockxSource({
    settings: {
      link: { authorizeUrl: config.STOCKX_AUTHORIZE_URL, tokenUrl: config.STOCKX_TOKEN_URL, clientId: STOCKX_CLIENT_ID, clientSecret: STOCKX_CLIENT_SECRET, redirectUrl: config.STOCKX_REDIRECT_URL, timeoutMs: config.STOCKX_TIMEOUT_MS },
      client: { apiUrl: config.STOCKX_API_URL, apiKey: STOCKX_API_KEY, timeoutMs: config.STOCKX_TIMEOUT_MS, circuitFailures: config.STOCKX_CIRCUIT_FAILURES, circuitHalfOpenMs: config.STOCKX_CIRCUIT_HALF_OPEN_MS, maxRetryAfterMs: config.STOCKX_MAX_RETRY_AFTER_MS, ratePerMinute: config.STOCKX_RATE_LIMIT_PER_MINUTE },
      sync: { redisUrl: config.REDIS_URL, prefix: `bull:${namespaceOf(infra)}`, intervalMs: config.STOCKX_SYNC_INTERVAL_MS, maxVariants: config.STOCKX_SYNC_MAX_VARIANTS, attempts: config.STOCKX_ATTEMPTS, backoffMs: config.STOCKX_BACKOFF_MS },
      tokenKey: STOCKX_TOKEN_KEY,
    },
    active: config.MARKET_SOURCES.includes('stockx'),
    models: createModels(mongo),
    marketModels: createMarketModels(mongo),
    readings,
    redis,
    keyPrefix: namespaceOf(infra),
    viewsKey,
    clock,
    logger,
  });
}

/**
 * The sizes members care about, for StockX's sync: followed through collection's events, and reconciled with
 * collection's records by one pod every DEMAND_RECONCILE_EVERY, the first round as a pod starts (when no pod ran one
 * within the interval), and again a minute after a round that failed (collection or the store away).
 */
function demandOf(infra: Infra, config: Config, marketModels: MarketModels) {
  const { kafka, redis, clock, logger } = infra;
  const consumer = demandConsumer({ kafka: kafka!, prefix: infra.kafkaPrefix, logger, marketModels, sessionTimeoutMs: config.SEARCH_CONSUMER_SESSION_MS, clock });
  const collection = createServiceClient({ service: 'collection', baseUrl: config.COLLECTION_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN });
  const interests = (after: string | undefined) =>
    collection.get<MarketInterestPage>(`/internal/market-interest?${new URLSearchParams({ limit: '1000', ...(after ? { after } : {}) })}`);
  const reconcile = createDemandReconcile({ interests, marketModels, clock, logger });
  const schedule = createScheduler({
    redis: redis!,
    logger,
    jobs: [
      {
        name: 'demand-reconcile',
        run: async () => {
          const { kept, released } = await reconcile();
          return kept + released;
        },
      },
    ],
    intervalMs: config.DEMAND_RECONCILE_EVERY,
    namespace: namespaceOf(infra),
    firstRoundAfterMs: 0,
    retryAfterMs: RECONCILE_RETRY_MS,
  });
  return { consumer, reconcile, schedule };
}

/** The catalog service: sneakers, size variants, sales, daily aggregates, search, related and trending sneakers. */
export function createApp({ infra, config, verifier, billing, searchGroupId }: Deps): ServiceApp & { index: ReturnType<typeof createSearchIndex>; searchPageStats: Catalog['searchPageStats']; relay: ReturnType<typeof createRelay>; relayLease: Lease; feed: MarketFeed | null; stockx: StockxAdapter | null; demandReconcile: (() => Promise<{ kept: number; released: number }>) | null; marketReadings: ReturnType<typeof createMarketReadings> } {
  const { mongo, kafka, producer, redis, clock, logger } = infra;
  if (!mongo || !kafka || !producer || !redis) throw new Error('catalog needs MongoDB, Redis and Kafka');
  const models = createModels(mongo);
  // A client's next calls skip the signature check (a verified token is remembered until it expires).
  const tokens = rememberVerifiedTokens(verifier ?? createJwtVerifier({ jwksUrl: config.JWKS_URL }), { clock });
  const meter = billing ?? createBillingClient({ baseUrl: config.BILLING_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN, now: () => clock.now().getTime() });
  const index = createSearchIndex();
  const sneakers = createSneakerCache({ models, index, size: config.SNEAKER_CACHE_SIZE });
  const sales = salesOf(infra, sneakers.forget);
  const catalog = createCatalog({ models, index, sneakers, billing: meter, clock, logger });
  const relay = createRelay({ models, producer, sales, clock, logger, intervalMs: config.RELAY_INTERVAL_MS, recoverAfterMs: config.RELAY_RECOVER_AFTER_MS });
  // One relay per store at a time: its passes never overlap another pod's.
  const relayLease = createLease({ redis, key: `${namespaceOf(infra)}:relay`, logger, ttlMs: config.RELAY_LEASE_TTL_MS, onAcquired: () => relay.start(), onLost: () => relay.stop() });
  const replayActive = config.MARKET_SOURCES.includes('replay');
  const feed = config.MARKET_FEED_ENABLED && replayActive ? marketFeedOf(infra, config, sales) : null;
  const consumer: EventConsumer = searchUpdatesConsumer({ kafka, prefix: infra.kafkaPrefix, logger, models, index, sessionTimeoutMs: config.SEARCH_CONSUMER_SESSION_MS, groupId: searchGroupId });
  // The market sources behind one port: replayed sales, and StockX's API when configured.
  const marketModels = createMarketModels(mongo);
  const readings = createMarketReadings({ models, marketModels, sales, redis, lockPrefix: sneakerLockPrefix(infra), clock, logger, onApplied: sneakers.forget });
  const viewsKey = `${namespaceOf(infra)}:market:views`;
  const stockx = stockxOf(infra, config, readings, viewsKey);
  const replay = createReplaySource({ feed, redis, leaseKey: marketFeedLeaseKey(infra), intervalMs: config.MARKET_FEED_INTERVAL_MS, active: replayActive });
  const sources = [replay, ...(stockx ? [stockx.source] : [])];
  const demand = stockx && config.MARKET_SOURCES.includes('stockx') ? demandOf(infra, config, marketModels) : null;
  const rememberView = (sneakerId: string) => {
    if (stockx) void redis.zadd(viewsKey, clock.now().getTime(), sneakerId).catch(() => {});
  };
  const latestReadings = (id: string) => sneakers.marketReadings(id, readings.latest);
  const marketOf = (who: Caller, id: string, requestId?: string) =>
    catalog.productView(who, id, requestId, async (doc) => sneakerMarketOf(doc, await latestReadings(doc._id), { now: clock.now(), staleAfterMs: config.MARKET_STALE_AFTER }));
  let indexReady = false;

  const { app, internalApp, metrics } = createHttpSurface({
    name: 'catalog',
    logger,
    // Without MongoDB, search answers from this pod's index and details from its cache; the rest answers 503.
    degradable: ['mongo'],
    checks: {
      ...infra.checks,
      consumers: consumersRunning(consumer, ...(demand ? [demand.consumer] : [])),
      searchIndex: async () => {
        if (!indexReady) throw new Error('the search index is being built');
        return { sneakers: index.size, cache: sneakers.stats() };
      },
    },
    serviceToken: config.SERVICE_TOKEN,
    routes: (app) => {
      app.use('/api/admin', adminRouter({ dataQuality: createDataQuality({ models, sales, clock }), verifier: tokens }));
      app.use('/api', publicRouter({ catalog, verifier: tokens }));
      app.use('/api', marketRouter({ market: marketOf, verifier: tokens, onViewed: rememberView }));
      app.use('/api/admin', marketAdminRouter({ sources, link: stockx?.link ?? null, verifier: tokens }));
    },
    internalRoutes: (app) => {
      if (config.TEST_ROUTES_ENABLED) app.use('/internal/test', testRouter({ sales }));
      app.use('/internal', internalRouter({ catalog, latestReadings }));
    },
  });
  registerMarketMetrics(metrics.registry, { sources, models });

  /** Fills the index from the stored summaries, then reads again what changed while it was filled. */
  async function buildIndex(): Promise<void> {
    const started = clock.now();
    const startedAt = performance.now();
    await backfillSummaries(models, logger);
    const docs = await models.Summary.find({}).lean<SummaryDoc[]>();
    index.addAll(docs.map(summaryFromDoc));
    const since = new Date(started.getTime() - CATCH_UP_MARGIN_MS);
    const changed = await models.Summary.find({ updatedAt: { $gte: since } }).lean<SummaryDoc[]>();
    for (const doc of changed) index.upsert(summaryFromDoc(doc));
    logger.info({ sneakers: index.size, ms: Math.round(performance.now() - startedAt) }, 'search index built');
  }

  // Every pod reports the outbox's backlog, whichever holds the relay's lease.
  let unwatchOutbox: (() => void) | undefined;

  return {
    app,
    internalApp,
    index,
    searchPageStats: catalog.searchPageStats,
    relay,
    relayLease,
    feed,
    stockx,
    demandReconcile: demand?.reconcile ?? null,
    marketReadings: readings,
    async start() {
      await ensureIndexes(models);
      await ensureIndexes(marketModels);
      // Join first, so no change published while the index is built is missed.
      await consumer.start();
      await buildIndex();
      indexReady = true;
      unwatchOutbox = watchOutbox(relay.backlog);
      relayLease.start();
      await demand?.consumer.start();
      demand?.schedule.start();
      for (const source of sources) await source.start();
    },
    async stop() {
      for (const source of sources) await source.stop();
      await demand?.schedule.stop();
      await demand?.consumer.stop();
      await relayLease.stop();
      unwatchOutbox?.();
      await consumer.stop();
    },
  };
}
