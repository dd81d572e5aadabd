import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';

const WEB = process.env.KS_WEB_URL ?? 'http://127.0.0.1:5173';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('status page in a real browser', () => {
  it('shows that all systems are operational', async () => {
    const page = await browser.newPage();
    await page.goto(`${WEB}/status`);
    await page.getByText('All systems operational').waitFor({ timeout: 15_000 });
    const rows = await page.getByRole('listitem').allTextContents();
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.endsWith(': ready'))).toBe(true);
    expect(await page.title()).toBe('Kicksight');
  });
});
