// Every main page, signed out, as a member and as an administrator, opened in the browser: the fixture
// fails a test on any console error or failed request, so each page here loads without one (test sign-in's
// availability comes from the public config, pictures whose host is away show their placeholder).
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WEB, adminLogin, expect, findSneaker, openAs, testLogin, uniqueEmail, useBrowser, type Signed } from '../fixture.ts';

const browser = useBrowser();

/** Opens a page and waits for its heading and for its data calls to settle. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${WEB}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('load');
  // The queries a page starts on arrival (and their retries' first round) have answered by then.
  await page.waitForTimeout(1_500);
}

async function signedInPage(signed: Signed): Promise<Page> {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
  await openAs(page, signed, '/admin/collection');
  return page;
}

describe('no console errors or failed requests', () => {
  it('on the sign-in, register and pricing pages, signed out', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    const configCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/config') || request.url().includes('/api/auth/test-login')) configCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await visit(page, '/login', 'Sign In');
    // Test runs have test sign-in on, and the page learnt it from the public config, never from a failing call.
    await page.getByRole('button', { name: 'Test Sign In' }).waitFor();
    expect(configCalls).toEqual(['GET /api/config']);
    await visit(page, '/register', 'Create Account');
    await visit(page, '/pricing', 'Choose Your Plan');
    await page.close();
  });

  it('on the collection, search, sneaker, membership and settings pages of a member', async () => {
    const member = await testLogin(uniqueEmail('clean'));
    const sneaker = await findSneaker(member.tokens.accessToken, 'jordan');
    const page = await signedInPage(member);
    await visit(page, '/admin/collection', 'My Collection');
    await visit(page, '/admin/search?q=jordan', 'Search Sneakers');
    await page.getByRole('list', { name: 'Search results' }).getByRole('article').first().waitFor({ timeout: 30_000 });
    await visit(page, `/admin/product/${sneaker.id}`, sneaker.name);
    await visit(page, '/admin/membership', 'Membership');
    await visit(page, '/admin/settings', 'Settings');
    await page.close();
  }, 120_000);

  it("on the administrator's dashboard and pages", async () => {
    const admin = await adminLogin();
    const page = await signedInPage(admin);
    await visit(page, '/admin/admin-panel', 'Admin Dashboard');
    await visit(page, '/admin/email-templates', 'Email Templates');
    await visit(page, '/admin/collection', 'My Collection');
    await page.close();
  }, 120_000);
});
