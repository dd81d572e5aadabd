import { readFile } from 'node:fs/promises';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, expect, openAs, testAccount, upgradeTo, useBrowser } from '../fixture.ts';
import { screenshot, screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();

const PAIR = 'Ledger Dunk Low';
const year = new Date().getUTCFullYear();

/** The Sales page once it shows the sale: its figures, the chart's eBay bar and the sold row. */
async function salesShown(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Realised gain', exact: true })).toContainText('+$61', { timeout: 45_000 });
  await page.getByRole('table', { name: 'Sold pairs' }).getByText(PAIR).waitFor();
  await page.locator('[data-series="ebay"] rect[height]:not([height="0"])').first().waitFor();
}

describe('a reseller in the browser', () => {
  it('sells a pair with its fees, sees it on the Sales page and in the chart, and downloads the tax-year export', async () => {
    const account = await testAccount('reseller');
    const seller = await upgradeTo(account, 'unlimited');
    const token = seller.tokens.accessToken;
    // Bought at $200 with $15 shipping: a cost basis of $215.
    const added = await api('POST', '/api/collections', { token, body: { name: PAIR, brand: 'Nike', size: 10, purchasePrice: 20_000, purchaseShipping: 1_500 } });
    expect(added.status).toBe(201);

    const page = await browser().newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await openAs(page, seller, '/admin/collection');
    const card = page.getByRole('article', { name: PAIR });
    await card.waitFor({ timeout: 45_000 });
    await card.getByRole('button', { name: `Sell ${PAIR}` }).click();

    // Sold on eBay at $300 with $24 of fees: the dialog shows the net and the gain before saving.
    const dialog = page.getByRole('dialog', { name: 'Sell' });
    await dialog.getByLabel('Platform', { exact: true }).selectOption('ebay');
    await dialog.getByLabel('Sale price (USD) *').fill('300');
    await dialog.getByLabel("Enter the platform's fees myself").check();
    await dialog.getByLabel('Platform fees (USD)').fill('24');
    const payout = dialog.getByLabel('What this sale pays out');
    await expect(payout).toContainText('Net proceeds$276.00');
    await expect(payout).toContainText('Gain$61.00');
    await screenshot(page, 'sales-sell-dialog');
    await dialog.getByRole('button', { name: 'Record sale' }).click();
    await page.getByText('Sale recorded').waitFor();
    // The sold pair leaves the collection at once.
    await expect(card).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sales' }).click();
    await page.waitForURL(/\/admin\/sales$/);
    await page.getByRole('heading', { level: 1, name: 'Sales', exact: true }).first().waitFor();
    await salesShown(page);
    await expect(page.getByRole('region', { name: 'Net proceeds', exact: true })).toContainText('$276');
    const row = page.getByRole('table', { name: 'Sold pairs' }).getByRole('row').filter({ hasText: PAIR });
    await expect(row).toContainText('eBay');
    await expect(row).toContainText('$24.00');
    const chart = page.getByRole('img', { name: /^Realised gain by month and platform/ });
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`best month \\w+ ${year} \\(\\$61\\)`));
    // Hovering the month of the sale names its gain by platform.
    const month = new Date().toISOString().slice(0, 7);
    await page.locator(`rect[data-month="${month}"]`).hover();
    await expect(page.getByRole('status').filter({ hasText: 'eBay: $61' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export ${year}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`kicksight-sales-${year}.csv`);
    const [header, ...rows] = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(header).toBe('description,dateAcquired,dateSold,proceedsUsd,costBasisUsd,feesUsd,gainUsd,term,platform');
    expect(rows).toHaveLength(1);
    const cells = rows[0]!.split(',');
    expect(cells[0]).toContain(PAIR);
    expect(cells.slice(3)).toEqual(['300.00', '215.00', '24.00', '61.00', 'short', 'ebay']);

    await screenshotBothThemes(page, 'sales-1280', salesShown);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotBothThemes(page, 'sales-390', salesShown);
    await page.close();
  }, 240_000);

  it("links their own StockX account through StockX's consent page (the sandbox) and imports its completed orders, once", async () => {
    const account = await testAccount('stockx-seller');
    const seller = await upgradeTo(account, 'unlimited');
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openAs(page, seller, '/admin/sales');
    const card = page.getByRole('region', { name: 'StockX orders' });
    await card.getByRole('button', { name: 'Link StockX' }).click({ timeout: 45_000 });
    // StockX's consent page agrees at once and sends the member back to the Sales page's callback, then to the Sales page.
    await page.waitForURL(/\/admin\/sales$/, { timeout: 45_000 });
    await page.getByText('StockX is linked').waitFor();
    await expect(card).toContainText('not imported yet');

    await card.getByRole('button', { name: 'Import StockX orders' }).click();
    await expect(card.locator('p', { hasText: 'sales imported' })).toHaveText('4 sales imported: 0 matched to your pairs, 4 added to complete', { timeout: 45_000 });
    await expect(card.getByRole('list', { name: 'Imported sales to complete' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('table', { name: 'Sold pairs' }).getByRole('row').filter({ hasText: 'StockX' })).toHaveCount(4, { timeout: 45_000 });
    await screenshot(page, 'sales-stockx-import');

    // A second import adds nothing.
    await card.getByRole('button', { name: 'Import StockX orders' }).click();
    await expect(card.locator('p', { hasText: 'sales imported' })).toHaveText('0 sales imported: 0 matched to your pairs, 0 added to complete, 4 already imported', { timeout: 45_000 });
    await page.close();
  }, 240_000);
});
