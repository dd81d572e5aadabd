import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { marketStatus } from '@kicksight/contracts';
import type { SneakerDoc } from '../../src/store/models.ts';
import { median } from '../../src/domain/market.ts';
import { call, catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp, type Tokens } from './catalog-app.ts';
import { Cleanups, TEST_SERVICE_TOKEN, deadUrl, startServiceProcess } from '@kicksight/testkit';

const cleanups = new Cleanups();
let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let topics: Awaited<ReturnType<typeof catalogTopics>>;
let tokens: Tokens;
let catalog: CatalogApp;
let admin: string;
let sneaker: SneakerDoc;

const get = (path: string, token = admin) => call(catalog.url, 'GET', path, token);

beforeAll(async () => {
  [db, topics, tokens] = await Promise.all([createCatalogDatabase('api'), catalogTopics('catalog_api'), testTokens()]);
  // Billing as its main.ts runs it, with a database of its own: the real metering behind search and views.
  const billing = await startServiceProcess('billing', { stack: inject('stack'), prefix: topics.prefix, cleanups });
  await seed(db.models, { generate: 140 });
  catalog = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: { url: billing.internalUrl, serviceToken: TEST_SERVICE_TOKEN } });
  admin = await tokens.token({ id: newUserId(), role: 'admin' });
  sneaker = (await db.models.Sneaker.findOne({ brand: 'Jordan' }).sort({ _id: 1 }).lean<SneakerDoc>())!;
});
afterAll(async () => {
  await catalog?.close();
  await cleanups.run();
  await topics?.drop();
  await db?.drop();
});

describe('access', () => {
  it('refuses every call without a valid access token', async () => {
    for (const path of ['/api/sneakers/search?q=jordan', `/api/sneakers/${sneaker._id}`, '/api/sneakers/suggestions?q=jo', '/api/onboarding/sample-sneakers']) {
      expect((await get(path, '')).status, path).toBe(401);
    }
    expect((await get('/api/sneakers/search?q=jordan', 'not-a-token')).status).toBe(401);
  });

  it('is ready only with its search index built', async () => {
    const ready = (await fetch(`${catalog.url}/readyz`).then((r) => r.json())) as { checks: Record<string, unknown> };
    expect(ready.checks.searchIndex).toMatchObject({ ok: true });
    expect(catalog.service.index.size).toBe(140);
  });
});

