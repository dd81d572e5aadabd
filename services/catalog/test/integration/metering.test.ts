import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBillingClient, createLogger } from '@kicksight/platform';
import {
  Cleanups,
  TEST_SERVICE_TOKEN,
  jsonClient,
  movableClock,
  payLocalCheckout,
  serveOnFreePort,
  startServiceProcess,
  startTokenIssuer,
  stubApp,
  type ServiceWorkload,
  type TokenIssuer,
} from '@kicksight/testkit';
import { createCatalog } from '../../src/domain/catalog.ts';
import { createSearchIndex } from '../../src/domain/search-index.ts';
import { createSneakerCache } from '../../src/domain/sneaker-cache.ts';
import type { SneakerDoc } from '../../src/store/models.ts';
import { call, catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp, type Tokens } from './catalog-app.ts';

const cleanups = new Cleanups();
/** Billing as its main.ts runs it; its members' tokens come from `billingTokens`. */
let billing: ServiceWorkload;
let billingTokens: TokenIssuer;
let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let topics: Awaited<ReturnType<typeof catalogTopics>>;
let tokens: Tokens;
let catalog: CatalogApp;
let sneakers: SneakerDoc[];

beforeAll(async () => {
  [db, topics, tokens, billingTokens] = await Promise.all([createCatalogDatabase('metering'), catalogTopics('catalog_metering'), testTokens(), startTokenIssuer(cleanups)]);
  billing = await startServiceProcess('billing', { stack: inject('stack'), prefix: topics.prefix, cleanups, env: { JWKS_URL: billingTokens.jwksUrl } });
  await seed(db.models, { generate: 70 });
  catalog = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: { url: billing.internalUrl, serviceToken: TEST_SERVICE_TOKEN } });
  sneakers = await db.models.Sneaker.find({}).sort({ _id: 1 }).limit(8).lean<SneakerDoc[]>();
});
afterAll(async () => {
  await catalog?.close();
  await cleanups.run();
  await topics?.drop();
  await db?.drop();
});

async function member() {
  const id = newUserId();
  return { id, token: await tokens.token({ id }) };
}
const get = (token: string, path: string) => call(catalog.url, 'GET', path, token);
async function usage(userId: string) {
  const { body } = await jsonClient(billing.url).get('/api/membership/usage', await billingTokens.mint({ id: userId }));
  return body.data as { searchesUsed: number; productViewsUsed: number };
}

