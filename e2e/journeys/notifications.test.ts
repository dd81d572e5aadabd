import { describe, it } from 'vitest';
import { api, expect, newPage, openAs, recordSale, testLogin, uniqueEmail, useBrowser } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();

describe('a price alert in the notifications popover', () => {
  it('fires when a recorded sale crosses the target and shows up without a reload', async () => {
    const user = await testLogin(uniqueEmail('alerts'));
    const token = user.tokens.accessToken;
    const found = await api('GET', '/api/sneakers/search?q=jordan&limit=1', { token });
    expect(found.status).toBe(200);
    const sneaker = found.body.data.sneakers[0];
    const sizes = await api('GET', `/api/sneakers/${sneaker.id}/sizes`, { token });
    // The size priced nearest the middle of the sneaker's sizes: a sale a tenth below it is never far from the
    // sneaker's own sales (catalog's price guard keeps those out), whatever earlier runs left in the store.
    const priced: { size: number; currentPrice: number }[] = sizes.body.data.sizes.filter((s: { currentPrice: number | null }) => s.currentPrice);
    expect(priced.length).toBeGreaterThan(0);
    const prices = priced.map((s) => s.currentPrice).sort((a, b) => a - b);
    const middle = prices[Math.floor(prices.length / 2)]!;
    const chosen = [...priced].sort((a, b) => Math.abs(a.currentPrice - middle) - Math.abs(b.currentPrice - middle))[0]!;
    const target = Math.floor(chosen.currentPrice * 0.95);
    const alert = await api('POST', '/api/price-alerts', { token, body: { sneakerId: sneaker.id, targetPrice: target, size: chosen.size } });
    expect(alert.status).toBe(201);

    const page = await newPage(browser());
    await openAs(page, user, '/admin/collection');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('No notifications yet').waitFor({ timeout: 15_000 });
    await page.getByText("You'll see price alerts and updates here").waitFor();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.waitForTimeout(1_000);

    // A size's market price is the median of its last five sales: three sales below the target move it across.
    for (let i = 0; i < 3; i++) await recordSale({ sneakerId: sneaker.id, size: chosen.size, price: Math.floor(chosen.currentPrice * 0.9) });

    await page.getByRole('button', { name: /Notifications, 1 unread/ }).waitFor({ timeout: 20_000 });
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByRole('listitem').first().waitFor();
    await expect(popover).toContainText(sneaker.name);
    expect(navigations).toBe(0);
    await screenshotBothThemes(page, 'notifications', async (p) => {
      await p.getByRole('button', { name: /Notifications, 1 unread/ }).click();
      await p.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    });

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await page.close();
    // The size goes back to its price for the next run: three sales at it make the median of the last five again.
    for (let i = 0; i < 3; i++) await recordSale({ sneakerId: sneaker.id, size: chosen.size, price: chosen.currentPrice });
  });
});
