import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl } from '@kicksight/testkit';
import type { SneakerDoc } from '../../src/store/models.ts';
import { SERVICE_TOKEN, call, catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp } from './catalog-app.ts';

let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let topics: Awaited<ReturnType<typeof catalogTopics>>;
let catalog: CatalogApp;
let admin: string;
let member: string;
let sneaker: SneakerDoc;

beforeAll(async () => {
  const tokens = await testTokens();
  [db, topics] = await Promise.all([createCatalogDatabase('data_quality'), catalogTopics('catalog_data_quality')]);
  await seed(db.models, { generate: 12 });
  catalog = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: { url: await deadUrl(), serviceToken: 'x'.repeat(20) } });
  admin = await tokens.token({ id: newUserId(), role: 'admin' });
  member = await tokens.token({ id: newUserId(), role: 'member' });
  sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: 1 }).lean<SneakerDoc>())!;
  // Two prices the guard refuses, recorded through the test route.
  const size = sneaker.variants[0]!.size;
  for (const price of [9_999_900, sneaker.retailPrice! * 40]) {
    expect((await call(catalog.internalUrl, 'POST', '/internal/test/sales', undefined, { sneakerId: sneaker._id, size, price }, { 'x-service-token': SERVICE_TOKEN })).body.code).toBe('PRICE_QUARANTINED');
  }
});
afterAll(async () => {
  await catalog?.close();
  await topics?.drop();
  await db?.drop();
});

describe("the price guard's quarantine for administrators", () => {
  it('answers anonymous callers 401 and members 403', async () => {
    const entry = (await db.models.Quarantine.findOne({}).lean())!;
    for (const [method, path] of [
      ['GET', '/api/admin/data-quality'],
      ['POST', `/api/admin/data-quality/${entry._id}/release`],
    ] as const) {
      expect((await call(catalog.url, method, path)).status, path).toBe(401);
      expect((await call(catalog.url, method, path, member)).status, path).toBe(403);
    }
    expect((await db.models.Quarantine.findById(entry._id).lean())!.status).toBe('quarantined');
  });

  it('lists the refused values with their reason and where they came from, counted by reason', async () => {
    const { status, body } = await call(catalog.url, 'GET', '/api/admin/data-quality', admin);
    expect(status).toBe(200);
    expect(body.data.counts).toEqual({ placeholder: 1, repeated_value: 0, above_ceiling: 0, wrong_currency: 0, duplicate: 0, outlier_vs_retail: 1, outlier_vs_sales: 0 });
    expect(body.data.released).toBe(0);
    expect(body.data.pagination).toMatchObject({ page: 1, total: 2 });
    expect(body.data.entries).toHaveLength(2);
    expect(body.data.entries[0]).toMatchObject({ kind: 'sale', sneakerId: sneaker._id, name: sneaker.name, currency: 'USD', source: 'test', call: 'POST /internal/test/sales', file: null, row: null, status: 'quarantined' });
    const placeholder = await call(catalog.url, 'GET', '/api/admin/data-quality?reason=placeholder', admin);
    expect(placeholder.body.data.entries.map((e: { amount: number }) => e.amount)).toEqual([9_999_900]);
    expect(placeholder.body.data.entries[0].detail).toMatch(/sentinel/);
    const bad = await call(catalog.url, 'GET', '/api/admin/data-quality?reason=nonsense', admin);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('reason') });
  });

  it('releases a wrongly refused sale: the sale is recorded and the value leaves the quarantine, once', async () => {
    const listed = (await call(catalog.url, 'GET', '/api/admin/data-quality?reason=outlier_vs_retail', admin)).body.data.entries[0];
    const { status, body } = await call(catalog.url, 'POST', `/api/admin/data-quality/${listed.id}/release`, admin);
    expect(status).toBe(200);
    expect(body.data.entry).toMatchObject({ id: listed.id, status: 'released', releasedAt: expect.any(String), releasedBy: expect.any(String) });
    expect(body.data.saleId).toEqual(expect.any(String));
    const stored = (await db.models.Sneaker.findById(sneaker._id).lean<SneakerDoc>())!;
    expect(stored.stats.salesCount).toBe(sneaker.stats.salesCount + 1);
    expect(stored.variants.find((v) => v.size === listed.size)!.lastSalePrice).toBe(listed.amount);

    const after = (await call(catalog.url, 'GET', '/api/admin/data-quality', admin)).body.data;
    expect(after.counts.outlier_vs_retail).toBe(0);
    expect(after.released).toBe(1);
    expect((await call(catalog.url, 'GET', '/api/admin/data-quality?status=released', admin)).body.data.entries.map((e: { id: string }) => e.id)).toEqual([listed.id]);

    const again = await call(catalog.url, 'POST', `/api/admin/data-quality/${listed.id}/release`, admin);
    expect(again.status).toBe(409);
    expect((await db.models.Sneaker.findById(sneaker._id).lean<SneakerDoc>())!.stats.salesCount).toBe(sneaker.stats.salesCount + 1);
    for (const id of ['0123456789abcdef01234567', 'not-an-id']) expect((await call(catalog.url, 'POST', `/api/admin/data-quality/${id}/release`, admin)).status).toBe(404);
  });
});
