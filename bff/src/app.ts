import { createHttpSurface, createJwtVerifier, createServiceClient, createTokenCache, runningWorkers, securityHeaders, type Infra, type ServiceApp, consumersRunning } from '@kicksight/platform';
import type { Config } from './config.ts';
import { publicHealth, systemHealth } from './health/system-health.ts';
import { createApiKeyExchange, createExchangePurge, exchangePurgeHandler } from './edge/api-keys.ts';
import { createDenylist, denylistHandler, signInEnded } from './edge/denylist.ts';
import { edgeGate } from './edge/gate.ts';
import { webCors } from './edge/hygiene.ts';
import { createIdentify } from './edge/identity.ts';
import { createRateLimiter } from './edge/rate-limit.ts';
import { createUserEventsConsumer } from './edge/user-events.ts';
import { createProxy } from './proxy/proxy.ts';
import { docsRouter } from './docs/docs-router.ts';
import { demoGateRouter } from './demo/demo-gate.ts';
import { createStreamHub } from './events/hub.ts';
import { createEventRelay } from './events/relay.ts';
import { createEventStreams } from './events/stream-route.ts';
import { adminAnalyticsHandler } from './admin/analytics-route.ts';
import { createDashboardOwners } from './dashboard/owners.ts';
import { dashboardRouter } from './dashboard/dashboard-router.ts';

export interface Deps {
  /** Needs Redis (rate limits, API-key exchanges, event fan-out) and Kafka (events in). */
  infra: Infra;
  config: Config;
}

export interface BffApp extends ServiceApp {
  /** Ends every open event stream (browsers reconnect, to another pod); shutdown calls it before draining HTTP. */
  endStreams(): void;
}

/**
 * What the BFF serves without: with Redis away, rate limits count in this pod's memory (live updates and
 * cached API-key exchanges pause); with Kafka away, requests go on (deletions and live updates arrive
 * once it is back; a consumer kafkajs stopped is named until it runs again). Verified tokens and the denylist are in
 * memory either way.
 */
const BFF_DEGRADABLE = ['redis', 'kafka', 'consumers'];

