import {
  createBillingClient,
  createHttpSurface,
  createJwtVerifier,
  createScheduler,
  idempotency,
  rememberVerifiedTokens,
  requireUser,
  serverTiming,
  type BillingClient,
  type Infra,
  type JwtVerifier,
  type ServiceApp,
  consumersRunning,
} from '@kicksight/platform';
import { stockxConfigured } from '@kicksight/stockx';
import type { Config } from './config.ts';
import { createCatalogClient, type CatalogClient } from './clients/catalog.ts';
import { createActivityFeed } from './domain/activity-feed.ts';
import { createAdvancedAnalytics } from './domain/advanced-analytics.ts';
import { createCollection } from './domain/collection.ts';
import { createLedger } from './domain/ledger.ts';
import { createLedgerSettings } from './domain/ledger-settings.ts';
import { createSalesCsv } from './domain/sales-csv.ts';
import { createCsvTransfer } from './domain/csv-transfer.ts';
import { createEntitlements } from './domain/entitlements.ts';
import { createItemPhotos } from './domain/item-photos.ts';
import { createMarketUpdates } from './domain/market-updates.ts';
import { createMemberStockx, type MemberStockxSettings } from './domain/member-stockx.ts';
import { createMemberErasure } from './domain/member-erasure.ts';
import { createPreferences } from './domain/preferences.ts';
import { createPriceAlerts } from './domain/price-alerts.ts';
import { createRelatedProducts } from './domain/related-products.ts';
import { createSneakerTracker } from './domain/sneaker-tracker.ts';
import { createValuations } from './domain/daily-valuations.ts';
import { valuationTimes } from './domain/valuation.ts';
import { createWatchlist } from './domain/watchlist.ts';
import { collectionConsumer } from './events/consumer.ts';
import { collectionRouter } from './http/collection-router.ts';
import { itemSaleRouter, salesRouter } from './http/sales-router.ts';
import { internalRouter } from './http/internal-router.ts';
import { analyticsRouter, dashboardRouter, preferencesRouter, priceAlertsRouter, watchlistRouter } from './http/member-routers.ts';
import { purgeProcessedEventsJob, snapshotValuationsJob } from './jobs/jobs.ts';

export interface Deps {
  infra: Infra;
  config: Config;
  /** Verifies access tokens (auth's JWKS by default). */
  verifier?: JwtVerifier;
  /** Billing's entitlements (its internal port by default). */
  billing?: Pick<BillingClient, 'entitlements'>;
  /** The catalogue (its ports from the config by default). */
  catalog?: CatalogClient;
}

/** Members' StockX links, when the application's StockX credentials and token key are set. */
function memberStockxSettingsOf(config: Config): MemberStockxSettings | null {
  if (!stockxConfigured(config)) return null;
  return {
    link: { authorizeUrl: config.STOCKX_AUTHORIZE_URL, tokenUrl: config.STOCKX_TOKEN_URL, clientId: config.STOCKX_CLIENT_ID!, clientSecret: config.STOCKX_CLIENT_SECRET!, redirectUrl: config.STOCKX_MEMBER_REDIRECT_URL, timeoutMs: config.STOCKX_TIMEOUT_MS },
    api: { apiUrl: config.STOCKX_API_URL, apiKey: config.STOCKX_API_KEY!, timeoutMs: config.STOCKX_TIMEOUT_MS, maxRetryAfterMs: config.STOCKX_MAX_RETRY_AFTER_MS },
    tokenKey: config.STOCKX_TOKEN_KEY!,
    maxWaitMs: config.STOCKX_IMPORT_MAX_WAIT_MS,
  };
}

/** The collection service: valued collections, portfolio history, activity, watchlist, price alerts and preferences. */
export function createApp({ infra, config, verifier, billing, catalog }: Deps): ServiceApp {
  const { pool, redis, kafka, clock, logger, kafkaPrefix } = infra;
  if (!pool || !redis || !kafka) throw new Error('collection needs Postgres, Redis and Kafka');
  const tokens = rememberVerifiedTokens(verifier ?? createJwtVerifier({ jwksUrl: config.JWKS_URL }), { clock });
  const catalogue = catalog ?? createCatalogClient({ internalUrl: config.CATALOG_INTERNAL_URL, publicUrl: config.CATALOG_URL, serviceToken: config.SERVICE_TOKEN });
  const entitlements = createEntitlements(billing ?? createBillingClient({ baseUrl: config.BILLING_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN }));

  const valuedAt = valuationTimes(clock, config.MARKET_STALE_AFTER);
  const tracker = createSneakerTracker({ pool, catalog: catalogue, clock });
  const settings = createLedgerSettings({ pool, clock });
  const collection = createCollection({ pool, clock, tracker, entitlements, valuedAt, settings });
  const ledger = createLedger({ pool, clock, entitlements, settings, valuedAt });
  const salesCsv = createSalesCsv({ pool, redis, logger, clock, entitlements, settings, ledger });
  const stockx = createMemberStockx({ settings: memberStockxSettingsOf(config), pool, redis, clock, logger, entitlements, ledgerSettings: settings, ledger });
  const photos = createItemPhotos({ pool, clock });
  const related = createRelatedProducts({ pool, redis, catalog: catalogue, clock, logger, valuedAt });
  const csv = createCsvTransfer({ collection, tracker, clock });
  const alerts = createPriceAlerts({ pool, clock, tracker });
  const watchlist = createWatchlist({ pool, clock, tracker });
  const preferences = createPreferences({ pool, clock });
  const valuations = createValuations({ pool, clock, valuedAt });
  const analytics = createAdvancedAnalytics({ pool, clock, catalog: catalogue, entitlements, logger, valuedAt });
  const feed = createActivityFeed({ pool });

  const consumer = collectionConsumer({
    kafka,
    prefix: kafkaPrefix,
    logger,
    applyPriceChange: createMarketUpdates({ pool, clock }),
    eraseMember: createMemberErasure({ pool, clock, logger, forget: related.forget }),
    sessionTimeoutMs: config.CONSUMER_SESSION_MS,
  });
  const scheduler = createScheduler({ redis, logger, jobs: [snapshotValuationsJob(valuations), purgeProcessedEventsJob(pool, clock)], intervalMs: config.JOBS_INTERVAL_MS, namespace: `collection${kafkaPrefix ? `:${kafkaPrefix}` : ''}` });

  const { app, internalApp } = createHttpSurface({
    name: 'collection',
    logger,
    checks: { ...infra.checks, consumers: consumersRunning(consumer) },
    // Redis only caches recommendations: without it they are computed afresh.
    degradable: ['redis'],
    serviceToken: config.SERVICE_TOKEN,
    routes: (app) => {
      app.use(serverTiming());
      app.use('/api', requireUser(tokens), idempotency({ redis, namespace: 'collection' }));
      app.use('/api/collections', itemSaleRouter(ledger), collectionRouter({ collection, photos, related, csv }));
      app.use('/api/sales', salesRouter({ ledger, csv: salesCsv, settings, stockx }));
      app.use('/api/price-alerts', priceAlertsRouter(alerts));
      app.use('/api/watchlist', watchlistRouter(watchlist));
      app.use('/api/analytics', analyticsRouter(analytics));
      app.use('/api/dashboard', dashboardRouter({ valuations, feed }));
      app.use('/api', preferencesRouter(preferences));
    },
    internalRoutes: (app) => {
      app.use('/internal', internalRouter({ valuations, pool }));
    },
  });

  return {
    app,
    internalApp,
    async start() {
      await consumer.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await consumer.stop();
    },
  };
}
