import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { topicName } from '@kicksight/platform';
import { deadUrl, readTopic, testKafka, waitFor, type ReadMessage } from '@kicksight/testkit';
import { eventIdOf } from '../../src/domain/ids.ts';
import { salesOf } from '../../src/app.ts';
import { SUMMARIES_COMPLETE } from '../../src/store/summaries.ts';
import type { AggregateDoc, SaleDoc, SneakerDoc } from '../../src/store/models.ts';
import type { QuarantineDoc } from '../../src/store/quarantine.ts';
import { SERVICE_TOKEN, call, catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp, type Tokens } from './catalog-app.ts';

let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let topics: Awaited<ReturnType<typeof catalogTopics>>;
let tokens: Tokens;
let first: CatalogApp;
let second: CatalogApp;
let admin: string;
let noBilling: { url: string; serviceToken: string };

/** Catalog's test-only route, on the internal port behind the service token. */
const testSale = (app: CatalogApp, sale: Record<string, unknown>) => call(app.internalUrl, 'POST', '/internal/test/sales', undefined, sale, { 'x-service-token': SERVICE_TOKEN });

const catalogTopic = () => topicName(topics.prefix, 'catalog');

/** Reads the catalog topic until `until` holds; a broker hiccup while joining is retried until the deadline. */
const readCatalog = (until: (messages: ReadMessage[]) => boolean) =>
  waitFor(() => readTopic(testKafka(inject('stack').kafkaBrokers), catalogTopic(), { until }).catch(() => undefined), { timeoutMs: 60_000, message: 'events on the catalog topic' });
const eventsOf = (messages: { value: string }[]) => messages.map((m) => JSON.parse(m.value) as { id: string; type: string; data: Record<string, unknown> });

beforeAll(async () => {
  [db, topics, tokens] = await Promise.all([createCatalogDatabase('events'), catalogTopics('catalog_events'), testTokens()]);
  await seed(db.models, { generate: 30 });
  noBilling = { url: await deadUrl(), serviceToken: 'x'.repeat(20) };
  first = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: noBilling });
  second = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: noBilling });
  admin = await tokens.token({ id: newUserId(), role: 'admin' });
  // The import's new products are announced first.
  await waitFor(async () => (await db.models.Outbox.countDocuments({})) === 0, { timeoutMs: 30_000, message: 'the import announced' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await topics?.drop();
  await db?.drop();
});

