import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminLogin, api, findSneaker, openAs, testLogin, uniqueEmail, useBrowser, WEB } from '../fixture.ts';

const browser = useBrowser();

/** Visible page content (text, controls, pictures) under the Feedback button at the current scroll position (run in the page). */
const COVERED_BY_FEEDBACK = `(() => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Feedback');
  const tab = button.getBoundingClientRect();
  const overlaps = (r) => r.width > 0 && r.height > 0 && r.left < tab.right && r.right > tab.left && r.top < tab.bottom && r.bottom > tab.top;
  return [...document.querySelectorAll('main *, header *, footer *')]
    .filter((el) => !el.contains(button) && !button.contains(el))
    .filter((el) => el.matches('a, button, input, select, textarea, img, svg, h1, h2, h3, p, li, dd, dt, td, th, span, label, strong'))
    .filter((el) => overlaps(el.getBoundingClientRect()))
    .map((el) => el.tagName.toLowerCase() + ' "' + el.textContent.trim().slice(0, 30) + '"');
})()`;

const coveredByFeedback = (page: Page): Promise<string[]> => page.evaluate(COVERED_BY_FEEDBACK);
const fullscreenShown = (page: Page): Promise<boolean> => page.evaluate('document.fullscreenElement !== null');

/** The page's full height once it has not changed for a second (at most 20 s). */
async function settledHeight(page: Page): Promise<number> {
  let last = -1;
  let since = Date.now();
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await page.waitForTimeout(100)) {
    const height: number = await page.evaluate('document.documentElement.scrollHeight');
    if (height !== last) [last, since] = [height, Date.now()];
    else if (Date.now() - since >= 1_000) return height;
  }
  throw new Error(`the page's height kept changing for 20 s (last ${last} px)`);
}

describe('polish the member sees', () => {
  it('/auth/callback opened on its own says what went wrong and leads back to sign-in', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${WEB}/auth/callback`);
    await page.getByRole('alert').getByText('No authorization code received').waitFor({ timeout: 45_000 });
    expect(await page.getByText('Processing authentication...').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL(`${WEB}/login`);
    await page.goto(`${WEB}/auth/callback?code=abc&state=xyz`);
    await page.getByRole('alert').getByText(/Start again from there/).waitFor({ timeout: 45_000 });
    await page.close();
  }, 240_000);

  it('names the sneaker in the breadcrumbs, and the sales chart fills the screen fullscreen with each month named once over a year', async () => {
    const admin = await adminLogin();
    const sneaker = await findSneaker(admin.tokens.accessToken, 'jordan');
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openAs(page, admin, `/admin/product/${sneaker.id}`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByText(sneaker.name, { exact: true }).waitFor({ timeout: 45_000 });
    expect(await crumbs.textContent()).not.toContain(sneaker.id);

    const history = page.getByRole('region', { name: 'Historical Sales Data' });
    await history.getByRole('img', { name: /^Historical sales/ }).waitFor({ timeout: 45_000 });
    await history.getByRole('button', { name: '1Y' }).click();
    await history.getByRole('img', { name: /^Historical sales: 365-day/ }).waitFor({ timeout: 45_000 });
    const labels = await history.locator('[data-axis="time"] text').allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);

    await history.getByRole('button', { name: 'Show the chart fullscreen' }).click();
    await expect.poll(() => fullscreenShown(page), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await history.locator('svg[role="img"]').boundingBox())?.height ?? 0, { timeout: 10_000 }).toBeGreaterThan(600);
    await page.close();
  }, 240_000);

  it('keeps the Feedback button off the content at 1280 and 390 px, top to bottom', async () => {
    const user = await testLogin(uniqueEmail('feedback'));
    for (const name of ['Dunk Low', 'Air Max 90', 'Samba OG', 'Gel-Lyte III']) {
      expect((await api('POST', '/api/collections', { token: user.tokens.accessToken, body: { name, brand: 'Nike', size: 10, purchasePrice: 10_000 } })).status).toBe(201);
    }
    for (const width of [1280, 390]) {
      const page = await browser().newPage({ viewport: { width, height: 800 } });
      await openAs(page, user, '/admin/collection');
      await page.getByRole('article', { name: 'Dunk Low' }).waitFor({ timeout: 45_000 });
      await page.getByRole('heading', { name: 'Discover Similar Sneakers' }).waitFor();
      // The sections below the first screen render just after it and fill in as their data arrives: measure the
      // page once its height has held still for a second.
      const height = await settledHeight(page);
      for (const y of [0, height / 3, (2 * height) / 3, height]) {
        await page.evaluate(`window.scrollTo(0, ${y})`);
        expect(await coveredByFeedback(page), `${width} px at ${Math.round(y)}`).toEqual([]);
      }
      await page.getByRole('button', { name: 'Feedback' }).click();
      await page.getByRole('dialog', { name: 'Send Feedback' }).waitFor();
      await page.close();
    }
  }, 240_000);

  it('shows the stored email after saving the profile, not the spaces and capitals typed', async () => {
    const user = await testLogin(uniqueEmail('profile'));
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openAs(page, user, '/admin/settings');
    const email = page.getByLabel('Email', { exact: true });
    await expect.poll(() => email.inputValue(), { timeout: 45_000 }).toBe(user.user.email);
    await email.fill(`  ${user.user.email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile Updated').waitFor({ timeout: 45_000 });
    await expect.poll(() => email.inputValue()).toBe(user.user.email);
    await page.close();
  }, 240_000);
});
