import Stripe from 'stripe';
import { createHttpSurface, registerScrapedGauges, createJwtVerifier, createScheduler, rememberVerifiedTokens, type Infra, type JwtVerifier, type ScheduledJob, type ServiceApp, consumersRunning } from '@kicksight/platform';
import type { Config } from './config.ts';
import { createAnalytics } from './domain/analytics.ts';
import { createErasure } from './domain/erasure.ts';
import { createMembership } from './domain/membership.ts';
import { createMetering } from './domain/metering.ts';
import { createSignedLinks } from './domain/signed-links.ts';
import { createStripeEvents } from './domain/stripe-events.ts';
import { createSubscriptions } from './domain/subscriptions.ts';
import { billingConsumer } from './events/consumer.ts';
import { createLocalGateway } from './gateway/local.ts';
import { createStripeGateway, type StripePrices } from './gateway/stripe.ts';
import { internalRouter } from './http/internal-router.ts';
import { localPagesRouter } from './http/local-pages.ts';
import { createPortalBinding } from './http/portal-binding.ts';
import { membershipRouter } from './http/membership-router.ts';
import { WEBHOOK_PATH, webhookRouter } from './http/webhook-router.ts';
import { createCounters } from './store/counters.ts';
import { ledgerStreamOf } from './store/ledger-stream.ts';
import { createBillingWorkers } from './workers.ts';

export interface Deps {
  infra: Infra;
  config: Config;
  /** Verifies access tokens (auth's JWKS by default). */
  verifier?: JwtVerifier;
  /** A Stripe client (tests pass one that records its requests). */
  stripe?: Stripe;
}

/** stripe-node pointed at Stripe, or at STRIPE_API_BASE (stripe-mock). */
export function stripeClient(config: Config): Stripe {
  if (!config.STRIPE_API_BASE) return new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 });
  const url = new URL(config.STRIPE_API_BASE);
  return new Stripe(config.STRIPE_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: url.protocol === 'https:' ? 'https' : 'http', maxNetworkRetries: 0 });
}

export const pricesOf = (config: Config): StripePrices => ({
  premium: { monthly: config.STRIPE_PRICE_PREMIUM_MONTHLY, yearly: config.STRIPE_PRICE_PREMIUM_YEARLY },
  unlimited: { monthly: config.STRIPE_PRICE_UNLIMITED_MONTHLY, yearly: config.STRIPE_PRICE_UNLIMITED_YEARLY },
});

/** The billing service: plans, trial, subscriptions and payments, usage metering, entitlements and admin analytics. */
export function createApp({ infra, config, verifier, stripe = stripeClient(config) }: Deps): ServiceApp {
  const { pool, redis, kafka, clock, logger } = infra;
  if (!pool || !redis || !kafka) throw new Error('billing needs Postgres, Redis and Kafka');
  // A client's next calls skip the signature check (a verified token is remembered until it expires).
  const tokens = rememberVerifiedTokens(verifier ?? createJwtVerifier({ jwksUrl: config.JWKS_URL }), { clock });
  const prices = pricesOf(config);

  const subscriptions = createSubscriptions({ pool, clock });
  const ledgerStream = ledgerStreamOf(config.DATABASE_URL);
  const counters = createCounters(redis, { ledgerStream });
  const metering = createMetering({ pool, redis, counters, clock, subscriptions, ledgerStream });
  const workers = config.RUN_WORKERS ? createBillingWorkers({ infra, config }) : undefined;
  const links = createSignedLinks({ secret: config.LOCAL_GATEWAY_SECRET, baseUrl: config.PUBLIC_API_URL, clock });
  const localGateway = createLocalGateway({ pool, clock, subscriptions, links });
  const portalBinding = createPortalBinding({ publicApiUrl: config.PUBLIC_API_URL, maxAgeMs: links.ttlMs });
  const gateway = config.PAYMENT_GATEWAY === 'local' ? localGateway : createStripeGateway({ stripe, prices, pool, clock });
  const membership = createMembership({ pool, clock, subscriptions, metering, gateway, webUrl: config.WEB_URL });
  const stripeEvents = createStripeEvents({ pool, clock, subscriptions, prices });
  const analytics = createAnalytics({ pool, clock });
  const erasure = createErasure({ pool, clock, gateway, counters, subscriptions, ledgerWritten: metering.ledgerWritten });
  const consumer = billingConsumer({ kafka, prefix: infra.kafkaPrefix, pool, clock, logger, subscriptions, erasure });
  const jobs: ScheduledJob[] = [{ name: 'expire-trials', run: () => subscriptions.expireTrials() }];
  if (gateway.kind === 'local') jobs.push({ name: 'renew-local-subscriptions', run: () => localGateway.renewDue() });
  const scheduler = createScheduler({ redis, logger, jobs, intervalMs: config.JOBS_INTERVAL_MS, namespace: 'billing' });

  const { app, internalApp, metrics } = createHttpSurface({
    name: 'billing',
    logger,
    checks: { ...infra.checks, consumers: consumersRunning(consumer), ...(workers && { workers: workers.status }) },
    serviceToken: config.SERVICE_TOKEN,
    rawBodyPaths: [WEBHOOK_PATH],
    routes: (app) => {
      app.use(WEBHOOK_PATH, webhookRouter({ stripe, secret: config.STRIPE_WEBHOOK_SECRET, apply: (event) => stripeEvents.apply(event) }));
      if (gateway.kind === 'local') app.use('/api/membership/local', localPagesRouter({ pool, gateway: localGateway, links, membership, webUrl: config.WEB_URL, portalBinding }));
      app.use('/api/membership', membershipRouter({ membership, verifier: tokens, redis, prices, portalBinding: gateway.kind === 'local' ? portalBinding : undefined }));
    },
    internalRoutes: (app) => {
      app.use('/internal', internalRouter({ metering, analytics }));
    },
  });
  if (workers) registerScrapedGauges(metrics.registry, workers.gauges());

  return {
    app,
    internalApp,
    async start() {
      await workers?.start();
      // Warming is ahead-of-time work: counters not warmed are seeded on first use.
      await metering.warm().catch((err: unknown) => logger.warn({ err }, 'usage counters not warmed at start'));
      await consumer.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await consumer.stop();
      await workers?.stop();
    },
  };
}
