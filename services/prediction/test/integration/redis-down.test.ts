import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRedis, type Redis } from '@kicksight/platform';
import { createProxy, freePort, waitFor, type Proxy } from '@kicksight/testkit';
import { realSales } from './stubs.ts';
import { sneakerId, startPredictionStack, type PredictionStack } from './prediction-stack.ts';

let stack: PredictionStack;
let proxy: Proxy;
let redis: Redis;
let premium: string;
const id = sneakerId();

beforeAll(async () => {
  const urls = inject('stack');
  const upstream = new URL(urls.redis);
  const port = await freePort();
  proxy = await createProxy(urls.toxiproxy, `prediction-redis-${port}`, `127.0.0.1:${port}`, `${upstream.hostname}:${upstream.port || 6379}`);
  // As the service builds its own cache client: no offline queue, so commands fail at once while Redis is away.
  redis = createRedis(`redis://127.0.0.1:${port}`, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
  await waitFor(async () => (await redis.ping().catch(() => undefined)) === 'PONG', { message: 'Redis through the proxy' });
  stack = await startPredictionStack({ cacheRedis: redis });
  premium = await stack.member({ plan: 'premium' });
  stack.catalog.add(id, realSales('Adidas-Yeezy-Boost-350-V2-Beluga-2pt0', stack.service.clock.now()));
});
afterAll(async () => {
  await stack?.close();
  redis?.disconnect();
  await proxy?.remove();
});

const calls = () => stack.catalog.calls.filter((path) => path.includes(id)).length;

describe('with Redis unreachable', () => {
  it('still answers forecasts (uncached) and stays ready, then caches again when Redis is back', async () => {
    const cached = await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium);
    expect(cached.status).toBe(200);

    await proxy.disable();
    const started = performance.now();
    const before = calls();
    const first = await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium);
    const second = await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data.predictedPrice).toBe(cached.body.data.predictedPrice);
    // Both were computed from the catalogue: nothing could be read from the cache.
    expect(calls()).toBe(before + 4);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect((await fetch(`${stack.service.url}/readyz`)).status).toBe(200);
    const health = await stack.api.get('/api/predictions/health', premium);
    expect(health.body.data).toMatchObject({ status: 'degraded', cache: 'down' });

    await proxy.enable();
    await waitFor(async () => (await redis.ping().catch(() => undefined)) === 'PONG', { timeoutMs: 20_000, message: 'Redis back through the proxy' });
    await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium);
    const afterRecovery = calls();
    expect((await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium)).status).toBe(200);
    expect(calls()).toBe(afterRecovery);
  });
});