describe('searches through billing', () => {
  it("allows a trial member's 10th search and refuses the 11th with SEARCH_LIMIT", async () => {
    const { id, token } = await member();
    const queries = ['air max', 'dunk', 'samba', 'gazelle', 'superstar', 'chuck', 'old skool', 'palermo', 'suede', '990v6'];
    for (const q of queries) expect((await get(token, `/api/sneakers/search?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    expect((await usage(id)).searchesUsed).toBe(10);
    const refused = await get(token, '/api/sneakers/search?q=forum');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SEARCH_LIMIT');
    expect(refused.body.message).toMatch(/search limit/);
    // A search already counted today is still served.
    expect((await get(token, '/api/sneakers/search?q=samba')).status).toBe(200);
  });

  it('does not count page 2 or a repeat of the same query, brands and sort', async () => {
    const { id, token } = await member();
    expect((await get(token, '/api/sneakers/search?brands=Nike&limit=5')).status).toBe(200);
    expect((await get(token, '/api/sneakers/search?brands=Nike&limit=5&page=2')).status).toBe(200);
    expect((await get(token, '/api/sneakers/search?brands=nike&limit=5')).status).toBe(200);
    expect((await usage(id)).searchesUsed).toBe(1);
    expect((await get(token, '/api/sneakers/search?brands=Nike&sortBy=release_date')).status).toBe(200);
    expect((await usage(id)).searchesUsed).toBe(2);
  });

  it('caps the results a trial member reaches across pages at 20, and says how many matched', async () => {
    const { id, token } = await member();
    const page = (n: number) => get(token, `/api/sneakers/search?brands=Nike,Adidas,Jordan&limit=15&page=${n}`);
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect(one.body.data).toMatchObject({ total: 20, available: 30 });
    expect(two.body.data).toMatchObject({ total: 20, available: 30 });
    // Later pages present the first page's usage key: the search counted once.
    expect((await usage(id)).searchesUsed).toBe(1);
    expect(one.body.data.sneakers).toHaveLength(15);
    expect(two.body.data.sneakers).toHaveLength(5);
    expect(three.body.data.sneakers).toHaveLength(0);
    const admin = await call(catalog.url, 'GET', '/api/sneakers/search?brands=Nike,Adidas,Jordan&limit=100', await tokens.token({ id: newUserId(), role: 'admin' }));
    expect(admin.body.data).toMatchObject({ total: 30, available: 30 });
  });

  it('lets a Pro member page through 60 results of 50 a page, counting the search once', async () => {
    const { id, token } = await member();
    const checkout = await jsonClient(billing.url).post('/api/membership/checkout', { planName: 'premium', billingPeriod: 'monthly' }, await billingTokens.mint({ id }));
    expect((await payLocalCheckout(billing.url, checkout.body.data.url)).status).toBe(303);
    const page = (n: number) => get(token, `/api/sneakers/search?brands=${encodeURIComponent('Nike,Adidas,Jordan,New Balance,Puma,Converse,Vans')}&limit=50&page=${n}`);
    const [one, two] = [await page(1), await page(2)];
    expect(one.body.data).toMatchObject({ total: 60, available: 70 });
    expect(one.body.data.sneakers).toHaveLength(50);
    expect(two.body.data.sneakers).toHaveLength(10);
    expect((await usage(id)).searchesUsed).toBe(1);
  });

  it('gives the unit back when serving the search fails after billing counted it', async () => {
    const { id } = await member();
    const client = createBillingClient({ baseUrl: billing.internalUrl, serviceToken: TEST_SERVICE_TOKEN });
    const broken = {
      ...createSearchIndex(),
      search: () => {
        throw new Error('index unavailable');
      },
    };
    const sneakerCache = createSneakerCache({ models: db.models, index: broken, size: 10 });
    const failing = createCatalog({ models: db.models, index: broken, sneakers: sneakerCache, billing: client, clock: movableClock(), logger: createLogger('test', 'silent') });
    await expect(failing.search({ id, role: 'member' }, { q: 'dunk', brands: [], sortBy: 'rank', page: 1, limit: 50 })).rejects.toThrow('index unavailable');
    expect((await usage(id)).searchesUsed).toBe(0);
  });
});

describe('product views through billing', () => {
  it('allows 5 views a trial, counts a sneaker once a day, then refuses with PRODUCT_VIEW_LIMIT', async () => {
    const { id, token } = await member();
    for (const s of sneakers.slice(0, 5)) expect((await get(token, `/api/sneakers/${s._id}`)).status).toBe(200);
    expect((await get(token, `/api/sneakers/${sneakers[0]!._id}`)).status).toBe(200);
    expect((await usage(id)).productViewsUsed).toBe(5);
    const refused = await get(token, `/api/sneakers/${sneakers[5]!._id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PRODUCT_VIEW_LIMIT');
    // A sneaker's sizes and live market are part of its product view: refused past the limit, and served for a sneaker viewed today.
    for (const part of ['sizes', 'market']) {
      expect((await get(token, `/api/sneakers/${sneakers[5]!._id}/${part}`)).body, part).toMatchObject({ code: 'PRODUCT_VIEW_LIMIT' });
      expect((await get(token, `/api/sneakers/${sneakers[0]!._id}/${part}`)).status, part).toBe(200);
    }
    // Related sneakers are not a product view.
    expect((await get(token, `/api/sneakers/${sneakers[5]!._id}/related`)).status).toBe(200);
    expect((await usage(id)).productViewsUsed).toBe(5);
  });

  it("counts a sneaker's page once, whichever of its detail, sizes and market is asked for first", async () => {
    const { id, token } = await member();
    for (const part of ['/sizes', '/market', '']) expect((await get(token, `/api/sneakers/${sneakers[6]!._id}${part}`)).status, part).toBe(200);
    expect((await get(token, `/api/sneakers/${sneakers[7]!._id}/market`)).status).toBe(200);
    expect((await usage(id)).productViewsUsed).toBe(2);
  });

  it('does not count a view of an unknown sneaker', async () => {
    const { id, token } = await member();
    expect((await get(token, '/api/sneakers/0123456789abcdef01234567')).status).toBe(404);
    expect((await usage(id)).productViewsUsed).toBe(0);
  });

  it("passes billing's TRIAL_EXPIRED through, for views and searches", async () => {
    // Billing refuses every unit of this member: their trial has ended (billing's own tests show when it does).
    const ended = stubApp();
    ended.post('/internal/usage/consume', (_req, res) => {
      res.status(403).json({ code: 'TRIAL_EXPIRED', message: 'Your free trial has ended. Choose a plan to keep searching, viewing and adding sneakers.' });
    });
    const endedBilling = await serveOnFreePort(ended, cleanups);
    const afterTrial = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: { url: endedBilling.url, serviceToken: TEST_SERVICE_TOKEN } });
    try {
      const { token } = await member();
      for (const path of [`/api/sneakers/${sneakers[1]!._id}`, '/api/sneakers/search?q=dunk']) {
        const refused = await call(afterTrial.url, 'GET', path, token);
        expect(refused.status, path).toBe(403);
        expect(refused.body, path).toEqual({ code: 'TRIAL_EXPIRED', message: 'Your free trial has ended. Choose a plan to keep searching, viewing and adding sneakers.' });
      }
    } finally {
      await afterTrial.close();
    }
  });

});

describe('historical sales', () => {
  it('are a premium feature for trial members', async () => {
    const { token } = await member();
    for (const path of ['sales/daily', 'sales/recent', 'price-history']) {
      const { status, body } = await get(token, `/api/sneakers/${sneakers[0]!._id}/${path}`);
      expect(status, path).toBe(403);
      expect(body).toEqual({ code: 'PREMIUM_FEATURE', message: 'Historical sales data is a premium feature. Upgrade to Pro or Expert to see sales history.' });
    }
  });

  it('are served to a premium member', async () => {
    const { id, token } = await member();
    const checkout = await jsonClient(billing.url).post('/api/membership/checkout', { planName: 'premium', billingPeriod: 'monthly' }, await billingTokens.mint({ id }));
    expect((await payLocalCheckout(billing.url, checkout.body.data.url)).status).toBe(303);
    for (const path of ['sales/daily?days=90', 'sales/recent', 'price-history?period=30d']) {
      const { status, body } = await get(token, `/api/sneakers/${sneakers[0]!._id}/${path}`);
      expect(status, path).toBe(200);
      expect(body.data).toBeTruthy();
    }
    const daily = await get(token, `/api/sneakers/${sneakers[0]!._id}/sales/daily?days=90`);
    expect(daily.body.data.dailySales.length).toBeGreaterThan(0);
  });
});
