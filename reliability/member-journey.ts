// The member journey the outage and restart tests run as steady load: sign up, search, view a sneaker, add a pair,
// set an alert, each member from an address of its own, each answer timed.
import { memberAddress } from '@kicksight/testkit';
import { call, uniqueEmail, type Answer } from './support.ts';

export interface Sample {
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
export interface Journey {
  email: string;
  /** The member's own address, as the proxy in front of the BFF reports it (each member is a different person). */
  address: string;
  token?: string;
  signedUp: boolean;
  added?: boolean;
  alerted?: boolean;
}

/** A call of the journey beyond its usual steps (a service the usual ones do not reach), with the member's token and the sneaker viewed. */
export interface ExtraStep {
  step: string;
  path: (sneakerId: string) => string;
}

export interface JourneyOptions {
  /** The BFF the members call. */
  base: string;
  extra?: ExtraStep;
}

export const MEMBERS_AT_ONCE = 3;

export async function timedCall(samples: Sample[], run: Journey, step: string, method: string, path: string, options: Parameters<typeof call>[2] & { base: string }): Promise<Answer> {
  const at = new Date().toISOString();
  const started = performance.now();
  const answer = await call(method, path, { ...options, headers: { 'x-forwarded-for': run.address } }).catch((): Answer => ({ status: 0, headers: new Headers(), body: undefined }));
  const bffMs = /app;dur=([\d.]+)/.exec(answer.headers.get('server-timing') ?? '')?.[1];
  const requestId = answer.headers.get('x-request-id') ?? undefined;
  samples.push({ step, status: answer.status, ms: Math.round(performance.now() - started), at, ...(bffMs && { bffMs: Math.round(Number(bffMs)) }), ...(requestId && { requestId }) });
  return answer;
}

/** Sign up, search, view a sneaker, add a pair, set an alert: the member journey. */
export async function journey(samples: Sample[], { base, extra }: JourneyOptions): Promise<Journey> {
  const email = uniqueEmail('outage');
  const run: Journey = { email, address: nextAddress(), signedUp: false };
  const signUp = await timedCall(samples, run, 'sign up', 'POST', '/api/auth/test-login', { base, body: { email } });
  if (signUp.status !== 200) return run;
  run.signedUp = true;
  run.token = signUp.body.data.tokens.accessToken as string;
  const token = run.token;
  const search = await timedCall(samples, run, 'search', 'GET', '/api/sneakers/search?q=jordan&limit=5', { base, token });
  const sneakerId = search.status === 200 ? (search.body.data.sneakers[0]?.id as string | undefined) : undefined;
  if (sneakerId) await timedCall(samples, run, 'view', 'GET', `/api/sneakers/${sneakerId}`, { base, token });
  const add = await timedCall(samples, run, 'add', 'POST', '/api/collections', { base, token, body: { name: 'Outage Pair', brand: 'Nike', size: 10, purchasePrice: 12_000 } });
  run.added = add.status === 201;
  if (sneakerId) {
    const alert = await timedCall(samples, run, 'alert', 'POST', '/api/price-alerts', { base, token, body: { sneakerId, targetPrice: 5_000 } });
    run.alerted = alert.status === 201;
    if (extra) await timedCall(samples, run, extra.step, 'GET', extra.path(sneakerId), { base, token });
  }
  return run;
}

let addresses = 0;
/** An address of its own for each member. */
const nextAddress = () => memberAddress(++addresses);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await probe()) return Math.round(performance.now() - started);
    await sleep(200);
  }
  return Number.POSITIVE_INFINITY;
}

/** Runs the journey on a few members at once while `during` runs, then until it has ended. */
export async function underLoad<T>(options: JourneyOptions, during: () => Promise<T>): Promise<{ samples: Sample[]; journeys: Journey[]; result: T }> {
  const samples: Sample[] = [];
  const journeys: Journey[] = [];
  let running = true;
  const members = Array.from({ length: MEMBERS_AT_ONCE }, async () => {
    while (running) {
      const run = await journey(samples, options);
      journeys.push(run);
      // A member refused goes on a moment later, as a person would (and within the per-address limit).
      if (!run.added) await sleep(500);
    }
  });
  const result = await during();
  running = false;
  await Promise.all(members);
  return { samples, journeys, result };
}

/** Requests by status, as `200×120 201×40`. */
export const byStatus = (samples: Sample[]) =>
  Object.entries(samples.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

/** The slowest answer. */
export const slowestOf = (samples: Sample[]): Sample => samples.reduce((max, s) => (s.ms > max.ms ? s : max), { step: '-', status: 0, ms: 0, at: '' });
