import {
  createBillingClient,
  createLease,
  createHttpSurface,
  createJwtVerifier,
  rememberVerifiedTokens,
  type BillingClient,
  type EventConsumer,
  type Infra,
  type JwtVerifier,
  type Lease,
  type ServiceApp,
} from '@kicksight/platform';
import type { Config } from './config.ts';
import { createCatalog, type Catalog } from './domain/catalog.ts';
import { createSales, type Sales } from './domain/sales.ts';
import { createSearchIndex } from './domain/search-index.ts';
import { createSneakerCache } from './domain/sneaker-cache.ts';
import { summaryFromDoc } from './domain/views.ts';
import { createRelay } from './events/relay.ts';
import { createMarketFeed, type MarketFeed } from './feed/market-feed.ts';
import { searchUpdatesConsumer } from './events/search-updates.ts';
import { internalRouter } from './http/internal-router.ts';
import { publicRouter, testRouter } from './http/public-router.ts';
import { backfillSummaries } from './store/summaries.ts';
import { createModels, ensureIndexes, type SummaryDoc } from './store/models.ts';

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

/** The live market of a catalog store, run while this process holds its lease. */
export function marketFeedOf(infra: Infra, config: Config, sales: Sales): MarketFeed {
  const { mongo, redis, clock, logger } = infra;
  if (!mongo || !redis) throw new Error('the market feed needs MongoDB and Redis');
  return createMarketFeed({
    models: createModels(mongo),
    sales,
    redis,
    clock,
    logger,
    leaseKey: `${namespaceOf(infra)}:market-feed`,
    intervalMs: config.MARKET_FEED_INTERVAL_MS,
    speed: config.MARKET_FEED_SPEED,
    maxSalesPerRound: config.MARKET_FEED_MAX_SALES,
  });
}

/** Records sales for a catalog store: sale writes to one sneaker never overlap (a lock per sneaker). */
export function salesOf(infra: Infra, onApplied?: (sneakerId: string) => void): Sales {
  const { mongo, redis, clock, logger } = infra;
  if (!mongo || !redis) throw new Error('recording sales needs MongoDB and Redis');
  return createSales({ models: createModels(mongo), redis, lockPrefix: `${namespaceOf(infra)}:sneaker`, clock, logger, onApplied });
}

/** The catalog service: sneakers, size variants, sales, daily aggregates, search, related and trending sneakers. */
export function createApp({ infra, config, verifier, billing, searchGroupId }: Deps): ServiceApp & { index: ReturnType<typeof createSearchIndex>; searchPageStats: Catalog['searchPageStats']; relay: ReturnType<typeof createRelay>; relayLease: Lease; feed: MarketFeed | null } {
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
  const feed = config.MARKET_FEED_ENABLED ? marketFeedOf(infra, config, sales) : null;
  const consumer: EventConsumer = searchUpdatesConsumer({ kafka, prefix: infra.kafkaPrefix, logger, models, index, sessionTimeoutMs: config.SEARCH_CONSUMER_SESSION_MS, groupId: searchGroupId });
  let indexReady = false;

  const { app, internalApp } = createHttpSurface({
    name: 'catalog',
    logger,
    // Without MongoDB, search answers from this pod's index and details from its cache; the rest answers 503.
    degradable: ['mongo'],
    checks: {
      ...infra.checks,
      searchIndex: async () => {
        if (!indexReady) throw new Error('the search index is being built');
        return { sneakers: index.size, cache: sneakers.stats() };
      },
    },
    serviceToken: config.SERVICE_TOKEN,
    routes: (app) => {
      if (config.TEST_ROUTES_ENABLED) app.use('/api/test', testRouter({ sales, verifier: tokens }));
      app.use('/api', publicRouter({ catalog, verifier: tokens }));
    },
    internalRoutes: (app) => {
      app.use('/internal', internalRouter({ catalog }));
    },
  });

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

  return {
    app,
    internalApp,
    index,
    searchPageStats: catalog.searchPageStats,
    relay,
    relayLease,
    feed,
    async start() {
      await ensureIndexes(models);
      // Join first, so no change published while the index is built is missed.
      await consumer.start();
      await buildIndex();
      indexReady = true;
      relayLease.start();
      feed?.start();
    },
    async stop() {
      await feed?.stop();
      await relayLease.stop();
      await consumer.stop();
    },
  };
}
