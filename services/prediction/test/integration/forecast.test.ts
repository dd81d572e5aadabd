import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@kicksight/testkit';
import { realSales } from './stubs.ts';
import { sneakerId, startPredictionStack, type PredictionStack } from './prediction-stack.ts';

let stack: PredictionStack;
let premium: string;
const beluga = sneakerId();
const unsold = sneakerId();

beforeAll(async () => {
  stack = await startPredictionStack();
  premium = await stack.member({ plan: 'premium' });
  stack.catalog.add(beluga, realSales('Adidas-Yeezy-Boost-350-V2-Beluga-2pt0', stack.service.clock.now()));
  stack.catalog.add(unsold, []);
});
afterAll(() => stack?.close());

const catalogCalls = (id: string) => stack.catalog.calls.filter((path) => path.includes(id)).length;

describe('forecasts through the BFF', () => {
  it('forecasts a sneaker with real sales: 30 days with 50/80/95% bands that nest and widen', async () => {
    const { status, body } = await stack.api.get(`/api/sneakers/${beluga}/prediction-summary`, premium);
    expect(status).toBe(200);
    const summary = body.data;
    expect(summary.horizonDays).toBe(30);
    expect(summary.path).toHaveLength(30);
    expect(summary.currentPrice).toBeGreaterThan(10_000);
    expect(summary.predictedPrice).toBeGreaterThan(10_000);
    expect(['up', 'down', 'stable']).toContain(summary.predictedDirection);
    expect(summary.confidence).toBeGreaterThan(0);
    expect(summary.confidence).toBeLessThanOrEqual(100);
    expect(summary.priceRange.min).toBeLessThan(summary.predictedPrice);
    expect(summary.priceRange.max).toBeGreaterThan(summary.predictedPrice);
    expect(summary.model.fitWindowDays).toBe(180);
    expect(summary.history.length).toBeGreaterThan(0);
    expect(summary.history.length).toBeLessThanOrEqual(20);
    const first = summary.path[0].bands;
    const last = summary.path[29].bands;
    for (const level of ['50', '80', '95']) expect(last[level].upper - last[level].lower).toBeGreaterThan(first[level].upper - first[level].lower);
    expect(last['95'].lower).toBeLessThanOrEqual(last['80'].lower);
    expect(last['80'].lower).toBeLessThanOrEqual(last['50'].lower);
    expect(summary.volatility.label).toMatch(/^(Low|Medium|High) Risk$/);
  });

  it('answers the full prediction with volatility, trend and levels, and each part on its own', async () => {
    const full = await stack.api.get(`/api/sneakers/${beluga}/price-prediction?timeframe=7d&includeLevels=true`, premium);
    expect(full.status).toBe(200);
    expect(full.body.data.path).toHaveLength(7);
    expect(full.body.data.trend.direction).toMatch(/^(up|down|stable)$/);
    expect(full.body.data.levels.currentPrice).toBe(full.body.data.currentPrice);
    const volatility = await stack.api.get(`/api/sneakers/${beluga}/volatility`, premium);
    expect(volatility.status).toBe(200);
    expect(volatility.body.data.score).toBeGreaterThanOrEqual(10);
    expect(volatility.body.data.score).toBeLessThanOrEqual(90);
    const levels = await stack.api.get(`/api/sneakers/${beluga}/support-resistance`, premium);
    expect(levels.status).toBe(200);
    for (const s of levels.body.data.support) expect(s.price).toBeLessThan(levels.body.data.currentPrice);
    for (const r of levels.body.data.resistance) expect(r.price).toBeGreaterThan(levels.body.data.currentPrice);
  });

  it('answers INSUFFICIENT_DATA for a sneaker without sales, and 404 for an unknown one', async () => {
    const { status, body } = await stack.api.get(`/api/sneakers/${unsold}/price-prediction`, premium);
    expect(status).toBe(422);
    expect(body.code).toBe('INSUFFICIENT_DATA');
    expect(body.message).toContain('INSUFFICIENT_DATA');
    expect((await stack.api.get(`/api/sneakers/${sneakerId()}/prediction-summary`, premium)).status).toBe(404);
  });

  it('refuses trial members with PREMIUM_FEATURE and bad options with 400', async () => {
    const trial = await stack.member({ plan: 'trial' });
    const locked = await stack.api.get(`/api/sneakers/${beluga}/prediction-summary`, trial);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('PREMIUM_FEATURE');
    expect((await stack.api.post('/api/predictions/batch', { sneakerIds: [beluga] }, trial)).body.code).toBe('PREMIUM_FEATURE');
    const bad = await stack.api.get(`/api/sneakers/${beluga}/price-prediction?timeframe=400d`, premium);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await stack.api.post('/api/predictions/batch', { sneakerIds: [] }, premium)).status).toBe(400);
    expect((await stack.api.get(`/api/sneakers/${beluga}/prediction-summary`)).status).toBe(401);
  });

  it('serves the second call from the cache', async () => {
    const id = sneakerId();
    stack.catalog.add(id, realSales('adidas-Yeezy-Boost-350-V2-Butter', stack.service.clock.now()));
    const first = await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium);
    const callsAfterFirst = catalogCalls(id);
    expect(callsAfterFirst).toBeGreaterThan(0);
    const second = await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(catalogCalls(id)).toBe(callsAfterFirst);
    const stats = await stack.api.get('/api/predictions/stats', premium);
    expect(stats.body.data.cache.hits).toBeGreaterThan(0);
    expect(stats.body.data.cache.available).toBe(true);
  });

  it('computes once for concurrent misses of the same sneaker and options', async () => {
    const id = sneakerId();
    stack.catalog.add(id, realSales('Adidas-Yeezy-Boost-350-V2-Zebra', stack.service.clock.now()));
    const answers = await Promise.all(Array.from({ length: 8 }, () => stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // One computation reads the daily series once and the recent sales once.
    expect(catalogCalls(id)).toBe(2);
  });

  it('computes once when two replicas miss the same forecast at once', async () => {
    const replica = await stack.replica();
    const id = sneakerId();
    stack.catalog.add(id, realSales('Adidas-Yeezy-Boost-350-V2-Zebra', stack.service.clock.now()));
    const path = `/api/sneakers/${id}/prediction-summary`;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? replica.get(path, premium) : stack.api.get(path, premium))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.predictedPrice)).size).toBe(1);
    expect(catalogCalls(id)).toBe(2);
  });

  it('drops the cached forecast when a sale of that sneaker is recorded', async () => {
    const id = sneakerId();
    const now = stack.service.clock.now();
    stack.catalog.add(id, realSales('Adidas-Yeezy-Boost-350-V2-Beluga-2pt0', now));
    const before = (await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium)).body.data;
    const other = sneakerId();
    stack.catalog.add(other, realSales('Adidas-Yeezy-Boost-350-V2-Zebra', now));
    expect((await stack.api.get(`/api/sneakers/${other}/prediction-summary`, premium)).status).toBe(200);

    const sale = { sneakerId: id, size: 10, price: before.currentPrice * 3, soldAt: now.toISOString() };
    stack.catalog.record(id, sale);
    await stack.saleRecorded(sale);
    const after = await waitFor(
      async () => {
        const answer = (await stack.api.get(`/api/sneakers/${id}/prediction-summary`, premium)).body.data;
        return answer.currentPrice !== before.currentPrice ? answer : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, message: 'the forecast to reflect the new sale' },
    );
    expect(after.currentPrice).toBeGreaterThan(before.currentPrice);
    const callsOther = catalogCalls(other);
    await stack.api.get(`/api/sneakers/${other}/prediction-summary`, premium);
    expect(catalogCalls(other)).toBe(callsOther);
  });

  it("forecasts one size, and a sale of size 10 drops size 10's and the sneaker's forecast, not size 9's", async () => {
    const id = sneakerId();
    const now = stack.service.clock.now();
    stack.catalog.add(id, realSales('Adidas-Yeezy-Boost-350-V2-Beluga-2pt0', now));
    const summary = async (size?: number) => (await stack.api.get(`/api/sneakers/${id}/prediction-summary${size === undefined ? '' : `?size=${size}`}`, premium)).body.data;
    const seriesCalls = (size?: number) => stack.catalog.calls.filter((call) => call.includes(`${id}/daily-series`) && (size === undefined || call.includes(`size=${size}`))).length;
    const [overall, ten, nine] = [await summary(), await summary(10), await summary(9)];
    expect(overall.sizeBasis).toBeUndefined();
    expect(ten.sizeBasis).toMatchObject({ size: 10 });
    expect(ten.sizeBasis.sales).toBeGreaterThan(0);
    expect(nine.sizeBasis).toMatchObject({ size: 9 });
    expect(ten.currentPrice).not.toBe(nine.currentPrice);
    expect(seriesCalls(10)).toBe(1);
    expect(seriesCalls(9)).toBe(1);
    const bad = await stack.api.get(`/api/sneakers/${id}/prediction-summary?size=2`, premium);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });

    const sale = { sneakerId: id, size: 10, price: ten.currentPrice * 3, soldAt: now.toISOString() };
    stack.catalog.record(id, sale);
    await stack.saleRecorded(sale);
    const tenAfter = await waitFor(
      async () => {
        const answer = await summary(10);
        return answer.currentPrice !== ten.currentPrice ? answer : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, message: "size 10's forecast to reflect its new sale" },
    );
    expect(tenAfter.currentPrice).toBeGreaterThan(ten.currentPrice);
    expect(seriesCalls(10)).toBe(2);
    const overallAfter = await summary();
    expect(overallAfter.currentPrice).toBeGreaterThan(overall.currentPrice);
    // Size 9 is still answered from the cache: the catalogue is not asked for it again.
    expect(await summary(9)).toEqual(nine);
    expect(seriesCalls(9)).toBe(1);
  });

  it('forecasts a batch, each sneaker on its own', async () => {
    const unknown = sneakerId();
    const { status, body } = await stack.api.post('/api/predictions/batch', { sneakerIds: [beluga, unsold, unknown], options: { timeframe: '14d' } }, premium);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ succeeded: 1, failed: 2 });
    expect(body.data.results.map((r: { sneakerId: string }) => r.sneakerId)).toEqual([beluga, unsold, unknown]);
    expect(body.data.results[0].prediction.path).toHaveLength(14);
    expect(body.data.results[1].error.code).toBe('INSUFFICIENT_DATA');
    expect(body.data.results[2].error.code).toBe('NOT_FOUND');
    // The same batch again is answered from the cache: the catalogue is not asked.
    const calls = stack.catalog.calls.length;
    const again = await stack.api.post('/api/predictions/batch', { sneakerIds: [beluga, unsold], options: { timeframe: '14d' } }, premium);
    expect(again.body.data).toMatchObject({ succeeded: 1, failed: 1 });
    expect(stack.catalog.calls.length).toBe(calls);
  });

  it('lets only administrators clear the cache, and reports its health', async () => {
    expect((await stack.api.post('/api/predictions/cache/clear', {}, premium)).status).toBe(403);
    const admin = await stack.member({ role: 'admin' });
    const cleared = await stack.api.post('/api/predictions/cache/clear', {}, admin);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.cleared).toBeGreaterThan(0);
    const calls = catalogCalls(beluga);
    await stack.api.get(`/api/sneakers/${beluga}/prediction-summary`, premium);
    expect(catalogCalls(beluga)).toBeGreaterThan(calls);
    const health = await stack.api.get('/api/predictions/health', premium);
    expect(health.body.data).toMatchObject({ status: 'ok', cache: 'up', catalog: 'up' });
  });
});
