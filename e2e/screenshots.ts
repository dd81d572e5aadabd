// Screenshots of every page the journeys pass, under .stack/screenshots/ (full page, PNG).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

export const SCREENSHOTS = resolve(import.meta.dirname, '../.stack/screenshots');
const THEME_KEY = 'kicksight-theme';

/** Saves the page as it is now, as `.stack/screenshots/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Saves the page in the light and the dark theme, as `<name>-light.png` and `<name>-dark.png`, after `ready` says it has its content. */
export async function screenshotBothThemes(page: Page, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
    await page.reload();
    await ready(page);
    await screenshot(page, `${name}-${theme}`);
  }
}