describe('the outbox relay', () => {
  it('runs in one pod at a time (a lease), and moves to the other pod when its holder stops', async () => {
    await waitFor(() => first.service.relayLease.isHeld() || second.service.relayLease.isHeld(), { timeoutMs: 10_000, message: 'a relay leader' });
    expect([first.service.relayLease.isHeld(), second.service.relayLease.isHeld()].filter(Boolean)).toHaveLength(1);
  });

  it('announced every imported product with catalog.product_changed', async () => {
    const messages = await readCatalog((m) => eventsOf(m).filter((e) => e.type === 'catalog.product_changed').length >= 30);
    const changed = eventsOf(messages).filter((e) => e.type === 'catalog.product_changed');
    expect(new Set(changed.filter((e) => e.data.version === 1).map((e) => e.data.sneakerId)).size).toBe(30);
    expect(changed.find((e) => e.data.version === 1)!.id).toBe(eventIdOf(`product:${changed[0]!.data.sneakerId}:1`));
  });

  it('publishes sale.recorded and price.changed after test sales, with ids derived from the sale and the price sequence', async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: 1 }).lean<SneakerDoc>())!;
    const size = sneaker.variants[0]!.size;
    // Well above the size's price, within what the price guard accepts.
    const price = Math.round(sneaker.variants[0]!.currentPrice! * 2.5);
    // Three sales at one price make it the size's market price (the median of the last five).
    const saleIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { status, body } = await testSale(first, { sneakerId: sneaker._id, size, price });
      expect(status).toBe(201);
      saleIds.push(body.data.saleId);
    }
    const variant = (await db.models.Sneaker.findById(sneaker._id).lean<SneakerDoc>())!.variants.find((v) => v.size === size)!;
    expect(variant.currentPrice).toBe(price);
    expect(variant.seq).toBeGreaterThan(sneaker.variants[0]!.seq);

    const messages = await readCatalog(
      (m) => saleIds.every((id) => eventsOf(m).some((e) => e.type === 'sale.recorded' && e.data.saleId === id)) && eventsOf(m).some((e) => e.type === 'price.changed' && e.data.price === price),
    );
    const recorded = eventsOf(messages).find((e) => e.type === 'sale.recorded' && e.data.saleId === saleIds[0])!;
    expect(recorded.id).toBe(eventIdOf(`sale:${saleIds[0]}`));
    expect(recorded.data).toMatchObject({ sneakerId: sneaker._id, size, price });
    const changed = eventsOf(messages).find((e) => e.type === 'price.changed' && e.data.price === price)!;
    expect(changed.data).toMatchObject({ sneakerId: sneaker._id, size, seq: variant.seq });
    expect(changed.id).toBe(eventIdOf(`price:${sneaker._id}:${size}:${variant.seq}`));
    const message = messages.find((m) => JSON.parse(m.value).id === recorded.id)!;
    expect(message.key).toBe(sneaker._id);

    await waitFor(async () => (await db.models.Sale.findById(saleIds[2]).lean<SaleDoc>())?.published === true, { timeoutMs: 30_000, message: 'the sale marked published' });
    await waitFor(async () => (await db.models.Outbox.countDocuments({})) === 0, { timeoutMs: 30_000, message: 'the outbox emptied' });
  });

  it("updates the sneaker's variant, stats, daily aggregates and recent sales", async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: -1 }).lean<SneakerDoc>())!;
    const size = 10.5;
    const price = Math.round(sneaker.stats.averagePrice! * 1.5);
    // Read once first: the pod keeps the sneaker, and its own sale must replace it at once.
    expect((await call(first.url, 'GET', `/api/sneakers/${sneaker._id}`, admin)).body.data.stats.salesCount).toBe(sneaker.stats.salesCount);
    await testSale(first, { sneakerId: sneaker._id, size, price });
    const detail = (await call(first.url, 'GET', `/api/sneakers/${sneaker._id}`, admin)).body.data;
    expect(detail.variants.find((v: { size: number }) => v.size === size)).toMatchObject({ lastSalePrice: price, availability: 'available' });
    expect(detail.stats.salesCount).toBe(sneaker.stats.salesCount + 1);
    const recent = (await call(first.url, 'GET', `/api/sneakers/${sneaker._id}/sales/recent?limit=1`, admin)).body.data;
    expect(recent.sales[0]).toMatchObject({ amount: price, size, size_type: expect.any(String) });
    const today = new Date().toISOString().slice(0, 10);
    const daily = (await call(first.url, 'GET', `/api/sneakers/${sneaker._id}/sales/daily?days=7&size=10.5`, admin)).body.data;
    expect(daily.dailySales[0]).toMatchObject({ date: today });
    expect(daily.dailySales[0].total_sales).toBeGreaterThanOrEqual(price);
  });

  it('counts a sale applied twice once', async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: 1 }).skip(2).lean<SneakerDoc>())!;
    const { body } = await testSale(first, { sneakerId: sneaker._id, size: 9, price: sneaker.stats.averagePrice! + 5_500 });
    const sale = (await db.models.Sale.findById(body.data.saleId).lean<SaleDoc>())!;
    const aggregates = async () => (await db.models.Aggregate.find({ sneakerId: sneaker._id }).lean<AggregateDoc[]>()).map((a) => [a._id, a.days]);
    const before = { sneaker: await db.models.Sneaker.findById(sneaker._id, { stats: 1, variants: 1 }).lean(), aggregates: await aggregates() };
    const sales = salesOf(first.infra);
    await sales.apply(sneaker._id, { id: sale._id, size: sale.size, sizeType: sale.sizeType, amount: sale.amount, soldAt: sale.soldAt, source: 'test' });
    expect(await db.models.Sneaker.findById(sneaker._id, { stats: 1, variants: 1 }).lean()).toEqual(before.sneaker);
    expect(await aggregates()).toEqual(before.aggregates);
    expect(await db.models.Sale.countDocuments({ sneakerId: sneaker._id, source: 'test' })).toBe(1);
  });

  it('completes a sale that was cut short before it was applied, then announces it', async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: 1 }).skip(3).lean<SneakerDoc>())!;
    const sale = { id: 'cut0short0sale0000000001', size: 8, sizeType: 'US', amount: 44_400, soldAt: new Date(), source: 'test' };
    await db.models.Outbox.create({ _id: `sale:${sale.id}`, kind: 'sale', sneakerId: sneaker._id, stage: 'new', sale, change: null, createdAt: new Date(Date.now() - 60_000) });
    await waitFor(async () => (await db.models.Sale.findById(sale.id).lean<SaleDoc>())?.published === true, { timeoutMs: 20_000, message: 'the cut sale completed' });
    const after = (await db.models.Sneaker.findById(sneaker._id).lean<SneakerDoc>())!;
    expect(after.stats.salesCount).toBe(sneaker.stats.salesCount + 1);
    expect(after.variants.find((v) => v.size === 8)?.lastSalePrice).toBe(44_400);
  });
});

