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
    const priced = sizes.body.data.sizes.find((s: { currentPrice: number | null }) => s.currentPrice);
    expect(priced).toBeTruthy();
    const target = Math.max(100, Math.floor(priced.currentPrice / 2));
    const alert = await api('POST', '/api/price-alerts', { token, body: { sneakerId: sneaker.id, targetPrice: target, size: priced.size } });
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
    for (let i = 0; i < 3; i++) await recordSale({ sneakerId: sneaker.id, size: priced.size, price: Math.max(1, target - 100) });

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
  });
});
