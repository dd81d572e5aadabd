// Each store taken away for 30 s under a steady member journey, then brought back: every answer within a
// second and never 500, the product ready again within 10 s of the store's return, and no effect of an
// answered request lost or doubled. The stores are this phase's own servers (scripts/stack.sh), stopped and
// started one at a time; the phase runs alone.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BFF, call, uniqueEmail, type Answer } from '../support.ts';

const STORES = ['smtp', 'postgres', 'redis', 'mongo', 'kafka'] as const;
type Store = (typeof STORES)[number];
const OUTAGE_MS = Number(process.env.KS_OUTAGE_MS ?? 30_000);
const MEMBERS_AT_ONCE = 3;
const SLOWEST_ALLOWED_MS = 1_000;
const READY_WITHIN_MS = 10_000;
const SMTP_API = process.env.KS_SMTP_API_URL ?? 'http://127.0.0.1:8025/api';

interface Sample {
  step: string;
  status: number;
  ms: number;
  /** When the call was sent (to find it in the services' logs). */
  at: string;
  /** The BFF's own time for the answer (its Server-Timing), telling its work from the client's and the machine's queueing. */
  bffMs?: number;
  requestId?: string;
}

/** One member's journey and what its answers promised: what must exist afterwards, once. */
interface Journey {
  email: string;
  token?: string;
  signedUp: boolean;
  added?: boolean;
  alerted?: boolean;
}

interface Outcome {
  store: Store;
  samples: Sample[];
  journeys: Journey[];
  readyMs: number;
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

async function timedCall(samples: Sample[], step: string, method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<Answer> {
  const at = new Date().toISOString();
  const started = performance.now();
  const answer = await call(method, path, { base: BFF, ...options }).catch((): Answer => ({ status: 0, headers: new Headers(), body: undefined }));
  const bffMs = /app;dur=([\d.]+)/.exec(answer.headers.get('server-timing') ?? '')?.[1];
  const requestId = answer.headers.get('x-request-id') ?? undefined;
  samples.push({ step, status: answer.status, ms: Math.round(performance.now() - started), at, ...(bffMs && { bffMs: Math.round(Number(bffMs)) }), ...(requestId && { requestId }) });
  return answer;
}

/** Sign up, search, view a sneaker, add a pair, set an alert: the member journey. */
async function journey(samples: Sample[]): Promise<Journey> {
  const email = uniqueEmail('outage');
  const run: Journey = { email, signedUp: false };
  const signUp = await timedCall(samples, 'sign up', 'POST', '/api/auth/test-login', { body: { email } });
  if (signUp.status !== 200) return run;
  run.signedUp = true;
  run.token = signUp.body.data.tokens.accessToken as string;
  const token = run.token;
  const search = await timedCall(samples, 'search', 'GET', '/api/sneakers/search?q=jordan&limit=5', { token });
  const sneakerId = search.status === 200 ? (search.body.data.sneakers[0]?.id as string | undefined) : undefined;
  if (sneakerId) await timedCall(samples, 'view', 'GET', `/api/sneakers/${sneakerId}`, { token });
  const add = await timedCall(samples, 'add', 'POST', '/api/collections', { token, body: { name: 'Outage Pair', brand: 'Nike', size: 10, purchasePrice: 12_000 } });
  run.added = add.status === 201;
  if (sneakerId) {
    const alert = await timedCall(samples, 'alert', 'POST', '/api/price-alerts', { token, body: { sneakerId, targetPrice: 5_000 } });
    run.alerted = alert.status === 201;
  }
  return run;
}

async function healthOk(): Promise<boolean> {
  const answer = await call('GET', '/api/health', { base: BFF }).catch(() => undefined);
  return answer?.status === 200 && answer.body?.data?.status === 'ok';
}

async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await probe()) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Number.POSITIVE_INFINITY;
}

/** Runs the journey on a few members at once while `during` runs, then until it has ended. */
async function underLoad(during: () => Promise<number>): Promise<{ samples: Sample[]; journeys: Journey[]; readyMs: number }> {
  const samples: Sample[] = [];
  const journeys: Journey[] = [];
  let running = true;
  const members = Array.from({ length: MEMBERS_AT_ONCE }, async () => {
    while (running) {
      const run = await journey(samples);
      journeys.push(run);
      // A member refused goes on a moment later, as a person would (and within the per-address limit).
      if (!run.added) await sleep(500);
    }
  });
  const readyMs = await during();
  running = false;
  await Promise.all(members);
  return { samples, journeys, readyMs };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const [items, alerts] = await Promise.all([call('GET', '/api/collections', { base: BFF, token: run.token }), call('GET', '/api/price-alerts', { base: BFF, token: run.token })]);
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
  const rows = outcomes.map(({ store, samples, readyMs, lost, doubled, load }) => {
    const byStatus = Object.entries(samples.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {}))
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    const slowest = samples.reduce((max, s) => (s.ms > max.ms ? s : max), { step: '-', status: 0, ms: 0, at: '' });
    const ready = Number.isFinite(readyMs) ? `${(readyMs / 1000).toFixed(1)} s` : 'never';
    return `| ${store} | ${samples.length} | ${byStatus} | ${slowest.ms} ms (${slowest.step}) | ${ready} | ${lost.length} | ${doubled.length} | ${load.join(' → ')} |`;
  });
  const slow = outcomes.flatMap(({ store, samples }) => samples.filter((s) => s.ms > SLOWEST_ALLOWED_MS).map((s) => `  ${store}: ${JSON.stringify(s)}`));
  console.log(
    ['', '| store | requests | statuses | slowest | ready after return | lost | doubled | load (1 min) |', '|---|---|---|---|---|---|---|---|', ...rows, ...(slow.length ? ['answers slower than a second:', ...slow] : [])].join('\n'),
  );
});

describe.each(STORES)('%s away for 30 s under a member journey', (store) => {
  it('answers every call within a second and never 500, is ready again within 10 s, and loses or doubles nothing', async () => {
    expect(await waitUntil(healthOk, 60_000)).toBeLessThan(60_000);
    // The catcher starts empty for each store: its list, read again and again below, stays this store's.
    await fetch(`${SMTP_API}/email/all`, { method: 'DELETE' });
    const load: [number, number] = [0, 0];
    const { samples, journeys, readyMs } = await underLoad(async () => {
      await sleep(2_000);
      load[0] = load1();
      await stack('down', store);
      await sleep(OUTAGE_MS);
      load[1] = load1();
      await stack('up', store);
      const ready = await waitUntil(healthOk, 30_000);
      await sleep(2_000);
      return ready;
    });
    const slow = samples.filter((s) => s.ms > SLOWEST_ALLOWED_MS);
    const failed = samples.filter((s) => s.status >= 500 && s.status !== 503);
    // Emails are retried with backoff: what the journeys promised is checked once the retries had their time.
    const settled = await waitUntil(() => welcomed(journeys), 120_000);
    const { lost, doubled } = await effects(journeys);
    outcomes.push({ store, samples, journeys, readyMs, load, lost, doubled });
    // Every promise is checked, each failure reported, before the test fails.
    expect.soft(failed, 'answers of 500 or above other than 503').toEqual([]);
    expect.soft(samples.filter((s) => s.status === 0), 'calls without an answer').toEqual([]);
    expect.soft(slow, 'answers slower than a second').toEqual([]);
    expect.soft(readyMs, 'time to ready after the store returned').toBeLessThan(READY_WITHIN_MS);
    expect.soft({ lost, doubled, settledMs: Number.isFinite(settled) ? settled : 'never' }).toMatchObject({ lost: [], doubled: [] });
  });
});
