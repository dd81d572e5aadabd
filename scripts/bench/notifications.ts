// Email throughput: emails per second through the BullMQ queue to the SMTP catcher (MailDev), with one and
// then two worker processes (node services/notifications/src/worker-main.ts, WORKER_CONCURRENCY each).
// Each round logs BENCH_EMAILS welcome emails (their sent_email rows and recipients) in a throwaway
// database, starts the workers, queues every email at once and times from the first job queued to
// the last email logged as sent. Every email must reach the catcher exactly once; ours are deleted
// from the catcher afterwards.
//   node scripts/bench/notifications.ts     (or: npm run bench notifications)
//   BENCH_EMAILS=400 BENCH_CONCURRENCY=5 BENCH_SMTP_HOST=127.0.0.1 BENCH_SMTP_PORT=1025 BENCH_SMTP_API=http://127.0.0.1:8025/api
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createLogger, createPgPool, migrate } from '@kicksight/platform';
import { createEmailQueue, enqueueEmails } from '../../services/notifications/src/jobs/email-queue.ts';
import { logEmails } from '../../services/notifications/src/store/sent-emails.ts';
import { Cleanups, assertLoopback, freePort, machine, runAlone, runName, setting, startProcess, table, throwawayDatabase, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const MIGRATIONS = fileURLToPath(new URL('../../services/notifications/src/store/migrations', import.meta.url));
const WORKER_ENTRY = 'services/notifications/src/worker-main.ts';
const MIN_EMAILS_PER_SECOND = 20;

interface Round {
  workers: number;
  emails: number;
  seconds: number;
  emailsPerSecond: number;
  caught: number;
  duplicates: number;
}

/** The catcher's messages to our addresses, by address. */
async function caughtByAddress(api: string, domain: string): Promise<{ counts: Map<string, number>; ids: string[] }> {
  const response = await fetch(`${api}/email`);
  if (!response.ok) throw new Error(`SMTP catcher answered ${response.status}`);
  const mails = (await response.json()) as { id: string; to: { address: string }[] }[];
  const counts = new Map<string, number>();
  const ids: string[] = [];
  for (const mail of mails) {
    const ours = mail.to.filter((t) => t.address.endsWith(`@${domain}`));
    if (ours.length === 0) continue;
    ids.push(mail.id);
    for (const { address } of ours) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return { counts, ids };
}

export default async function notifications(ctx: BenchContext): Promise<BenchResult> {
  const { stack, log } = ctx;
  const emails = setting('BENCH_EMAILS', 400, { whole: true });
  const concurrency = setting('BENCH_CONCURRENCY', 5, { whole: true });
  const smtpHost = process.env.BENCH_SMTP_HOST ?? '127.0.0.1';
  const smtpPort = setting('BENCH_SMTP_PORT', 1025, { whole: true });
  const smtpApi = process.env.BENCH_SMTP_API ?? 'http://127.0.0.1:8025/api';
  assertLoopback(smtpHost);
  assertLoopback(smtpApi);
  const name = runName('notifications');
  const domain = `${name.replace(/_/g, '-')}.example.com`;
  const cleanups = new Cleanups();
  try {
    const db = await throwawayDatabase(stack.postgres, name);
    cleanups.add('drop the database', db.drop);
    await migrate(db.url, MIGRATIONS, createLogger('bench', 'warn'));
    const pool = createPgPool(db.url, { max: 4, name: 'bench' });
    cleanups.add('close the pool', () => pool.end());
    const queueSettings = { redisUrl: stack.redis, prefix: name, attempts: 3, backoffMs: 500 };
    const queue = createEmailQueue(queueSettings);
    cleanups.add('remove the queue', async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    });
    cleanups.add('delete our emails from the catcher', async () => {
      const { ids } = await caughtByAddress(smtpApi, domain);
      for (const id of ids) await fetch(`${smtpApi}/email/${id}`, { method: 'DELETE' });
    });

    const rounds: Round[] = [];
    for (const workers of [1, 2]) {
      log(`notifications: ${emails} emails with ${workers} worker process(es) of concurrency ${concurrency}`);
      const now = new Date();
      const batch = Array.from({ length: emails }, (_, i) => ({ userId: randomUUID(), address: `w${workers}-${i}@${domain}` }));
      await pool.query(
        `INSERT INTO recipient (user_id, email, name, last_active_day, updated_at) SELECT u, e, 'Bench Member', $3::date, $3 FROM unnest($1::text[], $2::text[]) AS t(u, e)`,
        [batch.map((b) => b.userId), batch.map((b) => b.address), now],
      );
      const keys = await logEmails(
        pool,
        batch.map((b) => ({ userId: b.userId, template: 'welcome' as const, key: `welcome/${b.userId}`, payload: { name: 'Bench Member' } })),
        now,
      );

      const processes = [];
      for (let i = 0; i < workers; i++) {
        const port = await freePort();
        const env = {
          DATABASE_URL: db.url,
          REDIS_URL: stack.redis,
          SERVICE_TOKEN: 'bench-notifications-service-token',
          QUEUE_PREFIX: name,
          SMTP_HOST: smtpHost,
          SMTP_PORT: String(smtpPort),
          WORKER_PORT: String(port),
          WORKER_CONCURRENCY: String(concurrency),
          LOG_LEVEL: 'warn',
        };
        const worker = await startProcess({ name: `notifications-worker-${i + 1}`, entry: WORKER_ENTRY, port, env });
        processes.push(worker);
        cleanups.add(`stop worker ${i + 1}`, () => worker.stop());
      }

      const started = performance.now();
      await enqueueEmails(queue, keys);
      const deadline = Date.now() + 10 * 60_000;
      for (;;) {
        const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM sent_email WHERE status = 'sent' AND key = ANY($1::text[])`, [keys]);
        if (rows[0]!.n >= keys.length) break;
        if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${keys.length} emails were sent within 10 minutes`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const seconds = (performance.now() - started) / 1000;
      for (const worker of processes) await worker.stop();

      const { counts } = await caughtByAddress(smtpApi, domain);
      const ours = batch.map((b) => counts.get(b.address) ?? 0);
      rounds.push({
        workers,
        emails: keys.length,
        seconds: Number(seconds.toFixed(2)),
        emailsPerSecond: Number((keys.length / seconds).toFixed(1)),
        caught: ours.filter((n) => n >= 1).length,
        duplicates: ours.filter((n) => n > 1).length,
      });
    }

    const exact = rounds.every((r) => r.caught === r.emails && r.duplicates === 0);
    const slowest = Math.min(...rounds.map((r) => r.emailsPerSecond));
    const pass = exact && slowest >= MIN_EMAILS_PER_SECOND;
    const host = machine();
    const [one, two] = rounds;
    const lines = [
      `${emails} welcome emails per round through BullMQ to MailDev; each worker process runs ${concurrency} jobs at a time (${host.cpus} CPUs, node ${host.node}; the SMTP catcher, Redis and Postgres share the machine)`,
      ...table([['workers', 'emails', 'seconds', 'emails/s', 'caught', 'duplicates'], ...rounds.map((r) => [r.workers, r.emails, r.seconds, r.emailsPerSecond, r.caught, r.duplicates])]),
      `two workers / one worker: ${(two!.emailsPerSecond / one!.emailsPerSecond).toFixed(2)}x; load average ${host.loadAverage?.join(' ') ?? ''}`,
    ];
    const data = { emails, concurrency, rounds, machine: host, at: new Date().toISOString() };
    lines.push(`results: ${writeResult('notifications', data)}`);
    return {
      name: 'notifications',
      target: `every email caught exactly once and >= ${MIN_EMAILS_PER_SECOND} emails/s (1 worker ${one!.emailsPerSecond}/s, 2 workers ${two!.emailsPerSecond}/s)${exact ? '' : '; SOME EMAILS MISSING OR DOUBLED'}`,
      pass,
      lines,
      data,
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(notifications);
