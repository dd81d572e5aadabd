import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createPgPool } from '@kicksight/platform';
import { allowConsoleErrors, api, findSneaker, openAs, testLogin, uniqueEmail, useBrowser, WEB, type Signed } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();
/** An 8×6 red picture. */
const RED_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4ISeHFTEMpAQAaYgwwXposYcAAAAASUVORK5CYII=';
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==';

/** The collection service's database on the local stack (KS_POSTGRES_URL, else .stack/stack.env). */
function collectionDatabaseUrl(): string {
  const server = process.env.KS_POSTGRES_URL ?? /^KS_POSTGRES_URL=(.*)$/m.exec(readFileSync(resolve(import.meta.dirname, '../../.stack/stack.env'), 'utf8'))?.[1]?.trim();
  if (!server) throw new Error('no KS_POSTGRES_URL');
  return `${server}/collection`;
}

/** Stores daily valuations of a member's collection, as the nightly snapshot job would have (days before today). */
async function storeValuations(userId: string, days: { daysAgo: number; value: number; cost: number }[]): Promise<void> {
  const pool = createPgPool(collectionDatabaseUrl(), { max: 1, name: 'e2e-valuations' });
  try {
    for (const day of days) {
      await pool.query(
        `INSERT INTO valuation_snapshot (user_id, day, total_value, total_cost, item_count, taken_at)
         VALUES ($1, (now() AT TIME ZONE 'UTC')::date - $2::int, $3, $4, 2, now())`,
        [userId, day.daysAgo, day.value, day.cost],
      );
    }
  } finally {
    await pool.end();
  }
}

const addByHand = (user: Signed, name: string, purchasePrice = 12_000) =>
  api('POST', '/api/collections', { token: user.tokens.accessToken, body: { name, brand: 'Nike', size: 10, purchasePrice } });

/** How wide the picture the browser loaded is (0 when it was refused or failed). */
const naturalWidthOf = (image: Locator): Promise<number> => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);

const timeLabels = (page: Page) => page.locator('[aria-labelledby="portfolio-title"] [data-axis="time"] text').allTextContents();