describe('search index per pod', () => {
  it("picks up a product changed through another pod (catalog.product_changed)", async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: 1 }).skip(5).lean<SneakerDoc>())!;
    const held = second.service.index.get(sneaker._id)!;
    // The second pod has read the sneaker and its daily sales (and keeps them) before the change.
    expect((await call(second.url, 'GET', `/api/sneakers/${sneaker._id}`, admin)).body.data.stats.salesCount).toBe(held.salesCount);
    const todayOf = async () => {
      const daily = await call(second.url, 'GET', `/api/sneakers/${sneaker._id}/sales/daily?days=7&limit=7`, admin);
      expect(daily.status).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      return (daily.body.data.dailySales as { date: string; sales_volume: number }[]).find((d) => d.date === today)?.sales_volume ?? 0;
    };
    const soldToday = await todayOf();
    const { status } = await testSale(first, { sneakerId: sneaker._id, size: sneaker.variants[0]!.size, price: sneaker.variants[0]!.currentPrice! * 2 });
    expect(status).toBe(201);
    const updated = await waitFor(() => {
      const now = second.service.index.get(sneaker._id)!;
      return now.version > held.version ? now : undefined;
    }, { timeoutMs: 20_000, message: 'the second pod’s index to follow' });
    const stored = (await db.models.Sneaker.findById(sneaker._id).lean<SneakerDoc>())!;
    expect(updated.currentPrice).toBe(stored.stats.averagePrice);
    expect(updated.salesCount).toBe(held.salesCount + 1);
    // Once announced, the second pod serves the changed sneaker, not the one it kept.
    expect((await call(second.url, 'GET', `/api/sneakers/${sneaker._id}`, admin)).body.data.stats.salesCount).toBe(held.salesCount + 1);
    expect(await todayOf()).toBe(soldToday + 1);
    const found = await call(second.url, 'GET', `/api/sneakers/search?q=${encodeURIComponent(sneaker.name)}&limit=100`, admin);
    expect(found.body.data.sneakers.find((s: { id: string }) => s.id === sneaker._id)?.currentPrice).toBe(stored.stats.averagePrice);
  });

  it("shows a sneaker's new price on a pod's next search after that pod served the same page before", async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: 1 }).skip(7).lean<SneakerDoc>())!;
    const searchPath = `/api/sneakers/search?q=${encodeURIComponent(sneaker.name)}&limit=100`;
    const shownPrice = async () => {
      const { status, body } = await call(second.url, 'GET', searchPath, admin);
      expect(status).toBe(200);
      return (body.data.sneakers as { id: string; currentPrice: number | null }[]).find((s) => s.id === sneaker._id)?.currentPrice;
    };
    const held = second.service.index.get(sneaker._id)!;
    const reusedPages = () => second.service.searchPageStats().reused;
    expect(await shownPrice()).toBe(held.currentPrice);
    const reusedBefore = reusedPages();
    expect(await shownPrice()).toBe(held.currentPrice);
    expect(reusedPages()).toBe(reusedBefore + 1);
    const size = sneaker.variants[0]!.size;
    // Three sales at one price make it the size's market price, which moves the sneaker's.
    for (let i = 0; i < 3; i++) expect((await testSale(first, { sneakerId: sneaker._id, size, price: sneaker.variants[0]!.currentPrice! * 3 })).status).toBe(201);
    const stored = (await db.models.Sneaker.findById(sneaker._id).lean<SneakerDoc>())!;
    expect(stored.stats.averagePrice).not.toBe(held.currentPrice);
    await waitFor(() => (second.service.index.get(sneaker._id)!.version >= stored.version ? true : undefined), { timeoutMs: 20_000, message: 'the second pod’s index to follow' });
    expect(await shownPrice()).toBe(stored.stats.averagePrice);
  });
});

