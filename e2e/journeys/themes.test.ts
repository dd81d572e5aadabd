import { describe, it } from 'vitest';
import { WEB, api, expect, newPage, openAs, testLogin, uniqueEmail, useBrowser } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();

/** The pages of the sign-in flow and the member's own pages, each saved in the light and the dark theme. */
describe('every page in both themes', () => {
  it('shows the sign-in pages in light and dark', async () => {
    const page = await newPage(browser());
    for (const [path, name] of [
      ['/login', 'login'],
      ['/register', 'register'],
      ['/forgot-password', 'forgot-password'],
    ] as const) {
      await page.goto(`${WEB}${path}`);
      await screenshotBothThemes(page, name, (p) => p.getByRole('heading', { level: 1 }).waitFor());
      await expect(page).toHaveURL((url) => url.pathname === path);
    }
    await page.close();
  });

  it('shows the collection, search and a sneaker in light and dark', async () => {
    const user = await testLogin(uniqueEmail('themes'));
    const found = await api('GET', '/api/sneakers/search?q=jordan&limit=1', { token: user.tokens.accessToken });
    expect(found.status).toBe(200);
    const sneaker = found.body.data.sneakers[0] as { id: string; name: string };
    const page = await newPage(browser());
    await openAs(page, user, '/admin/collection');
    await screenshotBothThemes(page, 'collection', (p) => p.getByRole('heading', { name: 'My Collection' }).waitFor());
    await page.goto(`${WEB}/admin/search?q=jordan`);
    await screenshotBothThemes(page, 'search', (p) => p.getByText(/^Showing 20 of \d+ — upgrade to see more$/).waitFor({ timeout: 15_000 }));
    await page.goto(`${WEB}/admin/product/${sneaker.id}`);
    await screenshotBothThemes(page, 'sneaker', (p) => p.getByText('All Size Variations').waitFor({ timeout: 15_000 }));
    await expect(page.locator('body')).toContainText(sneaker.name);
    await page.close();
  });
});
