// Runs a scheduled job now, or for a given day:
//   node services/collection/src/cli/run-job.ts snapshot-valuations [--day 2026-11-21]
//   node services/collection/src/cli/run-job.ts purge-processed-events [--day 2026-11-21]
// snapshot-valuations stores the day's valuation of every member: the items they held by the end of
// that day, valued at the market prices known when the job runs (run again, it replaces that day's
// values). purge-processed-events forgets consumed events' dedupe rows older than their retention,
// counted back from the end of the day.
import { fileURLToPath } from 'node:url';
import { createLogger, createPgPool, fixedClock, migrate, systemClock } from '@kicksight/platform';
import { loadConfig } from '../config.ts';
import { createValuations } from '../domain/daily-valuations.ts';
import { valuationTimes } from '../domain/valuation.ts';
import { JOB_NAMES, purgeProcessedEventsJob } from '../jobs/jobs.ts';

const [job, flag, day] = process.argv.slice(2);
const jobs = Object.values(JOB_NAMES) as string[];
const validDay = day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));
if (!job || !jobs.includes(job) || (flag !== undefined && (flag !== '--day' || !validDay))) {
  process.stderr.write(`usage: run-job.ts ${jobs.join('|')} [--day YYYY-MM-DD]\n`);
  process.exit(2);
}
const config = loadConfig();
await migrate(config.DATABASE_URL, fileURLToPath(new URL('../store/migrations', import.meta.url)), createLogger('collection-cli', 'warn'));
const pool = createPgPool(config.DATABASE_URL, { max: 2, name: 'collection-cli' });
try {
  if (job === JOB_NAMES.snapshotValuations) {
    const count = await createValuations({ pool, clock: systemClock, valuedAt: valuationTimes(systemClock, config.MARKET_STALE_AFTER) }).takeSnapshots(day);
    process.stdout.write(`${job}: ${count} member(s) valued for ${day ?? 'today'}\n`);
  } else {
    const clock = day ? fixedClock(`${day}T23:59:59.999Z`) : systemClock;
    const count = await purgeProcessedEventsJob(pool, clock).run();
    process.stdout.write(`${job}: ${count} dedupe row(s) forgotten as of ${clock.now().toISOString()}\n`);
  }
} finally {
  await pool.end();
}