/** The BFF: the one origin of `/api` for the web app. */
export function createApp({ infra, config }: Deps): BffApp {
  const { logger, clock, redis, kafka, kafkaPrefix: prefix } = infra;
  if (!redis || !kafka) throw new Error('the BFF needs Redis and Kafka in its infra');

  // Per request, identifying and limiting the caller costs no round trip: verified tokens, deleted accounts
  // and the rate limits' counts are kept in this pod's memory (the counts shared through Redis in the background).
  const denylist = createDenylist(clock);
  const identify = createIdentify({
    tokens: createTokenCache({ verifier: createJwtVerifier({ jwksUrl: config.AUTH_JWKS_URL }), clock }),
    exchangeApiKey: createApiKeyExchange({
      auth: createServiceClient({ service: 'auth', baseUrl: config.AUTH_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN }),
      redis,
      clock,
      logger,
    }),
    denylist,
  });
  const limiter = createRateLimiter({
    redis,
    keyPrefix: `${config.RATE_LIMIT_KEY_PREFIX}:api`,
    points: config.RATE_LIMIT_POINTS,
    durationS: config.RATE_LIMIT_DURATION_S,
    syncMs: config.RATE_LIMIT_SYNC_MS,
    logger,
  });
  const demoLimiter = createRateLimiter({
    redis,
    keyPrefix: `${config.RATE_LIMIT_KEY_PREFIX}:demo`,
    points: config.DEMO_ATTEMPTS,
    durationS: config.DEMO_ATTEMPTS_WINDOW_S,
    syncMs: config.RATE_LIMIT_SYNC_MS,
    logger,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  });
  const proxy = createProxy({ serviceUrls: config.serviceUrls, timeoutMs: config.UPSTREAM_TIMEOUT_MS, bodyLimitBytes: config.BODY_LIMIT_BYTES, logger });
  const hub = createStreamHub({ redis, logger });
  const streams = createEventStreams({ hub, clock, heartbeatMs: config.SSE_HEARTBEAT_MS, hasEnded: (principal) => signInEnded(denylist, principal) });
  const purgeExchanges = exchangePurgeHandler(createExchangePurge(redis), clock);
  const denyDeleted = denylistHandler(denylist, clock);
  // This pod's own reader of the user topic (deletions and revoked keys); the relay's group is shared.
  const userEvents = createUserEventsConsumer({
    kafka,
    prefix,
    logger,
    handle: async (event) => {
      await denyDeleted(event);
      // Redis being out must not hold up the deletions behind this event; an exchange lives a minute at most.
      await purgeExchanges(event).catch((err: unknown) => logger.warn({ err, eventId: event.id }, 'could not drop cached API-key exchanges'));
    },
  });
  const consumers = [createEventRelay({ kafka, prefix, logger, hub, clock, onEvent: purgeExchanges }), userEvents];

  const dashboardOwners = createDashboardOwners({
    collectionUrls: config.serviceUrls.collection,
    billingUrls: config.serviceUrls.billing,
    catalogInternalUrl: config.CATALOG_INTERNAL_URL,
    serviceToken: config.SERVICE_TOKEN,
    timeoutMs: config.DASHBOARD_TIMEOUT_MS,
  });
  const billing = createServiceClient({ service: 'billing', baseUrl: config.BILLING_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN, timeoutMs: 10_000 });
  // Ready once the stores answer and this pod has read every deletion that was on the user topic; its consumers are named while stopped.
  const checks = { ...infra.checks, userEvents: userEvents.caughtUp, consumers: consumersRunning(...consumers) };
  const health = async (options?: { flow: boolean }) => systemHealth(config.serviceUrls, { checks, degradable: BFF_DEGRADABLE }, config.HEALTH_TIMEOUT_MS, { ...options, workers: () => runningWorkers(redis) });
  const { app, internalApp } = createHttpSurface({
    name: 'bff',
    logger,
    // The internal port (metrics, detailed health) is reachable from Kicksight's own processes only.
    metricsPort: 'internal',
    checks,
    degradable: BFF_DEGRADABLE,
    // Bodies of proxied calls pass through untouched (the payment webhook needs its raw body).
    parseJson: false,
    trustProxy: config.TRUST_PROXY_HOPS,
    routes: (app, metrics) => {
      app.use(securityHeaders());
      app.use(webCors(config.WEB_ORIGIN));
      app.use(edgeGate({ identify, limiter }));
      // Paths the route table gives to a service go straight on; the BFF's own routes below answer the rest.
      app.use(proxy.handler);
      // Anyone learns whether each part is up; administrators also see addresses, store checks and timings.
      app.get('/api/health', async (req, res) => {
        const report = await health();
        res.status(report.status === 'ok' ? 200 : 503).json({ data: req.principal?.role === 'admin' ? report : publicHealth(report) });
      });
      // The System Health tab: the same report with every process's consumer lag, outbox backlog and queues (admins only: the gate checks the role).
      app.get('/api/admin/system-health', async (_req, res) => {
        res.json({ data: await health({ flow: true }) });
      });
      app.use(docsRouter());
      app.use(demoGateRouter({ password: config.DEMO_PASSWORD, ticketSecret: config.DEMO_TICKET_SECRET, clock, limiter: demoLimiter }));
      app.get('/api/events', streams.handler);
      app.get('/api/admin/analytics/dashboard', adminAnalyticsHandler({ billing, metrics }));
      app.use(dashboardRouter({ owners: dashboardOwners, clock, logger }));
    },
    internalRoutes: (internal) => {
      internal.get('/health', async (_req, res) => {
        const report = await health();
        res.status(report.status === 'ok' ? 200 : 503).json({ data: report });
      });
    },
  });

  return {
    app,
    internalApp,
    endStreams: () => streams.closeAll(),
    async start() {
      await Promise.all(consumers.map((consumer) => consumer.start()));
    },
    async stop() {
      streams.closeAll();
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await hub.close();
      await Promise.all([limiter.close(), demoLimiter.close()]);
      proxy.close();
    },
  };
}
