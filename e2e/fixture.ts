// The browser fixture of the end-to-end journeys: one Chromium per file whose tests fail on any console
// error or failed request they did not expect, desktop pages that record page errors, the ways a test signs
// in, and Playwright's retrying assertions (a check that reads the page waits until it holds, up to its
// time-out, instead of reading once).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { expect as playwrightExpect } from '@playwright/test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { waitFor } from '@kicksight/testkit';
import { WEB, api, uniqueEmail } from './api.ts';
import { launchBrowser } from './browser.ts';

export { WEB, api, uniqueEmail };

/** Assertions on pages and locators retry until they hold (10 s); on plain values they check at once. */
export const expect = playwrightExpect.configure({ timeout: 10_000 });

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const AUTH_KEY = 'kicksight-auth';

/**
 * What went wrong in the browser during the current test: console errors (a failed request logs one too),
 * uncaught page errors and requests that failed on the network (not those cancelled on purpose).
 */
const problems: string[] = [];
/** Problems the current test expects (a wrong password's 401, a refused import), by pattern. */
let expected: RegExp[] = [];

/** The current test expects console errors or failed requests matching these (e.g. `/status of 401/`); any other still fails it. */
export function allowConsoleErrors(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

/** Watches every page of a context, popups included, for console errors, page errors and failed requests. */
function watch(context: BrowserContext): BrowserContext {
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Navigating away, an unmounted query's AbortSignal and a closed event stream cancel requests on purpose.
    if (failure !== 'net::ERR_ABORTED') problems.push(`failed request: ${request.method()} ${request.url()} ${failure}`);
  });
  return context;
}

/**
 * One Chromium for the file: launched before its tests, closed after them. Every context it opens
 * (`browser().newPage()` and `newContext()` alike) is watched, and a test fails on any console error or
 * failed request it did not expect with `allowConsoleErrors`.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => watch(await newContext(options));
  });
  afterEach(() => {
    const unexpected = problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
    problems.length = 0;
    expected = [];
    playwrightExpect(unexpected, 'console errors and failed requests in the browser').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser has not started');
    return browser;
  };
}

/** A desktop-sized page in a context of its own, with the uncaught page errors it meets (a test expects none). */
export async function openPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** A desktop-sized page in the browser's default context. */
export const newPage = (browser: Browser): Promise<Page> => browser.newPage(DESKTOP);

export const PASSWORD = 'sneakers-123';

/** A signed-in account as auth answers it. */
export interface Signed {
  user: { id: string; email: string; membershipTier: string };
  tokens: { accessToken: string; refreshToken: string; expiresAt: number };
}

/**
 * Signs in through test sign-in (on in test mode; it makes the account on first use): registrations
 * are rate limited per address, so only the journeys about signing up register.
 */
