// Each store taken away for 30 s under a steady member journey, then brought back: every answer within a
// second and never 500, the product ready again within 10 s of the store's return, and no effect of an
// answered request lost or doubled. The stores are this phase's own servers (scripts/stack.sh), stopped and
// started one at a time; the phase runs alone.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BFF, call } from '../support.ts';
import { byStatus, sleep, slowestOf, underLoad, waitUntil, type Journey, type Sample } from '../member-journey.ts';

const STORES = ['smtp', 'postgres', 'redis', 'mongo', 'kafka'] as const;
type Store = (typeof STORES)[number];
const OUTAGE_MS = Number(process.env.KS_OUTAGE_MS ?? 30_000);
const SLOWEST_ALLOWED_MS = 1_000;
const READY_WITHIN_MS = 10_000;
const SMTP_API = process.env.KS_SMTP_API_URL ?? 'http://127.0.0.1:8025/api';
/**
 * The BFF's detailed health on its internal port: every process's checks and their reasons, asked as Kicksight's own
 * processes ask it. The public `/api/health` counts against its caller's address like any anonymous call, so polled
 * from the address of the journeys' sign-ups it would read their rate limit, not the product's readiness.
 */
const BFF_HEALTH = `${process.env.KS_BFF_INTERNAL_URL ?? 'http://127.0.0.1:8180'}/health`;

interface Outcome {
  store: Store;
  samples: Sample[];
  journeys: Journey[];
  readyMs: number;
  /** The checks that kept the product from being ready after the store returned, with the last reason each gave. */
  notReady: string[];
  lost: string[];
  doubled: string[];
  /** The machine's load average (1 min) when the store went away and when it came back. */
  load: [number, number];
}

const execFileAsync = promisify(execFile);

/**
 * Stops or starts one of the phase's servers. Asynchronously: the journeys' calls in flight meanwhile are timed
 * by this process's event loop, which a synchronous child process would hold for as long as the server takes
 * to stop or start (seconds for Kafka), counting that wait against the product's answers.
 */
const stack = (command: 'up' | 'down', store: Store) => execFileAsync('scripts/stack.sh', [command, store], { cwd: new URL('../../', import.meta.url), timeout: 180_000 });

interface CheckRow {
  ok: boolean;
  error?: string;
}
interface HealthReport {
  status: string;
  bff: { checks: Record<string, CheckRow> };
  services: Record<string, { status: string; error?: string; degraded?: string[]; checks?: Record<string, CheckRow> }>;
}

/** What keeps the product from being whole: each failing check as `process.check: reason` (empty when it is). */
async function notWhole(): Promise<string[]> {
  const answer = await fetch(BFF_HEALTH, { signal: AbortSignal.timeout(5_000) }).catch((err: unknown) => err as Error);
  if (answer instanceof Error) return [`bff: ${answer.message}`];
  const report = ((await answer.json()) as { data: HealthReport }).data;
  if (report.status === 'ok') return [];
  const failing = (name: string, checks: Record<string, CheckRow> = {}) => Object.entries(checks).filter(([, c]) => !c.ok).map(([check, c]) => `${name}.${check}: ${c.error ?? 'failed'}`);
  const lines = [
    ...failing('bff', report.bff.checks),
    ...Object.entries(report.services).flatMap(([name, row]) => (row.status === 'unreachable' ? [`${name}: ${row.error ?? 'unreachable'}`] : failing(name, row.checks))),
  ];
  return lines.length > 0 ? lines : [`health: ${report.status}`];
}

/** Polls the product's health until it is whole; the checks that failed on the way are kept, with their last reason. */
async function readyAgain(timeoutMs: number, notReady: Map<string, string>): Promise<number> {
  return waitUntil(async () => {
    const failing = await notWhole();
    for (const line of failing) notReady.set(line.slice(0, line.indexOf(':')), line);
    return failing.length === 0;
  }, timeoutMs);
}

/** Welcome emails MailDev caught, by address (a member of an earlier store's run also gets the daily digest: not counted). */
async function welcomeEmails(): Promise<Map<string, number>> {
  const mail = (await (await fetch(`${SMTP_API}/email`)).json()) as { subject: string; to: { address: string }[] }[];
  const mailsTo = new Map<string, number>();
  for (const m of mail.filter((m) => m.subject.startsWith('Welcome'))) for (const to of m.to) mailsTo.set(to.address.toLowerCase(), (mailsTo.get(to.address.toLowerCase()) ?? 0) + 1);
  return mailsTo;
}

/** Whether every member who signed up has had a welcome email (they are retried with backoff after an outage). */
async function welcomed(journeys: Journey[]): Promise<boolean> {
  const mailsTo = await welcomeEmails().catch(() => undefined);
  return mailsTo !== undefined && journeys.every((run) => !run.signedUp || (mailsTo.get(run.email.toLowerCase()) ?? 0) > 0);
}

