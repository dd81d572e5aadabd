import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeServer, listen, openInfra } from '@kicksight/platform';
import { deadUrl, jsonClient, waitFor, type JsonClient } from '@kicksight/testkit';
import { SERVICE_TOKEN, catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp } from '../../../catalog/test/integration/catalog-app.ts';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

// Prediction fed by the real catalog service (its own database seeded from the real sales files, its
// relay publishing sale.recorded on this file's topics), as they run together.
const dataDir = process.env.DATA_DIR ?? resolve(fileURLToPath(new URL('../../../../', import.meta.url)), '../shared/data');
const undo: (() => Promise<unknown>)[] = [];
let catalog: CatalogApp;
let prediction: JsonClient;
let admin: string;
let sold: { id: string; size: number };

beforeAll(async () => {
  const [db, topics, tokens] = await Promise.all([createCatalogDatabase('prediction'), catalogTopics('prediction_real'), testTokens()]);
  undo.push(db.drop, topics.drop);
  await seed(db.models, { dataDir, generate: 5, productsPerFile: 5 });
  catalog = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: { url: await deadUrl(), serviceToken: SERVICE_TOKEN } });
  undo.push(() => catalog.close());
  const stack = inject('stack');
  const { infra, close } = await openInfra({ name: 'prediction', logLevel: 'silent', kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix } });
  undo.push(close);
  const config = loadConfig({ SERVICE_TOKEN, REDIS_URL: stack.redis, KAFKA_BROKERS: stack.kafkaBrokers.join(','), KAFKA_TOPIC_PREFIX: topics.prefix, CATALOG_INTERNAL_URL: catalog.internalUrl, CONSUMER_SESSION_MS: '6000' });
  const service = createApp({ infra, config, verifier: tokens.verifier });
  await service.start();
  undo.push(() => service.stop());
  const server = await listen(service.app, 0, '127.0.0.1');
  undo.push(() => closeServer(server.server, 100));
  prediction = jsonClient(server.url);
  admin = await tokens.token({ id: newUserId(), role: 'admin' });
  const busiest = await catalog.models.Sneaker.findOne({ source: { $ne: 'generated' }, 'stats.salesCount': { $gt: 100 } }).sort({ 'stats.salesCount': -1 }).lean<{ _id: string; variants: { size: number }[] }>();
  if (!busiest) throw new Error('the seed has no sneaker with real sales');
  sold = { id: busiest._id, size: busiest.variants[0]!.size };
});
afterAll(async () => {
  for (const step of undo.reverse()) await step().catch(() => {});
});

describe('with the real catalog', () => {
  it('forecasts a sneaker from its real daily series and recent sales, alone and in a batch', async () => {
    const { status, body } = await prediction.get(`/api/sneakers/${sold.id}/price-prediction`, admin);
    expect(status).toBe(200);
    expect(body.data.model.observations).toBeGreaterThanOrEqual(5);
    expect(body.data.volatility.salesCount).toBeGreaterThan(0);
    const batch = await prediction.post('/api/predictions/batch', { sneakerIds: [sold.id, 'f'.repeat(24)], options: { includeVolatility: false } }, admin);
    expect(batch.status).toBe(200);
    expect(batch.body.data.results[0].prediction.currentPrice).toBe(body.data.currentPrice);
    expect(batch.body.data.results[1].error.code).toBe('NOT_FOUND');
  });

  it('forgets the forecast when the catalog records a sale of that sneaker', async () => {
    const before = (await prediction.get(`/api/sneakers/${sold.id}/prediction-summary`, admin)).body.data;
    const recorded = await jsonClient(catalog.url).post('/api/test/sales', { sneakerId: sold.id, size: sold.size, price: before.currentPrice * 3 }, admin);
    expect(recorded.status).toBe(201);
    const after = await waitFor(
      async () => {
        const answer = (await prediction.get(`/api/sneakers/${sold.id}/prediction-summary`, admin)).body.data;
        return answer.currentPrice !== before.currentPrice ? answer : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 250, message: 'the forecast to include the recorded sale' },
    );
    expect(after.currentPrice).toBeGreaterThan(before.currentPrice);
  });
});
