import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, makePremium, openPage, testAccount, testSignIn, useBrowser, WEB } from '../fixture.ts';

const browser = useBrowser();

/** A word most of the seeded catalogue's names hold (colourways: 'White'), so one search has more than 50 results. */
const BROAD = 'white';

/** How many sneakers the search matches, through the API: the same search as the page's, counted once. */
async function matches(token: string): Promise<number> {
  const found = await api('GET', `/api/sneakers/search?q=${BROAD}&limit=1`, { token });
  expect(found.status).toBe(200);
  return found.body.data.available;
}

const openSearch = (page: Page) => page.goto(`${WEB}/admin/search?q=${BROAD}`);

describe('search beyond the first page', () => {
  it('lets a Pro member load results past the first 50, up to 60, and says when the cap held more back', async () => {
    const account = await testAccount('search-pro');
    await makePremium(account);
    const available = await matches(account.token);
    expect(available, `the seeded catalogue has more than 50 sneakers matching '${BROAD}'`).toBeGreaterThan(50);
    const reachable = Math.min(available, 60);

    const { page, errors } = await openPage(browser());
    await testSignIn(page, account.email);
    await openSearch(page);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('article').nth(49).waitFor({ timeout: 45_000 });
    expect(await results.getByRole('article').count()).toBe(50);
    const status = page.getByRole('status').filter({ hasText: /results found|Showing/ });
    expect(await status.textContent()).toBe(available > 60 ? `Showing 60 of ${available} — upgrade to see more` : `${available} results found`);
    await page.getByText(`50 of ${reachable} shown`).waitFor();

    await page.getByRole('button', { name: 'Load more results' }).click();
    await results.getByRole('article').nth(reachable - 1).waitFor({ timeout: 45_000 });
    expect(await results.getByRole('article').count()).toBe(reachable);
    expect(await page.getByRole('button', { name: 'Load more results' }).count()).toBe(0);
    // The page's search and its later page are the API's search again: it counted once.
    const usage = await api('GET', '/api/membership/usage', { token: account.token });
    expect(usage.body.data.searchesUsed).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("tells a trial member the results were capped at 20 instead of '20 results found'", async () => {
    const account = await testAccount('search-trial');
    const available = await matches(account.token);
    expect(available).toBeGreaterThan(20);

    const { page, errors } = await openPage(browser());
    await testSignIn(page, account.email);
    await openSearch(page);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('article').nth(19).waitFor({ timeout: 45_000 });
    const status = page.getByRole('status').filter({ hasText: 'Showing' });
    expect(await status.textContent()).toBe(`Showing 20 of ${available} — upgrade to see more`);
    expect(await results.getByRole('article').count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Load more results' }).count()).toBe(0);
    await status.getByRole('link', { name: 'upgrade to see more' }).click();
    await page.waitForURL(/\/admin\/upgrade/);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
