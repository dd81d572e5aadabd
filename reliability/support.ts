// Black-box probes of the running product (test mode): HTTP only, through the web origin and the BFF.
import { randomUUID } from 'node:crypto';

export const WEB = process.env.KS_WEB_URL ?? 'http://127.0.0.1:5173';
export const BFF = process.env.KS_BFF_URL ?? 'http://127.0.0.1:8080';
/** Catalog's own public port: a member's token reaches it directly where the network allows. */
export const CATALOG = process.env.KS_CATALOG_URL ?? 'http://127.0.0.1:4002';

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallOptions {
  token?: string;
  /** A value sent as JSON, or a string sent as it is (with content-type application/json unless headers say otherwise). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The web origin unless told otherwise. */
  base?: string;
}

export async function call(method: string, path: string, { token, body, headers = {}, base = WEB }: CallOptions = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@reliability.example`;

export interface Member {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

/** A fresh member on the trial, signed in through test sign-in (the apps run in test mode). */
export async function newMember(label: string): Promise<Member> {
  const answer = await call('POST', '/api/auth/test-login', { body: { email: uniqueEmail(label) } });
  if (answer.status !== 200) throw new Error(`test-login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const { user, tokens } = answer.body.data;
  return { id: user.id, email: user.email, token: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** A fresh member signed up with a password (for the probes that sign in). */
export async function registeredMember(label: string, password = 'Reliable-Probe-731'): Promise<Member & { password: string }> {
  const answer = await call('POST', '/api/auth/register', { body: { name: `${label} Probe`, email: uniqueEmail(label), password } });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const { user, tokens } = answer.body.data;
  return { id: user.id, email: user.email, token: tokens.accessToken, refreshToken: tokens.refreshToken, password };
}

/** Catalogue sneakers any member may read without spending a search. */
export async function someSneakerIds(token: string, count: number): Promise<string[]> {
  const answer = await call('GET', `/api/onboarding/sample-sneakers?limit=${count}`, { token });
  if (answer.status !== 200) throw new Error(`sample sneakers answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body.data.sneakers as { id: string }[]).map((s) => s.id);
}

/** An error answer of the product: the status, and the standard body `{ code, message }`. */
export function isRefusal(answer: Answer, status: number | number[]): boolean {
  const statuses = Array.isArray(status) ? status : [status];
  return statuses.includes(answer.status) && typeof answer.body?.code === 'string' && typeof answer.body?.message === 'string';
}

export const describeAnswer = (answer: Answer) => `${answer.status} ${typeof answer.body === 'string' ? answer.body.slice(0, 200) : JSON.stringify(answer.body).slice(0, 300)}`;

/** An address of the payment pages (made for the configured web origin), at the origin under test. */
export const onWeb = (url: string) => {
  const { pathname, search } = new URL(url.replaceAll('&amp;', '&'));
  return `${WEB}${pathname}${search}`;
};

/** Moves a member to the Unlimited plan through the local gateway's own checkout page (the apps' PAYMENT_GATEWAY=local). */
export async function upgradeToUnlimited(member: Member): Promise<void> {
  const checkout = await call('POST', '/api/membership/checkout', { token: member.token, body: { planName: 'unlimited', billingPeriod: 'monthly' } });
  if (checkout.status !== 200) throw new Error(`checkout answered ${describeAnswer(checkout)}`);
  const page = await fetch(onWeb(checkout.body.data.url));
  const pay = /<form method="post" action="([^"]+\/pay\?[^"]+)"/.exec(await page.text())?.[1];
  if (!pay) throw new Error(`no pay button on the local checkout page (${page.status})`);
  const paid = await fetch(onWeb(pay), { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
}
