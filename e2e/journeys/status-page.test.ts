import { describe, it } from 'vitest';
import { WEB, expect, useBrowser } from '../fixture.ts';

const browser = useBrowser();

describe('status page in a real browser', () => {
  it('shows that all systems are operational', async () => {
    const page = await browser().newPage();
    await page.goto(`${WEB}/status`);
    await page.getByText('All systems operational').waitFor({ timeout: 15_000 });
    // Six rows, each ending in ': ready'.
    await expect(page.getByRole('listitem')).toHaveText(Array.from({ length: 6 }, () => /: ready$/));
    await expect(page).toHaveTitle('Kicksight');
  });
});
