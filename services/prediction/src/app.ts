import {
  createBillingClient,
  createHttpSurface,
  createJwtVerifier,
  createRedis,
  createScheduler,
  rememberVerifiedTokens,
  requireUser,
  serverTiming,
  type BillingClient,
  type Infra,
  type JwtVerifier,
  type Redis,
  type ServiceApp,
  consumersRunning,
} from '@kicksight/platform';
import type { Config } from './config.ts';
import { createCatalogClient, type CatalogClient } from './clients/catalog.ts';
import { createPredictionAccess } from './domain/access.ts';
import { createForecasts } from './domain/forecasts.ts';
import { createServiceStatus } from './domain/service-status.ts';
import { createTrackRecords } from './domain/track-records.ts';
import { predictionConsumer } from './events/consumer.ts';
import { predictionsRouter, sneakerPredictionRouter } from './http/prediction-router.ts';
import { trackRecordJob } from './jobs/track-record-job.ts';
import { createForecastCache } from './store/forecast-cache.ts';
import { createTrackRecordStore } from './store/track-record-store.ts';

export interface Deps {
  infra: Infra;
  config: Config;
  /** Verifies access tokens (auth's JWKS by default). */
  verifier?: JwtVerifier;
  /** Billing's entitlements (its internal port by default). */
  billing?: Pick<BillingClient, 'entitlements'>;
  /** The catalogue (its internal port from the config by default). */
  catalog?: CatalogClient;
  /**
   * The cache's Redis client. By default one of its own on REDIS_URL that fails commands at once
   * while disconnected (no offline queue), so an unreachable Redis costs a forecast no waiting.
   */
  cacheRedis?: Redis;
}

/** The prediction service: price forecasts with calibrated bands, volatility, support and resistance. */
export function createApp({ infra, config, verifier, billing, catalog, cacheRedis }: Deps): ServiceApp {
  const { kafka, clock, logger, kafkaPrefix } = infra;
  if (!kafka) throw new Error('prediction needs Kafka');
  const ownRedis = cacheRedis ? undefined : createRedis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
  const redis = cacheRedis ?? ownRedis!;
  const tokens = rememberVerifiedTokens(verifier ?? createJwtVerifier({ jwksUrl: config.JWKS_URL }), { clock });
  const catalogue = catalog ?? createCatalogClient({ internalUrl: config.CATALOG_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN });
  const access = createPredictionAccess(billing ?? createBillingClient({ baseUrl: config.BILLING_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN }));
  const cache = createForecastCache({ redis, namespace: kafkaPrefix, ttlMs: config.CACHE_TTL_SECONDS * 1000, timeoutMs: config.CACHE_TIMEOUT_MS, clock, logger });
  const forecasts = createForecasts({ catalog: catalogue, cache, clock, fitWindowDays: config.FIT_WINDOW_DAYS, batchConcurrency: config.BATCH_CONCURRENCY });
  const trackRecordStore = createTrackRecordStore({ redis, namespace: kafkaPrefix, timeoutMs: config.CACHE_TIMEOUT_MS, clock, logger });
  const trackRecords = createTrackRecords({ catalog: catalogue, store: trackRecordStore, clock, logger, fitWindowDays: config.FIT_WINDOW_DAYS });
  const scheduler = createScheduler({
    redis,
    logger,
    jobs: [trackRecordJob({ trackRecords, store: trackRecordStore, periodDays: config.TRACK_RECORD_PERIOD_DAYS })],
    intervalMs: config.TRACK_RECORD_CHECK_MS,
    namespace: `prediction${kafkaPrefix ? `:${kafkaPrefix}` : ''}`,
  });
  const status = createServiceStatus({ forecasts, cache, catalog: catalogue, clock, startedAt: clock.now() });
  const consumer = predictionConsumer({
    kafka,
    prefix: kafkaPrefix,
    logger,
    clock,
    cacheTtlMs: cache.ttlMs,
    saleRecorded: forecasts.saleRecorded,
    sessionTimeoutMs: config.CONSUMER_SESSION_MS,
  });

  // Forecasts are answered uncached while Redis is away, so Redis is not part of readiness.
  const checks = { ...Object.fromEntries(Object.entries(infra.checks).filter(([name]) => name !== 'redis')), consumers: consumersRunning(consumer) };
  const { app, internalApp } = createHttpSurface({
    name: 'prediction',
    logger,
    checks,
    serviceToken: config.SERVICE_TOKEN,
    routes: (app) => {
      app.use(serverTiming());
      app.use('/api', requireUser(tokens));
      app.use('/api/sneakers', sneakerPredictionRouter({ forecasts, trackRecords, access }));
      app.use('/api/predictions', predictionsRouter({ forecasts, trackRecords, access, status }));
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
      await ownRedis?.quit().catch(() => ownRedis.disconnect());
    },
  };
}