describe('GET /api/sneakers/search', () => {
  it('refuses a control character in any parameter with a 400 naming it, before anything is counted or stored', async () => {
    for (const [path, field] of [
      ['/api/sneakers/search?q=a%00b', 'q'],
      ['/api/sneakers/search?q=jordan&brands=Nike%07', 'brands'],
      ['/api/sneakers/suggestions?q=jo%1b', 'q'],
    ] as const) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body, path).toEqual({ message: `${field} contains a character that is not allowed`, code: 'VALIDATION_ERROR' });
    }
  });

  it('finds sneakers through a typo and a word prefix, with the fields of a search result', async () => {
    const { status, body } = await get('/api/sneakers/search?q=jordn%20retro');
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThan(0);
    const first = body.data.sneakers[0];
    expect(first.name).toMatch(/Jordan .*Retro/);
    expect(Object.keys(first).sort()).toEqual(
      ['availableSizes', 'brand', 'colorway', 'currentPrice', 'highestPrice', 'id', 'imageUrl', 'lowestPrice', 'name', 'priceChange24h', 'provenance', 'releaseDate', 'retailPrice', 'sku'].sort(),
    );
    expect(Number.isInteger(first.currentPrice)).toBe(true);
    const prefix = await get('/api/sneakers/search?q=samb');
    expect(prefix.body.data.sneakers.every((s: { name: string }) => s.name.includes('Samba'))).toBe(true);
    expect(prefix.body.data.total).toBeGreaterThan(0);
  });

  it('filters by brands, sorts by release date (newest first) and pages', async () => {
    const { body } = await get('/api/sneakers/search?brands=Nike,Vans&sortBy=release_date&limit=5');
    const all = await get('/api/sneakers/search?brands=Nike&brands=Vans&sortBy=release_date&limit=100');
    expect(body.data.sneakers).toHaveLength(5);
    expect(all.body.data.total).toBe(40);
    expect(all.body.data.sneakers.every((s: { brand: string }) => ['Nike', 'Vans'].includes(s.brand))).toBe(true);
    const dates = all.body.data.sneakers.map((s: { releaseDate: string }) => s.releaseDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await get('/api/sneakers/search?brands=Nike,Vans&sortBy=release_date&limit=5&page=2');
    expect(page2.body.data.sneakers.map((s: { id: string }) => s.id)).toEqual(all.body.data.sneakers.slice(5, 10).map((s: { id: string }) => s.id));
  });

  it('needs 2 characters or a brand, and refuses a long query or an operator object', async () => {
    for (const path of ['/api/sneakers/search', '/api/sneakers/search?q=a', '/api/sneakers/search?q=%20%20']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.message).toBe('Enter at least 2 characters or choose a brand to search');
    }
    const long = await get(`/api/sneakers/search?q=${'a'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 100 characters/);
    const operator = await get('/api/sneakers/search?brands[$ne]=x');
    expect(operator.status).toBe(400);
    const sort = await get('/api/sneakers/search?q=nike&sortBy=price');
    expect(sort.status).toBe(400);
    expect((await get('/api/sneakers/search?q=nike&limit=0')).status).toBe(400);
  });

  it('treats regular-expression characters as plain text', async () => {
    for (const q of ['.*', '(jordan', '$where', 'a|b[', '\\d+']) {
      const { status, body } = await get(`/api/sneakers/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(Array.isArray(body.data.sneakers)).toBe(true);
    }
  });
});

describe('GET /api/sneakers/suggestions', () => {
  it('suggests up to 5 sneakers for 2 characters or more, none for fewer', async () => {
    const { status, body } = await get('/api/sneakers/suggestions?q=gaz');
    expect(status).toBe(200);
    expect(body.data.suggestions.length).toBeGreaterThan(0);
    expect(body.data.suggestions.length).toBeLessThanOrEqual(5);
    expect(body.data.suggestions[0]).toEqual({ id: expect.any(String), name: expect.stringContaining('Gazelle'), brand: 'Adidas' });
    expect((await get('/api/sneakers/suggestions?q=g')).body.data.suggestions).toEqual([]);
    expect((await get(`/api/sneakers/suggestions?q=${'x'.repeat(500)}`)).status).toBe(400);
  });
});

