import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, WEB, api, expect, openPage, testAccount, testSignIn, uniqueEmail, useBrowser } from '../fixture.ts';
import { screenshot } from '../screenshots.ts';

const browser = useBrowser();

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const usd = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

describe('a trial member in the browser', () => {
  it('signs up on the trial, searches, opens a sneaker, adds it at a size and sees it valued with gain/loss', async () => {
    const { page, errors } = await openPage(browser());
    const email = uniqueEmail('journey');

    await page.goto(`${WEB}/register?plan=trial`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('Full name').fill('Jordan Journey');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByRole('alert').getByText('Please accept the Terms of Service and Privacy Policy.').waitFor();
    await screenshot(page, 'register-validation');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await page.waitForURL(`${WEB}/admin/collection`);
    await page.getByText('Your 3-day free trial has started! Explore all features.').waitFor();
    await page.getByText('Your collection is empty').waitFor();
    await screenshot(page, 'collection-empty');

    await page.getByPlaceholder('Search sneakers...').fill('jordan retro');
    await page.getByPlaceholder('Search sneakers...').press('Enter');
    await page.waitForURL(/\/admin\/search\?q=jordan(\+|%20)retro/);
    // A trial member sees at most 20 results, and is told when the cap held some back.
    await page.getByText(/^Showing 20 of \d+ — upgrade to see more$/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'search-results');

    const firstResult = page.getByRole('list', { name: 'Search results' }).getByRole('article').first();
    const name = (await firstResult.getByRole('heading').textContent())!.trim();
    await firstResult.getByRole('heading').getByRole('link').click();
    await page.waitForURL(/\/admin\/product\/[0-9a-f]{24}$/);
    const sneakerId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Back to Search' }).waitFor();

    const detail = await api('GET', `/api/sneakers/${sneakerId}`, { token: await tokenOf(page) });
    const variant = detail.body.data.variants.find((v: { currentPrice: number | null }) => v.currentPrice !== null);
    await page.getByLabel('Size', { exact: true }).selectOption(String(variant.size));
    await page.getByRole('region', { name: `US ${variant.size}` }).getByText(usd(variant.currentPrice)).first().waitFor();
    await screenshot(page, 'sneaker-detail-trial');
    await page.getByRole('button', { name: 'Add to Collection' }).click();
    await page.getByText('Added to Collection').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' }).click();
    await page.waitForURL(`${WEB}/admin/collection`);
    const card = page.getByRole('article', { name });
    await card.waitFor({ timeout: 15_000 });
    await card.getByText(`US ${variant.size}`).waitFor();

    const collection = await api('GET', '/api/collections', { token: await tokenOf(page) });
    const [item] = collection.body.data.items;
    expect(item).toMatchObject({ sneakerId, size: variant.size, purchasePrice: variant.currentPrice });
    await card.getByText(usd(item.currentValue), { exact: true }).first().waitFor();
    const gain = card.locator('dd').nth(2);
    // Bought at the market price: a change that shows as $0 reads 'No change', never '+$0'.
    if (Math.round(Math.abs(item.gainLoss) / 100) === 0) {
      await expect(gain).toHaveText('No change');
    } else {
      await expect(gain).toContainText(usd(Math.abs(item.gainLoss)));
      await expect(gain).toHaveText(/\(([+-]?\d+\.\d)%\)/);
    }
    await page.getByRole('region', { name: 'Total Items' }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Total Value' }).getByText(usd(collection.body.data.stats.totalValue), { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Profit/Loss' }).waitFor();
    await screenshot(page, 'collection-valued');

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    await edit.getByLabel('Purchase price (USD) *').fill('0');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('Invalid Price: Please enter a valid purchase price greater than 0.').waitFor();
    await edit.getByLabel('Upload a photo').setInputFiles({ name: 'pair.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await edit.getByRole('img', { name: 'Item photo' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'collection-edit-item');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByRole('table', { name: 'Collection items' }).getByText(name).waitFor();
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await screenshot(page, 'collection-list-dark');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kicksight-theme'))).toBe('dark');
    expect(errors).toEqual([]);
  }, 120_000);

  it('opens the upgrade prompt on the 6th add of the trial', async () => {
    const account = await testAccount('sixth');
    for (let i = 1; i <= 5; i++) {
      const added = await api('POST', '/api/collections', {
        token: account.token,
        body: { name: `Pair ${i}`, brand: 'Nike', colorway: 'Default', size: 10, purchasePrice: 10_000, condition: 'new' },
      });
      expect(added.status).toBeLessThan(300);
    }
    const { page, errors } = await openPage(browser());
    await page.goto(`${WEB}/admin/search?q=dunk`);
    await page.waitForURL(/\/login$/);
    await testSignIn(page, account.email);
    await page.waitForURL(/\/admin\/search\?q=dunk$/);
    const firstResult = page.getByRole('list', { name: 'Search results' }).getByRole('article').first();
    await firstResult.waitFor({ timeout: 15_000 });
    await firstResult.getByRole('button', { name: /to collection$/ }).click();

    const prompt = page.getByRole('dialog', { name: 'Collection Limit Reached' });
    await prompt.waitFor();
    await prompt.getByText('Collection items: 5 of 5').waitFor();
    await prompt.getByText('All plans include a 7-day money-back guarantee.').waitFor();
    await screenshot(page, 'upgrade-prompt-collection-limit');
    await prompt.getByRole('button', { name: 'Maybe Later' }).click();

    await page.goto(`${WEB}/admin/collection`);
    await page.getByRole('button', { name: 'Upgrade to Add' }).click();
    await page.getByRole('dialog', { name: 'Collection Limit Reached' }).waitFor();
    const items = await api('GET', '/api/collections', { token: account.token });
    expect(items.body.data.total).toBe(5);
    expect(errors).toEqual([]);
  }, 120_000);
});

/** The access token the app keeps in browser storage. */
async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('kicksight-auth') ?? sessionStorage.getItem('kicksight-auth'));
  return (JSON.parse(raw!) as { tokens: { accessToken: string } }).tokens.accessToken;
}