/** What a member's answers promised that is missing (lost) or there twice (doubled). */
async function effects(journeys: Journey[]): Promise<{ lost: string[]; doubled: string[] }> {
  const lost: string[] = [];
  const doubled: string[] = [];
  const mailsTo = await welcomeEmails();
  const check = async (run: Journey) => {
    const emails = mailsTo.get(run.email.toLowerCase()) ?? 0;
    if (emails === 0) lost.push(`welcome email to ${run.email}`);
    if (emails > 1) doubled.push(`welcome email to ${run.email} (${emails})`);
    const headers = { 'x-forwarded-for': run.address };
    const [items, alerts] = await Promise.all([call('GET', '/api/collections', { base: BFF, token: run.token, headers }), call('GET', '/api/price-alerts', { base: BFF, token: run.token, headers })]);
    const itemCount = (items.body?.data?.items as unknown[] | undefined)?.length ?? -1;
    const alertCount = (alerts.body?.data as unknown[] | undefined)?.length ?? -1;
    if (run.added && itemCount < 1) lost.push(`pair of ${run.email}`);
    if (itemCount > 1 || (!run.added && itemCount > 0)) doubled.push(`pairs of ${run.email} (${itemCount}, answered ${run.added ? 201 : 'refused'})`);
    if (run.alerted && alertCount < 1) lost.push(`alert of ${run.email}`);
    if (alertCount > 1 || (run.alerted === false && alertCount > 0)) doubled.push(`alerts of ${run.email} (${alertCount})`);
  };
  // A few members at a time: quick, without crowding the product the next store's outage measures.
  const signedUp = journeys.filter((j) => j.signedUp);
  for (let i = 0; i < signedUp.length; i += 8) await Promise.all(signedUp.slice(i, i + 8).map(check));
  return { lost, doubled };
}

const outcomes: Outcome[] = [];
const load1 = () => Math.round(loadavg()[0]! * 10) / 10;

afterAll(() => {
  // The table of the note: per store, requests by status, the slowest answer, the time to ready, effects lost or doubled, and the machine's load.
  const rows = outcomes.map(({ store, samples, readyMs, notReady, lost, doubled, load }) => {
    const slowest = slowestOf(samples);
    const ready = Number.isFinite(readyMs) ? `${(readyMs / 1000).toFixed(1)} s` : 'never';
    return `| ${store} | ${samples.length} | ${byStatus(samples)} | ${slowest.ms} ms (${slowest.step}) | ${ready} | ${notReady.map((c) => c.slice(0, c.indexOf(':'))).join(', ') || '-'} | ${lost.length} | ${doubled.length} | ${load.join(' → ')} |`;
  });
  const reasons = outcomes.flatMap(({ store, notReady }) => notReady.map((line) => `  ${store}: ${line}`));
  const slow = outcomes.flatMap(({ store, samples }) => samples.filter((s) => s.ms > SLOWEST_ALLOWED_MS).map((s) => `  ${store}: ${JSON.stringify(s)}`));
  console.log(
    [
      '',
      '| store | requests | statuses | slowest | ready after return | not ready meanwhile | lost | doubled | load (1 min) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      ...(reasons.length ? ['checks failing after the store returned (last reason):', ...reasons] : []),
      ...(slow.length ? ['answers slower than a second:', ...slow] : []),
    ].join('\n'),
  );
});

describe.each(STORES)('%s away for 30 s under a member journey', (store) => {
  it('answers every call within a second, never 500 and never refuses a member within the limits, is ready again within 10 s, and loses or doubles nothing', async () => {
    expect(await readyAgain(60_000, new Map()), 'ready before the store goes away').toBeLessThan(60_000);
    // The catcher starts empty for each store: its list, read again and again below, stays this store's.
    await fetch(`${SMTP_API}/email/all`, { method: 'DELETE' });
    const load: [number, number] = [0, 0];
    const notReady = new Map<string, string>();
    const { samples, journeys, result: readyMs } = await underLoad({ base: BFF }, async () => {
      await sleep(2_000);
      load[0] = load1();
      await stack('down', store);
      await sleep(OUTAGE_MS);
      load[1] = load1();
      await stack('up', store);
      const ready = await readyAgain(30_000, notReady);
      await sleep(2_000);
      return ready;
    });
    const slow = samples.filter((s) => s.ms > SLOWEST_ALLOWED_MS);
    const failed = samples.filter((s) => s.status >= 500 && s.status !== 503);
    // Each member makes a handful of calls from an address of its own: far within every limit, outage or not.
    const refused = samples.filter((s) => s.status === 429);
    // Emails are retried with backoff: what the journeys promised is checked once the retries had their time.
    const settled = await waitUntil(() => welcomed(journeys), 120_000);
    const { lost, doubled } = await effects(journeys);
    outcomes.push({ store, samples, journeys, readyMs, notReady: [...notReady.values()], load, lost, doubled });
    // Every promise is checked, each failure reported, before the test fails.
    expect.soft(failed, 'answers of 500 or above other than 503').toEqual([]);
    expect.soft(samples.filter((s) => s.status === 0), 'calls without an answer').toEqual([]);
    expect.soft(refused, 'members refused (429) within their limits').toEqual([]);
    expect.soft(slow, 'answers slower than a second').toEqual([]);
    expect.soft(readyMs, 'time to ready after the store returned').toBeLessThan(READY_WITHIN_MS);
    expect.soft({ lost, doubled, settledMs: Number.isFinite(settled) ? settled : 'never' }).toMatchObject({ lost: [], doubled: [] });
  });
});