describe('GET /api/sneakers/{id} and its sizes', () => {
  it('answers the sneaker with variants, stats and a market status', async () => {
    const { status, body } = await get(`/api/sneakers/${sneaker._id}`);
    expect(status).toBe(200);
    const detail = body.data;
    expect(detail).toMatchObject({ id: sneaker._id, name: sneaker.name, brand: { name: 'Jordan' }, category: 'Sneakers', source: 'generated', modelCode: sneaker.sku });
    expect(detail.variants.length).toBeGreaterThan(0);
    expect(detail.variants[0]).toMatchObject({ id: `${sneaker._id}-${detail.variants[0].size}`, availability: expect.stringMatching(/available|sold_out/) });
    expect(detail.stats.averagePrice).toBe(sneaker.stats.averagePrice);
    expect(detail.stats.priceRange).toEqual({ min: sneaker.stats.lowestPrice, max: sneaker.stats.highestPrice });
    expect(detail.marketStatus).toEqual(marketStatus(sneaker.stats.averagePrice, sneaker.retailPrice));
    expect(detail.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says where every price comes from, when it was observed and whether it rests on few sales', async () => {
    const detail = (await get(`/api/sneakers/${sneaker._id}`)).body.data;
    expect(detail.provenance).toEqual({ source: 'generated', asOf: new Date(sneaker.stats.lastSaleAt!).toISOString(), thin: expect.any(Boolean) });
    for (const variant of detail.variants) expect(variant.provenance).toEqual({ source: 'generated', asOf: variant.lastSaleAt, thin: expect.any(Boolean) });
    const sizes = (await get(`/api/sneakers/${sneaker._id}/sizes`)).body.data;
    expect(sizes.provenance).toEqual(detail.provenance);
    expect(sizes.sizes.map((s: { provenance: unknown }) => s.provenance)).toEqual(detail.variants.map((v: { provenance: unknown }) => v.provenance));
    const found = (await get(`/api/sneakers/search?q=${encodeURIComponent(sneaker.name)}&limit=100`)).body.data.sneakers.find((s: { id: string }) => s.id === sneaker._id);
    expect(found.provenance).toEqual(detail.provenance);
  });

  it('answers 404 "Sneaker not found" for unknown and malformed ids', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-an-id', '%24ne', '{"$gt":""}', 'a'.repeat(300)]) {
      const { status, body } = await get(`/api/sneakers/${encodeURIComponent(id)}`);
      expect(status, id).toBe(404);
      expect(body).toEqual({ message: 'Sneaker not found', code: 'NOT_FOUND' });
      expect((await get(`/api/sneakers/${encodeURIComponent(id)}/sizes`)).status).toBe(404);
    }
  });

  it('lists each size with its current price', async () => {
    const { status, body } = await get(`/api/sneakers/${sneaker._id}/sizes`);
    expect(status).toBe(200);
    expect(body.data.sizes.map((s: { size: number }) => s.size)).toEqual(sneaker.variants.map((v) => v.size));
    expect(body.data.sizes[0]).toEqual({ size: sneaker.variants[0]!.size, currentPrice: sneaker.variants[0]!.currentPrice, lastSalePrice: sneaker.variants[0]!.lastSalePrice, availability: expect.any(String), provenance: expect.objectContaining({ source: 'generated' }) });
    expect(body.data.averagePrice).toBe(sneaker.stats.averagePrice);
  });
});