describe('search summaries', () => {
  it('are written at start for sneakers stored before them, so the pod indexes every sneaker', async () => {
    const sneakers = await db.models.Sneaker.countDocuments({});
    // A store from before summaries: some missing, and not marked complete.
    await db.models.Summary.deleteMany({ _id: { $in: (await db.models.Summary.find({}, { _id: 1 }).limit(10).lean()).map((d) => d._id) } });
    await db.models.Meta.deleteOne({ _id: SUMMARIES_COMPLETE });
    expect(await db.models.Summary.countDocuments({})).toBe(sneakers - 10);
    const third = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: noBilling });
    try {
      expect(third.service.index.size).toBe(sneakers);
      expect(await db.models.Summary.countDocuments({})).toBe(sneakers);
    } finally {
      await third.close();
    }
  });
});

describe('the test sale route', () => {
  it('is on the internal port only, behind the service token: the public port does not have it, even for an administrator', async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).lean<SneakerDoc>())!;
    const sale = { sneakerId: sneaker._id, size: sneaker.variants[0]!.size, price: 100 };
    expect((await call(first.url, 'POST', '/api/test/sales', admin, sale)).status).toBe(404);
    expect((await call(first.internalUrl, 'POST', '/internal/test/sales', admin, sale)).status).toBe(401);
    expect((await call(first.internalUrl, 'POST', '/internal/test/sales', undefined, sale, { 'x-service-token': 'y'.repeat(SERVICE_TOKEN.length) })).status).toBe(401);
  });

  it('refuses bad input and unknown sneakers', async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).lean<SneakerDoc>())!;
    expect((await testSale(first, { sneakerId: sneaker._id, size: 10.3, price: 100 })).status).toBe(400);
    expect((await testSale(first, { sneakerId: sneaker._id, size: 10, price: -5 })).status).toBe(400);
    expect((await testSale(first, { sneakerId: '0123456789abcdef01234567', size: 10, price: 100 })).status).toBe(404);
    expect((await call(first.internalUrl, 'POST', '/internal/test/sales', undefined, { sneakerId: sneaker._id, size: 10, price: 100 })).status).toBe(401);
  });

  it('quarantines a price the guard refuses, with the call it came from, and records nothing', async () => {
    const sneaker = (await db.models.Sneaker.findOne({}).sort({ _id: 1 }).skip(4).lean<SneakerDoc>())!;
    const size = sneaker.variants[0]!.size;
    const refused = await testSale(first, { sneakerId: sneaker._id, size, price: 9_999_900 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PRICE_QUARANTINED', message: expect.stringContaining('placeholder') });
    const outlier = await testSale(first, { sneakerId: sneaker._id, size, price: sneaker.retailPrice! * 40 });
    expect(outlier.body).toMatchObject({ code: 'PRICE_QUARANTINED', message: expect.stringContaining('outlier_vs_retail') });
    const held = await db.models.Quarantine.find({ sneakerId: sneaker._id }).lean<QuarantineDoc[]>();
    expect(held.map((d) => [d.reason, d.amount, d.size, d.source, d.call, d.status]).sort()).toEqual([
      ['outlier_vs_retail', sneaker.retailPrice! * 40, size, 'test', 'POST /internal/test/sales', 'quarantined'],
      ['placeholder', 9_999_900, size, 'test', 'POST /internal/test/sales', 'quarantined'],
    ]);
    expect((await db.models.Sneaker.findById(sneaker._id, { stats: 1 }).lean<SneakerDoc>())!.stats.salesCount).toBe(sneaker.stats.salesCount);
  });

  it('does not exist unless the config enables it', async () => {
    const plain = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: noBilling, env: { TEST_ROUTES_ENABLED: 'false' } });
    try {
      const sneaker = (await db.models.Sneaker.findOne({}).lean<SneakerDoc>())!;
      expect((await testSale(plain, { sneakerId: sneaker._id, size: 10, price: 100 })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