describe('the collection page in the browser', () => {
  it('draws the portfolio value of the stored daily valuations over 30 days, 90 days and a year, at 1280 and 390 px in both themes', async () => {
    const user = await testLogin(uniqueEmail('portfolio'));
    const sneaker = await findSneaker(user.tokens.accessToken, 'jordan');
    expect((await api('POST', '/api/collections', { token: user.tokens.accessToken, body: { sneakerId: sneaker.id, size: 10, purchasePrice: 20_000 } })).status).toBe(201);
    expect((await addByHand(user, 'Pegasus Trail')).status).toBe(201);

    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openAs(page, user, '/admin/collection');
    const panel = page.getByRole('region', { name: 'Portfolio Value' });
    await panel.getByText("Your collection's value is recorded once a day: its chart starts once there are two days to compare.").waitFor({ timeout: 45_000 });

    // A year of nightly valuations: weekly before the last month, daily within it.
    const days = [...Array.from({ length: 48 }, (_, i) => 364 - i * 7), ...Array.from({ length: 29 }, (_, i) => 29 - i)];
    await storeValuations(
      user.user.id,
      days.map((daysAgo) => ({ daysAgo, value: 30_000 + Math.round((365 - daysAgo) * 25 + Math.sin(daysAgo / 9) * 1_500), cost: 32_000 })),
    );
    await page.reload();
    const chart = panel.getByRole('img', { name: /^Collection value: Value \$[\d,]+, [+-]\$[\d,]+ \([+-][\d.]+%\) since / });
    await chart.waitFor({ timeout: 45_000 });
    expect(await panel.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('true');
    const month = await timeLabels(page);
    expect(month.length).toBeGreaterThan(2);
    expect(new Set(month).size).toBe(month.length);

    await panel.getByRole('button', { name: '1Y' }).click();
    await expect.poll(async () => (await timeLabels(page)).every((label) => /^[A-Z][a-z]{2} \d{4}$/.test(label)), { timeout: 45_000 }).toBe(true);
    const year = await timeLabels(page);
    expect(year.length).toBeGreaterThan(3);
    expect(new Set(year).size).toBe(year.length);
    const history = await api('GET', '/api/dashboard/portfolio-history?range=1y', { token: user.tokens.accessToken });
    expect(history.body.data.points.length).toBe(days.length + 1);
    await panel.getByRole('button', { name: '90D' }).click();
    await expect.poll(() => panel.getByRole('button', { name: '90D' }).getAttribute('aria-pressed')).toBe('true');

    const ready = (p: Page) => p.getByRole('img', { name: /^Collection value: Value/ }).waitFor({ timeout: 45_000 });
    await screenshotBothThemes(page, 'portfolio-desktop', ready);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotBothThemes(page, 'portfolio-phone', ready);
    const box = await page.getByRole('img', { name: /^Collection value: Value/ }).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await page.close();
  }, 240_000);

  it('exports the collection as CSV, lists every bad line of a refused import, and imports a good file', async () => {
    const user = await testLogin(uniqueEmail('csv'));
    expect((await addByHand(user, 'Cortez Classic')).status).toBe(201);
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await openAs(page, user, '/admin/collection');
    await page.getByRole('article', { name: 'Cortez Classic' }).waitFor({ timeout: 45_000 });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('kicksight-collection.csv');
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toMatch(/^sneakerId,name,brand,colorway,size,condition,purchasePriceUsd,/);
    expect(text).toContain('Cortez Classic,Nike');

    // A refused import is answered 400, which the browser logs.
    allowConsoleErrors(/status of 400 .*\/api\/collections\/import\)$/);
    const picker = page.getByLabel('CSV file to import');
    const csv = (body: string) => ({ name: 'pairs.csv', mimeType: 'text/csv', buffer: Buffer.from(`name,brand,size,purchasePriceUsd\n${body}`) });
    await picker.setInputFiles(csv('Samba OG,Adidas,10,120\nNo Brand,,10,100\nHuge Pair,Nike,99,100\n'));
    const refused = page.getByRole('dialog', { name: 'Nothing was imported' });
    await refused.waitFor({ timeout: 45_000 });
    const lines = await refused.getByRole('listitem').allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Line 3: Missing required fields: brand/);
    expect(lines[1]).toMatch(/^Line 4: /);
    await screenshotBothThemes(page, 'collection-import-refused', async (p) => {
      await p.getByRole('article', { name: 'Cortez Classic' }).waitFor({ timeout: 45_000 });
      await p.getByLabel('CSV file to import').setInputFiles(csv('No Brand,,10,100\n'));
      await p.getByRole('dialog', { name: 'Nothing was imported' }).waitFor({ timeout: 45_000 });
    });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Nothing was imported' }).waitFor({ state: 'detached' });
    expect((await api('GET', '/api/collections', { token: user.tokens.accessToken })).body.data.total).toBe(1);

    await page.getByLabel('CSV file to import').setInputFiles(csv('Samba OG,Adidas,10,120\nGazelle,Adidas,9.5,95.50\n'));
    await page.getByText('Imported 2 items').waitFor({ timeout: 45_000 });
    await page.getByRole('article', { name: 'Gazelle' }).waitFor({ timeout: 45_000 });
    await page.getByRole('region', { name: 'Total Items' }).getByText('3', { exact: true }).waitFor();
    await page.close();
  }, 240_000);

  it("shows an uploaded photo in the edit dialog and on the pair's card", async () => {
    const user = await testLogin(uniqueEmail('photo'));
    expect((await addByHand(user, 'Air Force 1')).status).toBe(201);
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openAs(page, user, '/admin/collection');
    const card = page.getByRole('article', { name: 'Air Force 1' });
    await card.getByRole('button', { name: 'Edit Air Force 1' }).click({ timeout: 45_000 });
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    await edit.getByLabel('Upload a photo').setInputFiles({ name: 'pair.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    const thumb = edit.getByRole('img', { name: 'Item photo' });
    await thumb.waitFor({ timeout: 45_000 });
    await expect.poll(() => naturalWidthOf(thumb), { timeout: 10_000 }).toBe(1);
    await page.keyboard.press('Escape');
    const photo = card.getByRole('img', { name: 'Your photo of Air Force 1' });
    await photo.waitFor({ timeout: 45_000 });
    await expect.poll(() => naturalWidthOf(photo), { timeout: 10_000 }).toBe(1);
    await page.close();
  }, 240_000);

  it('follows an add at once: Discover Similar Sneakers leaves trending, the Kicksight Value card counts the pair', async () => {
    const user = await testLogin(uniqueEmail('follows'));
    const sneaker = await findSneaker(user.tokens.accessToken, 'jordan');
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openAs(page, user, '/admin/collection');
    const similar = page.getByRole('list', { name: 'Similar sneakers' });
    await similar.getByText(/^Trending/).first().waitFor({ timeout: 45_000 });
    const value = page.getByRole('region', { name: 'Your Kicksight Value' });
    await value.getByText('0 items').waitFor({ timeout: 45_000 });
    expect(await page.getByText(/low urgency/i).count()).toBe(0);

    // A pair added by hand on this page: the insights card counts it without a reload.
    await page.getByRole('button', { name: 'Add Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add Item' });
    await add.getByLabel('Name *').fill('Blazer Mid');
    await add.getByLabel('Brand *').selectOption('Nike');
    await add.getByLabel('Purchase price (USD) *').fill('1e9');
    await add.getByRole('button', { name: 'Add Item' }).click();
    await add.getByText('Invalid Price: the highest price accepted is $1,000,000.').waitFor();
    await add.getByLabel('Purchase price (USD) *').fill('95');
    await add.getByRole('button', { name: 'Add Item' }).click();
    await page.getByText('Item Added').waitFor();
    await value.getByText('1 item', { exact: true }).waitFor({ timeout: 45_000 });
    await page.getByRole('region', { name: 'Total Items' }).getByText('pair in your collection').waitFor();

    // A catalogue pair added from its page: the recommendations follow it within seconds.
    await page.goto(`${WEB}/admin/product/${sneaker.id}`);
    await page.getByRole('button', { name: 'Add to Collection' }).click({ timeout: 45_000 });
    await page.getByText('Added to Collection').waitFor({ timeout: 45_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' }).click();
    await similar.getByText(/^(More from|Same model|Similar price)/).first().waitFor({ timeout: 45_000 });
    await value.getByText('2 items', { exact: true }).waitFor({ timeout: 45_000 });
    await page.close();
  }, 240_000);

  it('shows each picture through our origin, and the placeholder without a failed request where its host is down', async () => {
    // A picture host on this machine (test runs allow 127.0.0.1), and the address of one that is down.
    const host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(RED_PNG, 'base64')));
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    const down = createServer();
    await new Promise<void>((done) => down.listen(0, '127.0.0.1', done));
    const downPort = (down.address() as AddressInfo).port;
    await new Promise((done) => down.close(done));
    try {
      const user = await testLogin(uniqueEmail('pictures'));
      const add = (name: string, imageUrl: string) => api('POST', '/api/collections', { token: user.tokens.accessToken, body: { name, brand: 'Nike', size: 10, purchasePrice: 9_000, imageUrl } });
      expect((await add('Pictured Pair', `http://127.0.0.1:${(host.address() as AddressInfo).port}/pair.png`)).status).toBe(201);
      expect((await add('Unreachable Pair', `http://127.0.0.1:${downPort}/pair.png`)).status).toBe(201);
      const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
      const pictures: { url: string; status: number }[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/images') pictures.push({ url: response.url(), status: response.status() });
      });
      await openAs(page, user, '/admin/collection');

      const pictured = page.getByRole('article', { name: 'Pictured Pair' }).locator('img');
      await pictured.waitFor({ timeout: 45_000 });
      await expect.poll(() => naturalWidthOf(pictured), { timeout: 15_000 }).toBe(8);
      expect(await pictured.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc)).toContain(`${WEB}/images?src=`);
      expect(await pictured.getAttribute('width')).toBe('640');

      const unreachable = page.getByRole('article', { name: 'Unreachable Pair' });
      await unreachable.getByRole('img', { name: 'Unreachable Pair' }).and(page.locator('div')).waitFor({ timeout: 15_000 });
      expect(await unreachable.locator('img').count()).toBe(0);
      expect(pictures.length).toBeGreaterThanOrEqual(2);
      expect(pictures.filter((p) => p.status !== 200)).toEqual([]);
      await page.close();
    } finally {
      await new Promise((done) => host.close(done));
    }
  }, 120_000);

  it("prompts with the collection's own count when a trial collection is full", async () => {
    const user = await testLogin(uniqueEmail('full'));
    for (let i = 1; i <= 5; i++) expect((await addByHand(user, `Pair ${i}`)).status).toBe(201);
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openAs(page, user, '/admin/search?q=dunk');
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('article').first();
    await first.getByRole('button', { name: /to collection$/ }).click({ timeout: 45_000 });
    const prompt = page.getByRole('dialog', { name: 'Collection Limit Reached' });
    await prompt.getByText('Collection items: 5 of 5').waitFor({ timeout: 45_000 });
    await page.close();
  }, 240_000);
});
