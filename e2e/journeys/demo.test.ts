import { describe, it } from 'vitest';
import { WEB, allowConsoleErrors, expect, newPage, useBrowser } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'kicksight-demo';
const SCREENS: [string, string][] = [
  ['professional-dashboard', 'Professional Dashboard'],
  ['professional-product/p1', 'Professional Product'],
  ['professional-search', 'Professional Search'],
  ['professional-portfolio', 'Professional Portfolio'],
  ['dashboard', 'Dashboard'],
  ['search', 'Search'],
  ['collection', 'Collection'],
  ['product', 'Product'],
];

const browser = useBrowser();

describe('the demo area', () => {
  it('stays behind its gate until the right password, shows its eight screens with only the ticket-bound data call, and logs out', async () => {
    const page = await newPage(browser());
    await page.goto(`${WEB}/demo/dashboard`);
    // The wrong password is refused with a 4xx, which the browser logs.
    allowConsoleErrors(/status of 4\d\d .*\/api\/demo\/access\)$/);
    await page.getByLabel('Demo password').fill('not-the-password');
    await page.getByRole('button', { name: 'Enter Demo' }).click();
    await page.getByText('Invalid password. Please try again.').waitFor();
    await expect(page.getByLabel('Demo password')).toHaveValue('');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('demo-access'))).toBeNull();
    await screenshotBothThemes(page, 'demo-gate', (p) => p.getByRole('button', { name: 'Enter Demo' }).waitFor());

    await page.getByLabel('Demo password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Enter Demo' }).click();
    await page.getByText('Total Portfolio Value').first().waitFor();
    const markerOf = async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem('demo-access'))) ?? '{}');
    await expect.poll(async () => (await markerOf()).granted).toBe(true);
    const marker = await markerOf();
    expect(marker.expiresAt - marker.timestamp).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);

    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    for (const [path, title] of SCREENS) {
      await page.goto(`${WEB}/demo/${path}`);
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      await screenshotBothThemes(page, `demo-${path.split('/')[0]}`, (p) => p.getByRole('heading', { name: title, exact: true }).waitFor());
    }
    // Each screen opened anew asks the BFF for the sample data with its ticket, and for nothing else.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map((url) => new URL(url).pathname).filter((path) => path !== '/api/demo/data')).toEqual([]);

    await page.getByRole('button', { name: 'Demo Logout' }).click();
    await page.getByRole('button', { name: 'Enter Demo' }).waitFor();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('demo-access'))).toBeNull();
    await page.close();
  });
});
