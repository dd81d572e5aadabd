// Runs one scheduled job now, or as of a given moment:
//   node services/billing/src/cli/run-job.ts expire-trials [--at 2026-11-25T00:00:00Z]
//   node services/billing/src/cli/run-job.ts renew-local-subscriptions [--at ...]
import { fileURLToPath } from 'node:url';
import { createLogger, createPgPool, fixedClock, migrate, systemClock } from '@kicksight/platform';
import { loadConfig } from '../config.ts';
import { createSubscriptions } from '../domain/subscriptions.ts';
import { createSignedLinks } from '../domain/signed-links.ts';
import { createLocalGateway } from '../gateway/local.ts';

const [job, flag, at] = process.argv.slice(2);
if (!job || !['expire-trials', 'renew-local-subscriptions'].includes(job) || (flag && (flag !== '--at' || Number.isNaN(Date.parse(at ?? ''))))) {
  process.stderr.write('usage: run-job.ts expire-trials|renew-local-subscriptions [--at <ISO time>]\n');
  process.exit(2);
}
const config = loadConfig();
await migrate(config.DATABASE_URL, fileURLToPath(new URL('../store/migrations', import.meta.url)), createLogger('billing-cli', 'warn'));
const pool = createPgPool(config.DATABASE_URL);
const clock = at ? fixedClock(at) : systemClock;
try {
  const subscriptions = createSubscriptions({ pool, clock });
  const count =
    job === 'expire-trials'
      ? await subscriptions.expireTrials()
      : await createLocalGateway({ pool, clock, subscriptions, links: createSignedLinks({ secret: config.LOCAL_GATEWAY_SECRET, baseUrl: config.PUBLIC_API_URL, clock }) }).renewDue();
  process.stdout.write(`${job}: ${count} subscription(s) as of ${clock.now().toISOString()} (events go out with the service's outbox relay)\n`);
} finally {
  await pool.end();
}