describe('sales history', () => {
  it('answers daily sales, newest first, paged, for 7, 30, 90 or 365 days', async () => {
    const { status, body } = await get(`/api/sneakers/${sneaker._id}/sales/daily?days=365&limit=5`);
    expect(status).toBe(200);
    expect(body.data.dailySales).toHaveLength(5);
    expect(body.data).toMatchObject({ page: 1, limit: 5, days: 365, hasPreviousPage: false });
    expect(body.data.total).toBeGreaterThan(5);
    const row = body.data.dailySales[0];
    expect(row.average_price).toBe(Math.round(row.total_sales / row.sales_volume));
    const dates = body.data.dailySales.map((r: { date: string }) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await get(`/api/sneakers/${sneaker._id}/sales/daily?days=365&limit=366`);
    expect(all.body.data.dailySales.reduce((n: number, r: { sales_volume: number }) => n + r.sales_volume, 0)).toBe(sneaker.stats.salesCount);
    const size = sneaker.variants[0]!.size;
    const bySize = await get(`/api/sneakers/${sneaker._id}/sales/daily?days=365&limit=366&size=${size}`);
    expect(bySize.body.data.dailySales.reduce((n: number, r: { sales_volume: number }) => n + r.sales_volume, 0)).toBe(sneaker.variants[0]!.salesCount);
    expect((await get(`/api/sneakers/${sneaker._id}/sales/daily?days=14`)).status).toBe(400);
    expect((await get(`/api/sneakers/${sneaker._id}/sales/daily?size=10.3`)).status).toBe(400);
  });

  it('answers recent sales newest first, paged', async () => {
    const first = await get(`/api/sneakers/${sneaker._id}/sales/recent?limit=3`);
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(sneaker.stats.salesCount);
    expect(first.body.data.sales).toHaveLength(3);
    expect(Object.keys(first.body.data.sales[0]).sort()).toEqual(['amount', 'created_at', 'id', 'size', 'size_type']);
    const all = await get(`/api/sneakers/${sneaker._id}/sales/recent?limit=200`);
    const times = all.body.data.sales.map((s: { created_at: string }) => s.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await get(`/api/sneakers/${sneaker._id}/sales/recent?limit=3&page=2`);
    expect(second.body.data.sales).toEqual(all.body.data.sales.slice(3, 6));
  });

  it('answers a price history over a period, oldest first', async () => {
    const { status, body } = await get(`/api/sneakers/${sneaker._id}/price-history?period=90d`);
    expect(status).toBe(200);
    expect(body.data.period).toBe('90d');
    const dates = body.data.points.map((p: { date: string }) => p.date);
    expect([...dates].sort()).toEqual(dates);
    expect(body.data.points.length).toBeGreaterThan(0);
    expect((await get(`/api/sneakers/${sneaker._id}/price-history?period=2w`)).status).toBe(400);
    expect((await get('/api/sneakers/nope/price-history')).status).toBe(404);
  });
});

describe('GET /api/sneakers/{id}/related', () => {
  it('answers 12 by default (mixed), each with a reason and a market status', async () => {
    const { status, body } = await get(`/api/sneakers/${sneaker._id}/related`);
    expect(status).toBe(200);
    expect(body.data.strategy).toBe('mixed');
    expect(body.data.products).toHaveLength(12);
    expect(new Set(body.data.products.map((p: { id: string }) => p.id)).size).toBe(12);
    for (const product of body.data.products) {
      expect(product.id).not.toBe(sneaker._id);
      expect(product.recommendationReason.length).toBeGreaterThan(3);
      expect(product.marketStatus).toEqual(marketStatus(product.currentPrice, product.retailPrice));
    }
  });

  it('follows a strategy', async () => {
    const brand = await get(`/api/sneakers/${sneaker._id}/related?strategy=brand&limit=5`);
    expect(brand.body.data.products).toHaveLength(5);
    expect(brand.body.data.products.every((p: { brand: string; recommendationReason: string }) => p.brand === 'Jordan' && p.recommendationReason === 'More from Jordan')).toBe(true);
    const price = await get(`/api/sneakers/${sneaker._id}/related?strategy=price-range`);
    for (const p of price.body.data.products) expect(Math.abs(p.currentPrice - sneaker.stats.averagePrice!)).toBeLessThanOrEqual(sneaker.stats.averagePrice! * 0.25);
    const category = await get(`/api/sneakers/${sneaker._id}/related?strategy=category`);
    expect(category.body.data.products.every((p: { name: string }) => p.name.startsWith(sneaker.model!))).toBe(true);
    const trending = await get(`/api/sneakers/${sneaker._id}/related?strategy=trending`);
    expect(trending.status).toBe(200);
    expect((await get(`/api/sneakers/${sneaker._id}/related?strategy=cheapest`)).status).toBe(400);
  });
});

describe('GET /api/onboarding/sample-sneakers', () => {
  it('answers popular sneakers of the chosen brands, taking from each in turn', async () => {
    const { status, body } = await get('/api/onboarding/sample-sneakers?interests=jordan,new%20balance');
    expect(status).toBe(200);
    expect(body.data.sneakers).toHaveLength(12);
    const brands = body.data.sneakers.map((s: { brand: string }) => s.brand);
    expect(new Set(brands)).toEqual(new Set(['Jordan', 'New Balance']));
    expect(brands.slice(0, 2).sort()).toEqual(['Jordan', 'New Balance']);
    expect((await get('/api/onboarding/sample-sneakers')).body.data.sneakers).toHaveLength(12);
  });
});

describe('internal calls (service token)', () => {
  const internal = (path: string, token = 'catalog-test-service-token') => call(catalog.internalUrl, 'GET', path, undefined, undefined, { 'x-service-token': token });

  it('refuses a caller without the service token', async () => {
    expect((await internal('/internal/market-overview', 'wrong-token-of-some-length')).status).toBe(401);
    expect((await call(catalog.url, 'GET', '/internal/market-overview', admin)).status).toBe(404);
  });

  it('gives the prediction service a daily series, oldest first', async () => {
    const { status, body } = await internal(`/internal/sneakers/${sneaker._id}/daily-series?days=365`);
    expect(status).toBe(200);
    expect(body.data.sneakerId).toBe(sneaker._id);
    const dates = body.data.days.map((d: { date: string }) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(body.data.days.reduce((n: number, d: { salesVolume: number }) => n + d.salesVolume, 0)).toBe(sneaker.stats.salesCount);
    expect(body.data.days[0]).toEqual({ date: expect.any(String), averagePrice: expect.any(Number), salesVolume: expect.any(Number), totalSales: expect.any(Number) });
    expect((await internal('/internal/sneakers/0123456789abcdef01234567/daily-series')).status).toBe(404);
    expect((await internal(`/internal/sneakers/${sneaker._id}/daily-series?days=0`)).status).toBe(400);
  });

  it("gives the prediction service a sneaker's latest sales, newest first, and many sneakers' inputs in one call", async () => {
    const recent = await internal(`/internal/sneakers/${sneaker._id}/recent-sales?days=365&limit=5`);
    expect(recent.status).toBe(200);
    const sales = recent.body.data.sales as { price: number; size: number; soldAt: string }[];
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.length).toBeLessThanOrEqual(5);
    const times = sales.map((s) => Date.parse(s.soldAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((t) => t > Date.now() - 366 * 86_400_000)).toBe(true);
    expect(sales.every((s) => Number.isInteger(s.price) && s.price > 0)).toBe(true);
    expect((await internal(`/internal/sneakers/${sneaker._id}/recent-sales?limit=0`)).status).toBe(400);

    const post = (body: unknown) => call(catalog.internalUrl, 'POST', '/internal/sneakers/forecast-inputs', undefined, body, { 'x-service-token': 'catalog-test-service-token' });
    const missing = '0123456789abcdef01234567';
    const inputs = await post({ sneakerIds: [sneaker._id, missing], days: 365, salesDays: 30 });
    expect(inputs.status).toBe(200);
    const [found, unknown] = inputs.body.data.sneakers;
    expect(found.sneakerId).toBe(sneaker._id);
    expect(found.days).toEqual((await internal(`/internal/sneakers/${sneaker._id}/daily-series?days=365`)).body.data.days);
    expect(Array.isArray(found.sales)).toBe(true);
    expect(unknown).toEqual({ sneakerId: missing, error: { message: expect.any(String), code: expect.any(String) } });
    expect((await post({ sneakerIds: [], days: 365, salesDays: 30 })).status).toBe(400);
  });

  it('lists the sneakers that sold since a day, a page at a time in id order, with the sizes that sold', async () => {
    const since = '2000-01-01';
    const first = await internal(`/internal/sneakers/traded?since=${since}&limit=50`);
    expect(first.status).toBe(200);
    const ids = first.body.data.sneakers.map((s: { sneakerId: string }) => s.sneakerId);
    expect(ids).toHaveLength(50);
    expect([...ids].sort()).toEqual(ids);
    expect(first.body.data.next).toBe(ids.at(-1));
    const second = await internal(`/internal/sneakers/traded?since=${since}&limit=50&after=${first.body.data.next}`);
    expect(second.body.data.sneakers[0].sneakerId > ids.at(-1)).toBe(true);
    const listed = first.body.data.sneakers.find((s: { sneakerId: string }) => s.sneakerId === sneaker._id);
    if (listed) expect(listed.sizes.length).toBeGreaterThan(0);
    expect((await internal('/internal/sneakers/traded?since=2999-01-01')).body.data).toEqual({ sneakers: [], next: null });
    expect((await internal('/internal/sneakers/traded?since=yesterday')).status).toBe(400);
  });

  it('lists trending sneakers, trending ones first, without the excluded ids', async () => {
    const { status, body } = await internal('/internal/trending?limit=8');
    expect(status).toBe(200);
    expect(body.data.timeframe).toBe('7d');
    const list = body.data.sneakers;
    expect(list).toHaveLength(8);
    const flags = list.map((s: { trending: boolean }) => s.trending);
    expect([...flags].sort((a, b) => Number(b) - Number(a))).toEqual(flags);
    for (const s of list) expect(s.marketStatus).toEqual(marketStatus(s.currentPrice, s.retailPrice));
    const without = await internal(`/internal/trending?limit=8&exclude=${list[0].id},${list[1].id}`);
    expect(without.body.data.sneakers.map((s: { id: string }) => s.id)).not.toContain(list[0].id);
    expect(without.body.data.sneakers.map((s: { id: string }) => s.id)).not.toContain(list[1].id);
    expect((await internal('/internal/trending?timeframe=1y')).status).toBe(400);
  });

  it('gives the dashboard a market overview', async () => {
    const { status, body } = await internal('/internal/market-overview');
    expect(status).toBe(200);
    const overview = body.data;
    expect(overview.totalSneakers).toBe(140);
    expect(overview.totalSales).toBe(await db.models.Sale.estimatedDocumentCount());
    expect(overview.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(overview.brands.map((b: { brand: string }) => b.brand).sort()).toEqual(['Adidas', 'Converse', 'Jordan', 'New Balance', 'Nike', 'Puma', 'Vans']);
    expect(overview.gainers.every((g: { priceChange24h: number }) => g.priceChange24h > 0)).toBe(true);
    expect(overview.losers.every((g: { priceChange24h: number }) => g.priceChange24h < 0)).toBe(true);
  });

  it("gives collection a sneaker's facts, its current price per size (with the sales behind it) and its average", async () => {
    const { status, body } = await internal(`/internal/sneakers/${sneaker._id}/prices`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      sneakerId: sneaker._id,
      name: sneaker.name,
      brand: sneaker.brand,
      colorway: sneaker.colorway ?? '',
      imageUrl: sneaker.imageUrl ?? null,
      averagePrice: sneaker.stats.averagePrice,
      retailPrice: sneaker.retailPrice,
      sizes: sneaker.variants.map((v) => ({ size: v.size, currentPrice: v.currentPrice, seq: v.seq, sale: expect.anything(), reading: null, latestSales: expect.any(Array) })),
    });
    // Each size's sales: the price they set (the median of its latest), with the last sale's source and time, and the latest sales' times.
    const sold = sneaker.variants.find((v) => v.recentPrices.length > 0)!;
    const size = body.data.sizes.find((s: { size: number }) => s.size === sold.size);
    expect(size.sale).toEqual({ price: median(sold.recentPrices), source: expect.stringMatching(/^(replay:|generated|snapshot:|estimate:)/), asOf: new Date(sold.lastSaleAt!).toISOString() });
    expect(size.latestSales[0]).toBe(new Date(sold.lastSaleAt!).toISOString());
    expect((await internal('/internal/sneakers/nope/prices')).status).toBe(404);
  });
});

describe('billing unreachable', () => {
  it('answers metered calls with 503 and a clear message', async () => {
    const offline = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: { url: await deadUrl(), serviceToken: 'x'.repeat(20) } });
    try {
      const member = await tokens.token({ id: newUserId() });
      for (const path of ['/api/sneakers/search?q=jordan', `/api/sneakers/${sneaker._id}`, `/api/sneakers/${sneaker._id}/sizes`, `/api/sneakers/${sneaker._id}/sales/daily`]) {
        const { status, body } = await call(offline.url, 'GET', path, member);
        expect(status, path).toBe(503);
        expect(body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The billing service is unavailable. Please try again shortly.' });
      }
      expect((await call(offline.url, 'GET', `/api/sneakers/${sneaker._id}/related`, member)).status).toBe(200);
    } finally {
      await offline.close();
    }
  });
});
