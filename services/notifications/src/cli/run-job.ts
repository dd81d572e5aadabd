// Runs one scheduled job now, or as of a given moment; the emails it queues are sent by the workers:
//   node services/notifications/src/cli/run-job.ts daily-digest [--at 2026-11-25T08:00:00Z]
//   node services/notifications/src/cli/run-job.ts trial-warnings|reengagement|requeue-stalled-emails|retry-failed-emails|purge-processed-events [--at ...]
// daily-digest queues the day's digest of every member who wants emails (from the digest hour on);
// trial-warnings warns trials ending within a day; reengagement writes to members inactive for 7 days;
// requeue-stalled-emails queues logged emails whose queue entry was lost; retry-failed-emails tries failed emails again;
// purge-processed-events forgets consumed events older than 14 days.
import { fileURLToPath } from 'node:url';
import { createLogger, createPgPool, fixedClock, migrate, systemClock } from '@kicksight/platform';
import { loadConfig } from '../config.ts';
import { createMarketData } from '../clients/market-data.ts';
import { createDigests } from '../domain/digests.ts';
import { createEmails } from '../domain/emails.ts';
import { createEmailQueue } from '../jobs/email-queue.ts';
import { JOB_NAMES, scheduledJobs, type JobName } from '../jobs/scheduled.ts';

const [job, flag, at] = process.argv.slice(2);
const names = Object.values(JOB_NAMES) as string[];
if (!job || !names.includes(job) || (flag !== undefined && (flag !== '--at' || Number.isNaN(Date.parse(at ?? ''))))) {
  process.stderr.write(`usage: run-job.ts ${names.join('|')} [--at <ISO time>]\n`);
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger('notifications-cli', 'warn');
await migrate(config.DATABASE_URL, fileURLToPath(new URL('../store/migrations', import.meta.url)), logger);
const pool = createPgPool(config.DATABASE_URL, { max: 2, name: 'notifications-cli' });
const queue = createEmailQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, attempts: config.EMAIL_ATTEMPTS, backoffMs: config.EMAIL_BACKOFF_MS });
const clock = at ? fixedClock(at) : systemClock;
try {
  const market = createMarketData({ catalogUrl: config.CATALOG_INTERNAL_URL, collectionUrl: config.COLLECTION_INTERNAL_URL, serviceToken: config.SERVICE_TOKEN });
  const jobs = scheduledJobs({ pool, clock, emails: createEmails({ pool, queue, clock }), digests: createDigests({ market, clock }), market, logger, digestHourUtc: config.DIGEST_HOUR_UTC });
  const count = await jobs[job as JobName].run();
  const what = job === JOB_NAMES.purgeProcessedEvents ? 'dedupe row(s) forgotten' : 'email(s) queued (the email workers send them)';
  process.stdout.write(`${job}: ${count} ${what} as of ${clock.now().toISOString()}\n`);
} finally {
  await queue.close();
  await pool.end();
}
