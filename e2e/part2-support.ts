import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { WEB, api, uniqueEmail } from './api.ts';

export { WEB, api, uniqueEmail };

export const SCREENSHOTS = resolve(import.meta.dirname, '../.stack/screenshots');
const AUTH_KEY = 'kicksight-auth';
const THEME_KEY = 'kicksight-theme';

export interface Signed {
  user: { id: string; email: string; membershipTier: string };
  tokens: { accessToken: string; refreshToken: string; expiresAt: number };
}

/**
 * Billing sends the browser back to its configured web origin (5173 by default); when these tests run
 * against another origin, continue on the same path there.
 */
export async function continueOnWeb(page: Page): Promise<void> {
  const url = new URL(page.url());
  if (url.origin !== new URL(WEB).origin) await page.goto(`${WEB}${url.pathname}${url.search}`);
}

export async function testLogin(email: string): Promise<Signed> {
  const answer = await api('POST', '/api/auth/test-login', { body: { email } });
  if (answer.status !== 200) throw new Error(`test-login ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as Signed;
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

/**
 * Saves the page in the light and the dark theme, under `.stack/screenshots/part2-<name>-<theme>.png`,
 * after `ready` says the page has its content.
 */
export async function screenshotBothThemes(page: Page, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
    await page.reload();
    await ready(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, `part2-${name}-${theme}.png`), fullPage: true });
  }
}

/** One browser for the file's tests, closed after them. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser has not started');
    return browser;
  };
}

/** Catalog's test-only call records a sale at a chosen price (`TEST_ROUTES_ENABLED`, never in production). */
const CATALOG = process.env.KS_CATALOG_URL ?? 'http://127.0.0.1:4002';

export async function recordSale(token: string, sale: { sneakerId: string; size: number; price: number }): Promise<void> {
  const response = await fetch(`${CATALOG}/api/test/sales`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(sale),
  });
  expect(response.status, `catalog's POST /api/test/sales: ${await response.clone().text()}`).toBe(201);
}
