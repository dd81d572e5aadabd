import { workerHeartbeat, type Clock, type Logger, type Pool, type Redis } from '@kicksight/platform';
import type { Config } from './config.ts';
import { createEmailDelivery } from './domain/email-delivery.ts';
import { createMailer, type Mailer } from './emails/mailer.ts';
import { createRenderer } from './emails/render.ts';
import { createEmailWorker } from './jobs/email-queue.ts';

export interface EmailWorkers {
  start(): Promise<void>;
  /** Stops taking jobs, waits for the ones in hand, closes the SMTP pool. */
  stop(): Promise<void>;
}

/** The email queue's workers, as the API process (RUN_WORKERS) or worker-main.ts runs them. */
export function createEmailWorkers({ pool, redis, config, clock, logger, mailer: givenMailer }: { pool: Pool; redis: Redis; config: Config; clock: Clock; logger: Logger; mailer?: Mailer }): EmailWorkers {
  const mailer =
    givenMailer ??
    createMailer({ host: config.SMTP_HOST, port: config.SMTP_PORT, secure: config.SMTP_SECURE, user: config.SMTP_USER, password: config.SMTP_PASSWORD, from: config.MAIL_FROM, maxConnections: config.WORKER_CONCURRENCY });
  const delivery = createEmailDelivery({ pool, render: createRenderer({ webUrl: config.WEB_URL }), mailer, clock, logger: logger.child({ component: 'email-worker' }) });
  const worker = createEmailWorker({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.WORKER_CONCURRENCY,
    deliver: delivery.deliver,
    onAttemptFailed: delivery.attemptFailed,
  });
  worker.on('error', (err) => logger.warn({ err: err.message }, 'email worker error'));
  // Where the workers run (this process or notifications-worker's), the System Health tab sees them by their heartbeat.
  const heartbeat = workerHeartbeat(redis, 'notifications-worker');
  return {
    async start() {
      void worker.run().catch((err: unknown) => logger.error({ err }, 'email worker stopped'));
      await worker.waitUntilReady();
      await heartbeat.start();
    },
    async stop() {
      await heartbeat.stop();
      await worker.close();
      if (!givenMailer) mailer.close();
    },
  };
}
