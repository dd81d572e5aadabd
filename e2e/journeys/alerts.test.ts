import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, openAs, recordSale, testLogin, uniqueEmail, useBrowser, type Signed } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/** A catalogue sneaker and one of its sizes with a market price. */
async function pricedSneaker(token: string): Promise<{ id: string; name: string; size: number; price: number }> {
  const found = await api('GET', '/api/sneakers/search?q=jordan&limit=1', { token });
  expect(found.status).toBe(200);
  const sneaker = found.body.data.sneakers[0];
  const sizes = await api('GET', `/api/sneakers/${sneaker.id}/sizes`, { token });
  const priced = sizes.body.data.sizes.find((s: { currentPrice: number | null }) => s.currentPrice);
  expect(priced, `a priced size of ${sneaker.name}`).toBeTruthy();
  return { id: sneaker.id, name: sneaker.name, size: priced.size, price: priced.currentPrice };
}

async function openPage(signed: Signed, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openAs(page, signed, path);
  return { page, errors };
}

describe('price alerts and the watchlist the member can see, edit and understand', () => {
  it('sets an alert whose dialog and toast say what it will do, and shows the Watchlist toggle on the page and the search card', async () => {
    const user = await testLogin(uniqueEmail('alerts-set'));
    const sneaker = await pricedSneaker(user.tokens.accessToken);
    const { page, errors } = await openPage(user, `/admin/product/${sneaker.id}`);
    await page.getByRole('heading', { name: sneaker.name, level: 1 }).waitFor({ timeout: 45_000 });
    await page.getByRole('combobox', { name: 'Size', exact: true }).selectOption(String(sneaker.size));

    // The dialog opens without a target and says what typing one will do; a low target waits for a drop, the price now is
    // refused in words, and a higher target waits for a rise.
    await page.getByRole('button', { name: 'Price Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a Price Alert' });
    const outcome = dialog.getByTestId('alert-promise');
    expect(await outcome.textContent()).toBe('Type a target to see what the alert will do.');
    await dialog.getByLabel('Target price (USD)').fill('1');
    const drop = (await outcome.textContent()) ?? '';
    expect(drop).toMatch(new RegExp(`^We'll tell you when US ${sneaker.size} falls to \\$1; now \\$[\\d,]+$`));
    const shownPrice = /now (\$[\d,]+)$/.exec(drop)![1]!;
    await dialog.getByLabel('Target price (USD)').fill(shownPrice.replace(/[$,]/g, ''));
    expect(await outcome.textContent()).toBe(`Your target equals the price of US ${sneaker.size} now (${shownPrice}). Choose a price above or below it.`);
    const target = Number(shownPrice.replace(/[$,]/g, '')) + 50;
    await dialog.getByLabel('Target price (USD)').fill(String(target));
    expect(await outcome.textContent()).toBe(`We'll tell you when US ${sneaker.size} rises to ${dollars(target * 100)}; now ${shownPrice}`);
    await dialog.getByRole('button', { name: 'Set Alert' }).click();
    await page.getByText('Price Alert Set').waitFor();
    await page.getByText(`We'll tell you when US ${sneaker.size} rises to ${dollars(target * 100)}; now`, { exact: false }).waitFor();
    const stored = (await api('GET', '/api/price-alerts', { token: user.tokens.accessToken })).body.data;
    expect(stored).toEqual([expect.objectContaining({ sneakerId: sneaker.id, size: sneaker.size, targetPrice: target * 100, side: 'below' })]);

    // The Watchlist toggle shows the sneaker is saved, also after a reload, and on its search card.
    await page.getByRole('button', { name: '☆ Watchlist' }).click();
    await page.getByRole('button', { name: '★ On Watchlist', pressed: true }).waitFor({ timeout: 45_000 });
    await page.reload();
    await page.getByRole('button', { name: '★ On Watchlist', pressed: true }).waitFor({ timeout: 45_000 });
    await page.goto(`${new URL(page.url()).origin}/admin/search?q=jordan`);
    await page.getByRole('button', { name: `Watchlist: ${sneaker.name}`, pressed: true }).waitFor({ timeout: 45_000 });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('lists, retargets, pauses and removes alerts and watched sneakers on the Alerts & Watchlist page, from the user menu', async () => {
    const user = await testLogin(uniqueEmail('alerts-page'));
    const token = user.tokens.accessToken;
    const sneaker = await pricedSneaker(token);
    const now = Math.round(sneaker.price / 100);
    expect((await api('POST', '/api/price-alerts', { token, body: { sneakerId: sneaker.id, targetPrice: (now + 50) * 100, size: sneaker.size } })).status).toBe(201);
    expect((await api('POST', '/api/watchlist', { token, body: { sneakerId: sneaker.id } })).status).toBe(201);

    const { page, errors } = await openPage(user, '/admin/search');
    // By keyboard, as every part of the shell can be reached.
    await page.getByRole('button', { name: 'User menu' }).focus({ timeout: 45_000 });
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Alerts & Watchlist' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/alerts$/);
    const row = page.getByRole('list', { name: 'Price alerts' }).getByRole('listitem').filter({ hasText: sneaker.name });
    await row.getByText(`We'll tell you when US ${sneaker.size} rises to ${dollars((now + 50) * 100)}; now`, { exact: false }).waitFor({ timeout: 45_000 });
    await row.getByText('Not triggered yet').waitFor();
    await page.getByRole('list', { name: 'Watchlist' }).getByText(sneaker.name).waitFor();

    const ready = async (p: Page) => {
      await p.getByRole('list', { name: 'Price alerts' }).getByRole('listitem').first().waitFor({ timeout: 45_000 });
      await p.getByRole('list', { name: 'Watchlist' }).getByRole('listitem').first().waitFor();
    };
    await screenshotBothThemes(page, 'alerts-desktop-1280', ready);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotBothThemes(page, 'alerts-mobile-390', ready);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // A lower target waits for a fall.
    await page.getByRole('button', { name: `Edit target of ${sneaker.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit target: ${sneaker.name}` });
    await edit.getByLabel('Target price (USD)').fill(String(now - 40));
    await edit.getByRole('button', { name: 'Save Target' }).click();
    await page.getByText('Price Alert Updated').waitFor();
    await row.getByText(`falls to ${dollars((now - 40) * 100)}; now`, { exact: false }).waitFor();

    await page.getByRole('button', { name: `Pause alert on ${sneaker.name}` }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Resume alert on ${sneaker.name}` }).click();
    await row.getByText('Active', { exact: true }).waitFor();

    await page.getByRole('button', { name: `Remove alert on ${sneaker.name}` }).click();
    await page.getByRole('dialog', { name: 'Remove Price Alert' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No price alerts yet').waitFor();
    await page.getByRole('button', { name: `Remove ${sneaker.name} from watchlist` }).click();
    await page.getByRole('dialog', { name: 'Remove from Watchlist' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Your watchlist is empty').waitFor();
    expect((await api('GET', '/api/price-alerts', { token })).body.data).toEqual([]);
    expect((await api('GET', '/api/watchlist', { token })).body.data).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it("names the crossing in a fired alert's notification, and the popover leads to the alerts page", async () => {
    const user = await testLogin(uniqueEmail('alerts-fired'));
    const token = user.tokens.accessToken;
    const sneaker = await pricedSneaker(token);
    const target = (Math.round(sneaker.price / 100) + 20) * 100;
    const alert = await api('POST', '/api/price-alerts', { token, body: { sneakerId: sneaker.id, targetPrice: target, size: sneaker.size } });
    expect(alert.status).toBe(201);
    expect(alert.body.data.side).toBe('below');

    const { page, errors } = await openPage(user, '/admin/collection');
    await page.getByRole('button', { name: 'Notifications' }).waitFor({ timeout: 45_000 });
    // A size's market price is the median of its last five sales: three sales above the target move it across.
    for (let i = 0; i < 3; i++) await recordSale({ sneakerId: sneaker.id, size: sneaker.size, price: target + 1_000 });

    await page.getByRole('button', { name: /Notifications, 1 unread/ }).click({ timeout: 30_000 });
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    const item = popover.getByRole('listitem').first();
    await item.waitFor();
    expect(await item.textContent()).toMatch(new RegExp(`US ${sneaker.size} rose to \\$[\\d,]+, above your ${dollars(target).replace('$', '\\$')} alert\\.`));

    await popover.getByRole('link', { name: 'Manage alerts' }).click();
    await page.waitForURL(/\/admin\/alerts$/);
    const row = page.getByRole('list', { name: 'Price alerts' }).getByRole('listitem').filter({ hasText: sneaker.name });
    await row.getByText(/Last triggered .* \(1 time\)/).waitFor({ timeout: 45_000 });
    // Fired upwards, it now waits for the price to fall back to the target.
    await row.getByText(`falls to ${dollars(target)}; now`, { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
