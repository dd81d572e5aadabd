import {
  createHttpSurface,
  createJwtVerifier,
  createScheduler,
  idempotency,
  optionalUser,
  rememberVerifiedTokens,
  requireRole,
  requireUser,
  watchQueue,
  type Infra,
  type JwtVerifier,
  type ServiceApp,
  consumersRunning,
} from '@kicksight/platform';
import type { Config } from './config.ts';
import { createMarketData, type MarketData } from './clients/market-data.ts';
import { createDigests } from './domain/digests.ts';
import { createEmailTests } from './domain/email-tests.ts';
import { createEmails } from './domain/emails.ts';
import { createEventReactions } from './domain/event-reactions.ts';
import { createFeedback } from './domain/feedback.ts';
import { createNotifications } from './domain/notifications.ts';
import { createMailer, type Mailer } from './emails/mailer.ts';
import { createRenderer } from './emails/render.ts';
import { notificationsConsumer } from './events/consumer.ts';
import { internalRouter } from './http/internal-router.ts';
import { digestRouter, emailTestRouter, feedbackRouter, notificationsRouter } from './http/routers.ts';
import { createEmailQueue } from './jobs/email-queue.ts';
import { SCHEDULED, scheduledJobs } from './jobs/scheduled.ts';
import { createEmailWorkers } from './workers.ts';

export interface Deps {
  infra: Infra;
  config: Config;
  /** Verifies access tokens (auth's JWKS by default). */
  verifier?: JwtVerifier;
  /** Catalog's and collection's internal calls (their ports from the config by default). */
  market?: MarketData;
  /** SMTP (the config's server by default). */
  mailer?: Mailer;
}

/** The notifications service: in-app notifications, feedback, email templates and delivery, the daily digest and scheduled jobs. */
export function createApp({ infra, config, verifier, market, mailer }: Deps) {
  const { pool, redis, kafka, clock, logger, kafkaPrefix } = infra;
  if (!pool || !redis || !kafka) throw new Error('notifications needs Postgres, Redis and Kafka');
  const tokens = rememberVerifiedTokens(verifier ?? createJwtVerifier({ jwksUrl: config.JWKS_URL }), { clock });
  const namespace = `notifications${kafkaPrefix ? `:${kafkaPrefix}` : ''}`;

  const queue = createEmailQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, attempts: config.EMAIL_ATTEMPTS, backoffMs: config.EMAIL_BACKOFF_MS });
  const emails = createEmails({ pool, queue, clock });
  // /metrics shows the email queue's waiting, active, delayed and failed jobs.
  const unwatchQueue = watchQueue(queue);
  const notifications = createNotifications({ pool, clock });
  const feedback = createFeedback({ pool, redis, clock, namespace });
  const marketData = market ?? createMarketData({ catalogUrl: config.CATALOG_INTERNAL_URL, collectionUrl: config.COLLECTION_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN });
  const digests = createDigests({ market: marketData, clock });
  const testMailer =
    mailer ?? createMailer({ host: config.SMTP_HOST, port: config.SMTP_PORT, secure: config.SMTP_SECURE, user: config.SMTP_USER, password: config.SMTP_PASSWORD, from: config.MAIL_FROM, maxConnections: 1 });
  const sendSamples = createEmailTests({ render: createRenderer({ webUrl: config.WEB_URL }), mailer: testMailer, clock, webUrl: config.WEB_URL });
  const jobs = scheduledJobs({ pool, clock, emails, digests, market: marketData, logger, digestHourUtc: config.DIGEST_HOUR_UTC });
  const workers = config.RUN_WORKERS ? createEmailWorkers({ pool, redis, config, clock, logger, mailer }) : undefined;

  const consumer = notificationsConsumer({
    kafka,
    prefix: kafkaPrefix,
    logger,
    handle: createEventReactions({ pool, clock, enqueue: emails.enqueue }),
    sessionTimeoutMs: config.CONSUMER_SESSION_MS,
  });
  const scheduler = createScheduler({ redis, logger, jobs: SCHEDULED.map((name) => jobs[name]), intervalMs: config.JOBS_INTERVAL_MS, namespace });

  const { app, internalApp } = createHttpSurface({
    name: 'notifications',
    logger,
    checks: { ...infra.checks, consumers: consumersRunning(consumer) },
    serviceToken: config.SERVICE_TOKEN,
    routes: (app) => {
      const signedIn = requireUser(tokens);
      app.use('/api/feedback', optionalUser(tokens), idempotency({ redis, namespace: 'notifications' }), feedbackRouter(feedback, signedIn));
      app.use('/api/notifications', signedIn, idempotency({ redis, namespace: 'notifications' }), notificationsRouter(notifications));
      app.use('/api/daily-digest', signedIn, digestRouter(digests));
      app.use('/api/email-test', signedIn, requireRole('admin'), emailTestRouter(sendSamples));
    },
    internalRoutes: (app) => {
      app.use('/internal', internalRouter({ emails }));
    },
  });

  const service: ServiceApp = {
    app,
    internalApp,
    async start() {
      await workers?.start();
      await consumer.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await consumer.stop();
      await workers?.stop();
      unwatchQueue();
      await queue.close();
      if (!mailer) testMailer.close();
    },
  };
  return { ...service, notifications, emails, queue, jobs };
}
export type NotificationsApp = ReturnType<typeof createApp>;
