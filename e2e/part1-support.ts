import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@kicksight/testkit';
import { WEB, api, uniqueEmail } from './api.ts';
import { launchBrowser } from './browser.ts';

export { WEB, api, uniqueEmail };

const SCREENSHOTS = fileURLToPath(new URL('../.stack/screenshots/', import.meta.url));
mkdirSync(SCREENSHOTS, { recursive: true });

/** Saves a full-page screenshot of the current page under .stack/screenshots/part1-<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}part1-${name}.png`, fullPage: true });
}

/** A desktop-sized page that fails the test on uncaught page errors. */
export async function openPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** One Chromium for the file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export const PASSWORD = 'sneakers-123';

/**
 * An account through test sign-in (on for local runs; it makes the account on first use), with its
 * tokens: registrations are rate limited per address, so only the sign-up journey registers.
 */
export async function testAccount(label: string): Promise<{ email: string; token: string; refreshToken: string }> {
  const email = uniqueEmail(label);
  const signedIn = await api('POST', '/api/auth/test-login', { body: { email } });
  if (signedIn.status !== 200) throw new Error(`test sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`);
  const { accessToken: token, refreshToken } = signedIn.body.data.tokens;
  return { email, token, refreshToken };
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

/** Pays for Premium on billing's local gateway and waits until a refreshed session says premium. */
export async function makePremium(account: { token: string; refreshToken: string }): Promise<void> {
  const checkout = await api('POST', '/api/membership/checkout', { token: account.token, body: { planName: 'premium', billingPeriod: 'monthly' } });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const html = await (await fetch(checkout.body.data.url)).text();
  const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).find((a) => new URL(a).pathname.endsWith('/pay'));
  if (!action) throw new Error('no pay form on the local checkout page');
  await fetch(action, { method: 'POST', redirect: 'manual' });
  let { refreshToken } = account;
  await waitFor(
    async () => {
      const refreshed = await api('POST', '/api/auth/refresh', { body: { refreshToken } });
      refreshToken = refreshed.body.data.tokens.refreshToken;
      return refreshed.body.data.user.membershipTier === 'premium';
    },
    { timeoutMs: 30_000, intervalMs: 500, message: 'the premium tier in a new session' },
  );
}

/** A catalogue sneaker with sizes and sales, found through the search API. */
export async function findSneaker(token: string, q = 'jordan retro'): Promise<{ id: string; name: string }> {
  const search = await api('GET', `/api/sneakers/search?q=${encodeURIComponent(q)}&limit=5`, { token });
  const sneaker = search.body?.data?.sneakers?.find((s: { availableSizes: number[] }) => s.availableSizes.length > 0);
  if (!sneaker) throw new Error(`no sneaker found for ${q}: ${search.status}`);
  return sneaker;
}
