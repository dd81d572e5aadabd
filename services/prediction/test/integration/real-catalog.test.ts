import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEARCH_BRANDS, SEARCH_MAX_PAGE_SIZE } from '@kicksight/contracts';
import { closeServer, createJwtVerifier, listen, openInfra } from '@kicksight/platform';
import { Cleanups, TEST_SERVICE_TOKEN, createTestTopics, deadUrl, jsonClient, startServiceProcess, startTokenIssuer, testKafka, waitFor, type JsonClient } from '@kicksight/testkit';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

// Prediction fed by the real catalog service, run as its main.ts runs it: its own database seeded by its
// import from the real sales files, its relay publishing sale.recorded on this file's topics.
const cleanups = new Cleanups();
let catalog: { url: string; internalUrl: string };
let prediction: JsonClient;
let admin: string;
let sold: { id: string; size: number };

/** The real (not generated) sneaker with the most sales, found through catalog's API as an administrator sees it. */
async function busiestRealSneaker(): Promise<{ id: string; size: number }> {
  const client = jsonClient(catalog.url);
  const found = await client.get(`/api/sneakers/search?brands=${encodeURIComponent(SEARCH_BRANDS.join(','))}&limit=${SEARCH_MAX_PAGE_SIZE}`, admin);
  if (found.status !== 200) throw new Error(`catalog's search answered ${found.status}`);
  const details = await Promise.all(found.body.data.sneakers.map(async (s: { id: string }) => (await client.get(`/api/sneakers/${s.id}`, admin)).body.data));
  const [busiest] = details
    .filter((d: { source: string; stats: { salesCount: number } }) => d.source !== 'generated' && d.stats.salesCount > 100)
    .sort((a: { stats: { salesCount: number } }, b: { stats: { salesCount: number } }) => b.stats.salesCount - a.stats.salesCount);
  if (!busiest) throw new Error('the seed has no sneaker with real sales');
  return { id: busiest.id, size: busiest.variants[0].size };
}

beforeAll(async () => {
  const stack = inject('stack');
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'prediction_real');
  cleanups.add(topics.drop);
  const issuer = await startTokenIssuer(cleanups);
  catalog = await startServiceProcess('catalog', {
    stack,
    prefix: topics.prefix,
    cleanups,
    catalogImport: ['--generate', '5', '--products-per-file', '5'],
    env: { JWKS_URL: issuer.jwksUrl, BILLING_INTERNAL_URL: await deadUrl(), TEST_ROUTES_ENABLED: 'true' },
  });
  const { infra, close } = await openInfra({ name: 'prediction', logLevel: 'silent', kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix } });
  cleanups.add(close);
  const config = loadConfig({ SERVICE_TOKEN: TEST_SERVICE_TOKEN, REDIS_URL: stack.redis, KAFKA_BROKERS: stack.kafkaBrokers.join(','), KAFKA_TOPIC_PREFIX: topics.prefix, CATALOG_INTERNAL_URL: catalog.internalUrl, CONSUMER_SESSION_MS: '6000' });
  const service = createApp({ infra, config, verifier: createJwtVerifier({ jwksUrl: issuer.jwksUrl }) });
  await service.start();
  cleanups.add(() => service.stop());
  const server = await listen(service.app, 0, '127.0.0.1');
  cleanups.add(() => closeServer(server.server, 100));
  prediction = jsonClient(server.url);
  admin = await issuer.mint({ id: 'admin-1', role: 'admin' });
  sold = await busiestRealSneaker();
}, 180_000);
afterAll(() => cleanups.run());

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
    const recorded = await fetch(`${catalog.internalUrl}/internal/test/sales`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': TEST_SERVICE_TOKEN },
      body: JSON.stringify({ sneakerId: sold.id, size: sold.size, price: before.currentPrice * 3 }),
    });
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
