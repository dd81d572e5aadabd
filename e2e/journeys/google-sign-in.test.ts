import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { OAuth2Server } from 'oauth2-mock-server';
import { randomUUID } from 'node:crypto';
import { WEB, expect, uniqueEmail, useBrowser } from '../fixture.ts';
import { screenshot } from '../screenshots.ts';

/**
 * Google is stood in for by a local OAuth2 server on this port; the auth service must use it for its
 * token and userinfo calls (GOOGLE_TOKEN_URL / GOOGLE_USERINFO_URL), and the browser's trip to
 * Google's authorization page is sent to it too.
 */
const OAUTH_PORT = Number(process.env.KS_GOOGLE_OAUTH_PORT ?? 4010);
const GOOGLE_AUTHORIZE = /^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth/;

const browser = useBrowser();
let oauth: OAuth2Server;

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(OAUTH_PORT, '127.0.0.1');
});
afterAll(async () => {
  await oauth?.stop();
});

/** Sends the popup's visit to Google's authorization page to the local OAuth2 server instead. */
async function routeGoogleToLocalServer(context: BrowserContext): Promise<void> {
  await context.route(GOOGLE_AUTHORIZE, (route) => {
    const url = new URL(route.request().url());
    return route.fulfill({ status: 302, headers: { location: `${oauth.issuer.url}/authorize${url.search}` } });
  });
}

async function googlePopup(page: Page, button: string): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: button }).click()]);
  return popup;
}

describe('Google sign-in through the popup', () => {
  it('signs a new Google identity in: popup -> local OAuth2 server -> /auth/callback -> the app', async () => {
    const email = uniqueEmail('google');
    oauth.service.once('beforeUserinfo', (response) => {
      response.body = { sub: randomUUID(), email, email_verified: true, name: 'Gabi Google' };
    });
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await routeGoogleToLocalServer(context);
    const page = await context.newPage();
    await page.goto(`${WEB}/login`);

    const popup = await googlePopup(page, 'Sign in with Google');
    await popup.waitForURL(/\/auth\/callback\?code=/);
    const callback = new URL(popup.url());
    expect(callback.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/);
    await popup.waitForEvent('close', { timeout: 10_000 });

    await page.getByText('Welcome back!').waitFor({ timeout: 15_000 });
    await page.waitForURL(`${WEB}/admin/collection`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Hello, Gabi Google').waitFor();
    await screenshot(page, 'google-signed-in');
    await context.close();
  });

  it("says 'OAuth popup was closed' when the member closes the popup", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await context.route(GOOGLE_AUTHORIZE, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Sign in</title><p>Choose an account</p>' }));
    const page = await context.newPage();
    await page.goto(`${WEB}/login`);
    const popup = await googlePopup(page, 'Sign in with Google');
    await expect(popup).toHaveURL(GOOGLE_AUTHORIZE);
    const params = new URL(popup.url()).searchParams;
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('response_type')).toBe('code');
    await popup.close();
    await page.getByText('OAuth popup was closed').waitFor({ timeout: 5_000 });
    await screenshot(page, 'google-popup-closed');
    await context.close();
  });
});