export async function testLogin(email: string): Promise<Signed> {
  const answer = await api('POST', '/api/auth/test-login', { body: { email } });
  if (answer.status !== 200) throw new Error(`test sign-in answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as Signed;
}

/** A new account through test sign-in, with its email and tokens. */
export async function testAccount(label: string): Promise<{ email: string; token: string; refreshToken: string }> {
  const email = uniqueEmail(label);
  const { accessToken: token, refreshToken } = (await testLogin(email)).tokens;
  return { email, token, refreshToken };
}

/**
 * Signs the seeded administrator in with its password (test sign-in never serves an administrator):
 * KS_ADMIN_PASSWORD, else SEED_ADMIN_PASSWORD from the local stack's .stack/auth.env.
 */
export async function adminLogin(email = process.env.KS_ADMIN_EMAIL ?? 'admin@kicksight.local'): Promise<Signed> {
  const fromStack = () => /^SEED_ADMIN_PASSWORD=(.*)$/m.exec(readFileSync(resolve(import.meta.dirname, '../.stack/auth.env'), 'utf8'))?.[1]?.trim();
  const password = process.env.KS_ADMIN_PASSWORD ?? fromStack();
  const answer = await api('POST', '/api/auth/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`admin sign-in ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as Signed;
}

/** Registers a new account with a password. */
export async function register(label: string, password = 'Sneakers-123!'): Promise<Signed & { password: string }> {
  const answer = await api('POST', '/api/auth/register', { body: { name: `${label} Tester`, email: uniqueEmail(label), password } });
  if (answer.status !== 201) throw new Error(`register ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { ...(answer.body.data as Signed), password };
}

/** Opens the app as this user (the session is stored as the app stores it). */
export async function openAs(page: Page, signed: Signed, path: string): Promise<void> {
  await page.goto(`${WEB}/pricing`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [AUTH_KEY, JSON.stringify({ user: signed.user, tokens: signed.tokens })]);
  await page.goto(`${WEB}${path}`);
}

/** Signs in through the Sign In page's test sign-in form and waits for the welcome. */
export async function testSignIn(page: Page, email: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${WEB}/login`);
  await page.getByLabel('Test account email').fill(email);
  await page.getByRole('button', { name: 'Test Sign In' }).click();
  await page.getByText('Welcome back!').waitFor({ timeout: 15_000 });
}

/** Signs in through the Sign In page with email and password and waits to leave it. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${WEB}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Welcome back!').waitFor({ timeout: 15_000 });
}

/**
 * Billing sends the browser back to its configured web origin (5173 by default); when these tests run
 * against another origin, continue on the same path there.
 */
export async function continueOnWeb(page: Page): Promise<void> {
  const url = new URL(page.url());
  if (url.origin !== new URL(WEB).origin) await page.goto(`${WEB}${url.pathname}${url.search}`);
}

/** Pays for a plan on billing's local gateway and waits until a refreshed session has its tier; answers that session. */
export async function upgradeTo(account: { token: string; refreshToken: string }, plan: 'premium' | 'unlimited'): Promise<Signed> {
  const checkout = await api('POST', '/api/membership/checkout', { token: account.token, body: { planName: plan, billingPeriod: 'monthly' } });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const html = await (await fetch(checkout.body.data.url)).text();
  const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).find((a) => new URL(a).pathname.endsWith('/pay'));
  if (!action) throw new Error('no pay form on the local checkout page');
  await fetch(action, { method: 'POST', redirect: 'manual' });
  let session: Signed | undefined;
  let { refreshToken } = account;
  await waitFor(
    async () => {
      const refreshed = await api('POST', '/api/auth/refresh', { body: { refreshToken } });
      session = refreshed.body.data as Signed;
      refreshToken = session.tokens.refreshToken;
      return session.user.membershipTier === plan;
    },
    { timeoutMs: 30_000, intervalMs: 500, message: `the ${plan} tier in a new session` },
  );
  return session!;
}

/** Pays for Premium on billing's local gateway and waits until a refreshed session says premium. */
export async function makePremium(account: { token: string; refreshToken: string }): Promise<void> {
  await upgradeTo(account, 'premium');
}

/** A catalogue sneaker with sizes and sales, found through the search API. */
export async function findSneaker(token: string, q = 'jordan retro'): Promise<{ id: string; name: string }> {
  const search = await api('GET', `/api/sneakers/search?q=${encodeURIComponent(q)}&limit=5`, { token });
  const sneaker = search.body?.data?.sneakers?.find((s: { availableSizes: number[] }) => s.availableSizes.length > 0);
  if (!sneaker) throw new Error(`no sneaker found for ${q}: ${search.status}`);
  return sneaker;
}

/**
 * Catalog's test-only call records a sale at a chosen price (`TEST_ROUTES_ENABLED`, never in production): on
 * catalog's internal port, behind the service token, which no member can reach.
 */
const CATALOG_INTERNAL = process.env.KS_CATALOG_INTERNAL_URL ?? 'http://127.0.0.1:4102';

export async function recordSale(sale: { sneakerId: string; size: number; price: number }): Promise<void> {
  const serviceToken = process.env.KS_SERVICE_TOKEN;
  if (!serviceToken) throw new Error('KS_SERVICE_TOKEN is not set: the browser tests record sales with the stack\'s service token (scripts/test.sh e2e sets it)');
  const response = await fetch(`${CATALOG_INTERNAL}/internal/test/sales`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-token': serviceToken },
    body: JSON.stringify(sale),
  });
  playwrightExpect(response.status, `catalog's POST /internal/test/sales: ${await response.clone().text()}`).toBe(201);
}
