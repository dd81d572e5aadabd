import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OUTAGE_ANSWER_MS, deadUrl, expectDegraded, expectUnavailable, jsonClient, proxyInFront, timed, waitUntilReady, type Proxy } from '@kicksight/testkit';
import type { SneakerDoc } from '../../src/store/models.ts';
import { catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp } from './catalog-app.ts';

let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let topics: Awaited<ReturnType<typeof catalogTopics>>;
let catalog: CatalogApp;
let mongo: Proxy;
let admin: string;
let api: ReturnType<typeof jsonClient>;
let sneakers: SneakerDoc[];

beforeAll(async () => {
  [db, topics] = await Promise.all([createCatalogDatabase('outage'), catalogTopics('catalog_outage')]);
  await seed(db.models, { generate: 40 });
  const front = await proxyInFront(inject('stack').toxiproxy, 'catalog-mongo', db.url);
  mongo = front.proxy;
  const tokens = await testTokens();
  // Administrators are not metered: billing is not part of this test.
  catalog = await startCatalog({ mongoUrl: front.url, topicsPrefix: topics.prefix, tokens, billing: { url: await deadUrl(), serviceToken: 'x'.repeat(20) } });
  admin = await tokens.token({ id: newUserId(), role: 'admin' });
  api = jsonClient(catalog.url);
  sneakers = await db.models.Sneaker.find({}).sort({ _id: 1 }).limit(2).lean<SneakerDoc[]>();
});
afterAll(async () => {
  await mongo?.enable();
  await catalog?.close();
  await mongo?.remove();
  await topics?.drop();
  await db?.drop();
});

describe('with MongoDB away', () => {
  it('answers search from the pod’s index and a sneaker read before from its cache, stays ready (degraded), and answers what needs the store 503', async () => {
    const [viewed, unseen] = sneakers;
    expect((await api.get(`/api/sneakers/${viewed!._id}`, admin)).status).toBe(200);
    await mongo.disable();
    try {
      const search = await timed(() => api.get('/api/sneakers/search?q=jordan', admin));
      expect(search.answer.status).toBe(200);
      expect(search.answer.body.data.total).toBeGreaterThan(0);
      expect(search.ms).toBeLessThan(OUTAGE_ANSWER_MS);
      const cached = await timed(() => api.get(`/api/sneakers/${viewed!._id}`, admin));
      expect(cached.answer.status).toBe(200);
      expect(cached.answer.body.data.name).toBe(viewed!.name);
      expect(cached.ms).toBeLessThan(OUTAGE_ANSWER_MS);
      await expectUnavailable(() => api.get(`/api/sneakers/${unseen!._id}`, admin), 'a sneaker not in the cache');
      await expectDegraded(catalog.url, ['mongo']);
    } finally {
      await mongo.enable();
    }
    await waitUntilReady(catalog.url);
    expect((await api.get(`/api/sneakers/${unseen!._id}`, admin)).status).toBe(200);
  });
});
