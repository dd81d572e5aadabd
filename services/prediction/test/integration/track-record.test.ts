import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realSales } from './stubs.ts';
import { SERVICE_TOKEN, sneakerId, startPredictionStack, type PredictionStack } from './prediction-stack.ts';

let stack: PredictionStack;
let premium: string;
let admin: string;
const beluga = sneakerId();
const zebra = sneakerId();
const young = sneakerId();

beforeAll(async () => {
  stack = await startPredictionStack();
  premium = await stack.member({ plan: 'premium' });
  admin = await stack.member({ role: 'admin' });
  const now = stack.service.clock.now();
  stack.catalog.add(beluga, realSales('Adidas-Yeezy-Boost-350-V2-Beluga-2pt0', now));
  stack.catalog.add(zebra, realSales('Adidas-Yeezy-Boost-350-V2-Zebra', now));
  // Two months of sales only: too little history to judge a year of forecasts.
  stack.catalog.add(young, realSales('Adidas-Yeezy-Boost-350-V2-Zebra', now).filter((s) => Date.parse(s.soldAt) > now.getTime() - 60 * 86_400_000));
});
afterAll(() => stack?.close());

const seriesCalls = (id: string) => stack.catalog.calls.filter((call) => call.includes(`${id}/daily-series`)).length;

describe('the forecasts track record through the BFF', () => {
  it("answers a sneaker's past year of 30-day forecasts: the model's error, the last price's, and the 80% band's coverage", async () => {
    const { status, body } = await stack.api.get(`/api/sneakers/${beluga}/forecast-accuracy`, premium);
    expect(status).toBe(200);
    const record = body.data;
    expect(record).toMatchObject({ sneakerId: beluga, size: null, enoughHistory: true, windowDays: 365, horizonDays: 30 });
    expect(record.forecasts).toBeGreaterThanOrEqual(8);
    expect(record.mape).toBeGreaterThan(0);
    expect(record.mape).toBeLessThan(50);
    expect(record.naiveMape).toBeGreaterThan(0);
    expect(record.coverage80).toBeGreaterThan(30);
    expect(record.coverage80).toBeLessThanOrEqual(100);
    // Stored: asked again, the catalogue is not.
    const calls = seriesCalls(beluga);
    expect((await stack.api.get(`/api/sneakers/${beluga}/forecast-accuracy`, premium)).body.data).toEqual(record);
    expect(seriesCalls(beluga)).toBe(calls);
  });

  it("answers one size's record apart, and says when a sneaker has too little history", async () => {
    const ten = (await stack.api.get(`/api/sneakers/${beluga}/forecast-accuracy?size=10`, premium)).body.data;
    expect(ten).toMatchObject({ sneakerId: beluga, size: 10 });
    expect(ten.forecasts).toBeGreaterThan(0);
    const overall = (await stack.api.get(`/api/sneakers/${beluga}/forecast-accuracy`, premium)).body.data;
    expect(ten.mape).not.toBe(overall.mape);
    const thin = (await stack.api.get(`/api/sneakers/${young}/forecast-accuracy`, premium)).body.data;
    expect(thin).toMatchObject({ enoughHistory: false, mape: null, naiveMape: null, coverage80: null });
  });

  it('is premium, and refuses a bad size with 400', async () => {
    const trial = await stack.member({ plan: 'trial' });
    const locked = await stack.api.get(`/api/sneakers/${beluga}/forecast-accuracy`, trial);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('PREMIUM_FEATURE');
    const bad = await stack.api.get(`/api/sneakers/${beluga}/forecast-accuracy?size=30`, premium);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await stack.api.get(`/api/sneakers/${beluga}/forecast-accuracy`)).status).toBe(401);
  });

  it('runs for every traded sneaker and size when an administrator asks, and serves what it stored', async () => {
    expect((await stack.api.post('/api/predictions/track-record/run', {}, premium)).status).toBe(403);
    const startedAt = stack.service.clock.now().getTime();
    const run = await stack.api.post('/api/predictions/track-record/run', {}, admin);
    expect(run.status).toBe(200);
    expect(run.body.data.sneakers).toBeGreaterThanOrEqual(3);
    // A record of every size together and one of each size that sold in the year, of every sneaker.
    const since = new Date(stack.service.clock.now().getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    const listed = await fetch(`${stack.catalog.url}/internal/sneakers/traded?since=${since}`, { headers: { 'x-service-token': SERVICE_TOKEN } });
    const { sneakers } = ((await listed.json()) as { data: { sneakers: { sizes: number[] }[] } }).data;
    expect(run.body.data.sneakers).toBe(sneakers.length);
    expect(run.body.data.records).toBe(sneakers.reduce((n, s) => n + 1 + s.sizes.length, 0));
    const calls = seriesCalls(zebra);
    const nine = (await stack.api.get(`/api/sneakers/${zebra}/forecast-accuracy?size=9`, premium)).body.data;
    expect(nine.size).toBe(9);
    expect(Date.parse(nine.computedAt)).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(seriesCalls(zebra)).toBe(calls);
  });
});
