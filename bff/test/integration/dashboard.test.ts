import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { Cleanups, createTestTopics, deadUrl, sendOutsideContract, serviceUrlEnv, startTokenIssuer, stubApp, testKafka, type TokenIssuer } from '@kicksight/testkit';
import {
  MARKET_OVERVIEW_MISSING_MESSAGE,
  PRICE_ALERTS_MISSING_MESSAGE,
  TRENDING_MISSING_MESSAGE,
  USAGE_MISSING_MESSAGE,
  COLLECTION_STATS_MISSING_MESSAGE,
  type CollectionStats,
  type MarketOverview,
  type QuickMetrics,
  type UsageStatus,
  type ValueMetrics,
} from '@kicksight/contracts';
import { SERVICE_TOKEN_HEADER, closeServer, listen } from '@kicksight/platform';
import { SERVICE_TOKEN, startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const TIMEOUT_MS = 300;

const ANA = '3c1d1a52-9a55-4c43-9a1f-3c0a3a0e2a11';
const BEN = '4d2e2b63-9a55-4c43-9a1f-3c0a3a0e2a11';

const statsOf: Record<string, CollectionStats> = {
  [ANA]: { totalValue: 45_000, totalCost: 40_000, totalGainLoss: 5_000, gainLossPercent: 12.5, totalItems: 2, averageValue: 22_500 },
  [BEN]: { totalValue: 0, totalCost: 0, totalGainLoss: 0, gainLossPercent: 0, totalItems: 0, averageValue: 0 },
};
const alert = (targetPrice: number, currentPrice: number | null) => ({
  id: `a-${targetPrice}`,
  sneakerId: '65f0c0ffee0000000000abcd',
  sneakerName: 'Air Max 1',
  imageUrl: null,
  size: 10,
  targetPrice,
  currentPrice,
  side: 'above',
  paused: false,
  triggerCount: 0,
  lastTriggeredAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const alertsOf: Record<string, unknown[]> = { [ANA]: [alert(20_000, 23_000), alert(9_000, null)], [BEN]: [] };
/** Ana's trial ends in two days (the BFF reads the clock of the machine). */
const ANA_TRIAL_ENDS = new Date(Date.now() + 2 * 86_400_000).toISOString();
const usageOf = (userId: string): UsageStatus => ({
  tier: userId === ANA ? 'trial' : 'unlimited',
  searchesUsed: userId === ANA ? 9 : 300,
  searchesLimit: userId === ANA ? 10 : null,
  productViewsUsed: 1,
  productViewsLimit: userId === ANA ? 5 : null,
  collectionItemsUsed: statsOf[userId]!.totalItems,
  collectionItemsLimit: userId === ANA ? 5 : null,
  searchResultsLimit: 20,
  canPerformSearch: true,
  canViewProduct: true,
  canAddToCollection: true,
  trialEndsAt: userId === ANA ? ANA_TRIAL_ENDS : null,
  daysLeftInTrial: userId === ANA ? 2 : null,
  isTrialExpired: false,
  periodEndsAt: null,
});
const sneaker = (id: string, change: number) => ({
  id,
  name: `Sneaker ${id}`,
  brand: 'Nike',
  colorway: 'Black',
  sku: null,
  imageUrl: null,
  retailPrice: 12_000,
  currentPrice: 20_000,
  lowestPrice: 18_000,
  highestPrice: 25_000,
  priceChange24h: change,
  releaseDate: null,
  availableSizes: [9, 10],
  premiumPercent: 66.7,
  marketStatus: { label: 'Hype Beast', color: 'red', description: 'Well above retail' },
  trending: true,
  lastSaleAt: null,
});
const overview: MarketOverview = {
  asOf: '2026-11-22',
  totalSneakers: 420,
  totalSales: 31_000,
  averagePrice: 21_500,
  averagePremiumPercent: 35.2,
  trendingCount: 12,
  gainers: [sneaker('g1', 6_000) as MarketOverview['gainers'][number]],
  losers: [sneaker('l1', -3_000) as MarketOverview['losers'][number]],
  brands: [{ brand: 'Nike', sneakers: 200, averagePrice: 19_000, averageChange24h: 150 }],
};

type Mode = 'ok' | 'fail' | 'slow' | 'malformed';
interface Seen {
  path: string;
  authorization: string | undefined;
  serviceToken: string | undefined;
}

/** A stand-in for an owning service: answers from `answer` through the contract, records who asked, and fails, stalls or breaks the contract when told. */
async function standIn(answer: (path: string, userId: string | undefined) => unknown) {
  const seen: Seen[] = [];
  const state = { mode: 'ok' as Mode };
  const app = stubApp();
  app.use(async (req, res) => {
    const authorization = req.get('authorization');
    seen.push({ path: req.path, authorization, serviceToken: req.get(SERVICE_TOKEN_HEADER) });
    if (state.mode === 'fail') return void res.status(500).json({ message: 'boom', code: 'INTERNAL' });
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, TIMEOUT_MS * 5));
    if (state.mode === 'malformed') return sendOutsideContract(res, { data: { unexpected: true } });
    const userId = authorization ? decodeJwt(authorization.replace(/^Bearer /, '')).sub : undefined;
    if (!res.writableEnded && !res.destroyed) res.json({ data: answer(req.path, userId) });
  });
  const { server, url } = await listen(app, 0, '127.0.0.1');
  cleanups.add(() => closeServer(server, 100));
  return { url, seen, state };
}

let issuer: TokenIssuer;
let bff: string;
let collection: Awaited<ReturnType<typeof standIn>>;
let billing: Awaited<ReturnType<typeof standIn>>;
let catalog: Awaited<ReturnType<typeof standIn>>;

beforeAll(async () => {
  issuer = await startTokenIssuer(cleanups);
  collection = await standIn((path, userId) => (path === '/api/collections/stats' ? statsOf[userId!] : alertsOf[userId!]));
  billing = await standIn((_path, userId) => usageOf(userId!));
  catalog = await standIn((path) => (path === '/internal/trending' ? { timeframe: '7d', sneakers: [sneaker('t1', 7_000)] } : overview));
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'bff_dashboard');
  cleanups.add(topics.drop);
  ({ url: bff } = await startBff({
    stack,
    prefix: topics.prefix,
    cleanups,
    env: {
      ...serviceUrlEnv({ collection: collection.url, billing: billing.url }, await deadUrl()),
      CATALOG_INTERNAL_URL: catalog.url,
      AUTH_JWKS_URL: issuer.jwksUrl,
      DASHBOARD_TIMEOUT_MS: String(TIMEOUT_MS),
      RATE_LIMIT_KEY_PREFIX: topics.prefix,
    },
  }));
});
afterAll(() => cleanups.run());
beforeEach(() => {
  for (const owner of [collection, billing, catalog]) {
    owner.state.mode = 'ok';
    owner.seen.length = 0;
  }
});

const get = async <T>(path: string, token?: string) => {
  const response = await fetch(`${bff}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as { data: T; message?: string; code?: string } };
};
const tokenOf = (id: string) => issuer.mint({ id });

describe('GET /api/dashboard/stats', () => {
  it("answers the member's collection stats and usage", async () => {
    const { status, body } = await get<{ collection: CollectionStats; usage: UsageStatus; errors: string[] }>('/api/dashboard/stats', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data).toEqual({ collection: statsOf[ANA], usage: usageOf(ANA), errors: [] });
    expect(body.data.usage.tier).toBe('trial');
  });

  it('answers a failed part as null with its message, still 200', async () => {
    billing.state.mode = 'fail';
    const { status, body } = await get<{ collection: CollectionStats | null; usage: UsageStatus | null; errors: string[] }>('/api/dashboard/stats', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data).toEqual({ collection: statsOf[ANA], usage: null, errors: [USAGE_MISSING_MESSAGE] });
  });

  it('answers a part that takes too long as null within the time-out', async () => {
    collection.state.mode = 'slow';
    const started = Date.now();
    const { status, body } = await get<{ collection: CollectionStats | null; errors: string[] }>('/api/dashboard/stats', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
    expect(body.data.collection).toBeNull();
    expect(body.data.errors).toEqual([COLLECTION_STATS_MISSING_MESSAGE]);
  });
});

describe('GET /api/dashboard/trending', () => {
  it("passes the catalogue's trending sneakers on, asked with the service token and the query", async () => {
    const { status, body } = await get<{ timeframe: string; sneakers: { id: string }[]; errors: string[] }>('/api/dashboard/trending?limit=5&timeframe=24h', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data.sneakers.map((s) => s.id)).toEqual(['t1']);
    expect(body.data.errors).toEqual([]);
    expect(catalog.seen).toEqual([{ path: '/internal/trending', authorization: undefined, serviceToken: SERVICE_TOKEN }]);
  });

  it('answers null sneakers with an error when the catalogue is down or answers badly', async () => {
    catalog.state.mode = 'fail';
    const failed = await get<{ timeframe: string; sneakers: null; errors: string[] }>('/api/dashboard/trending', await tokenOf(ANA));
    expect(failed.status).toBe(200);
    expect(failed.body.data).toEqual({ timeframe: '7d', sneakers: null, errors: [TRENDING_MISSING_MESSAGE] });
    catalog.state.mode = 'malformed';
    const malformed = await get<{ sneakers: null; errors: string[] }>('/api/dashboard/trending', await tokenOf(ANA));
    expect(malformed.body.data.sneakers).toBeNull();
  });

  it('refuses a bad timeframe with 400', async () => {
    const { status, body } = await get('/api/dashboard/trending?timeframe=1y', await tokenOf(ANA));
    expect(status).toBe(400);
    expect(body.message).toBe('timeframe must be 24h, 7d or 30d');
  });
});

describe('GET /api/dashboard/market-overview', () => {
  it("answers the catalogue's market overview", async () => {
    const { status, body } = await get<MarketOverview & { errors: string[] }>('/api/dashboard/market-overview', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data).toEqual({ ...overview, errors: [] });
  });

  it("answers every field null and the spec's message when the catalogue times out", async () => {
    catalog.state.mode = 'slow';
    const { status, body } = await get<Record<string, unknown>>('/api/dashboard/market-overview', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data.totalSneakers).toBeNull();
    expect(body.data.gainers).toBeNull();
    expect(body.data.errors).toEqual([MARKET_OVERVIEW_MISSING_MESSAGE]);
  });
});

describe('GET /api/dashboard/value-metrics', () => {
  it("computes the member's value metrics in cents", async () => {
    const { status, body } = await get<ValueMetrics>('/api/dashboard/value-metrics', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data.collectionValue).toEqual({ currentMarketValue: 45_000, totalItems: 2 });
    expect(body.data.usagePatterns?.searchesThisMonth).toBe(9);
    // 3,000 below the alert's current price; 9 searches × 5 min + 2 pairs × 15 min = 75 min at $20/h = 2,500
    expect(body.data.potentialSavings).toEqual({ priceAlertSavings: 3_000, timeValueSavings: 2_500, totalPotentialValue: 5_500 });
    expect(body.data.upgradeRecommendation).toMatchObject({ plan: 'premium', primaryBenefit: 'Unlimited searches', urgency: 'high', estimatedMonthlySavings: 5_500 - 999 });
    expect(body.data.errors).toEqual([]);
  });

  it('answers the quick variant with its four figures', async () => {
    const { status, body } = await get<QuickMetrics>('/api/dashboard/value-metrics?quick=true', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data).toEqual({ collectionCount: 2, collectionValue: 45_000, searchesThisMonth: 9, potentialSavings: 5_500, errors: [] });
  });

  it('recommends nothing on the unlimited plan and handles an empty collection without alerts', async () => {
    const { body } = await get<ValueMetrics>('/api/dashboard/value-metrics', await tokenOf(BEN));
    expect(body.data.collectionValue).toEqual({ currentMarketValue: 0, totalItems: 0 });
    expect(body.data.potentialSavings?.priceAlertSavings).toBe(0);
    expect(body.data.upgradeRecommendation).toBeNull();
  });

  it('answers the parts it could compute when an owner fails, still 200', async () => {
    collection.state.mode = 'fail';
    const { status, body } = await get<ValueMetrics>('/api/dashboard/value-metrics', await tokenOf(ANA));
    expect(status).toBe(200);
    expect(body.data.collectionValue).toBeNull();
    expect(body.data.potentialSavings).toBeNull();
    expect(body.data.usagePatterns?.searchesThisMonth).toBe(9);
    expect(body.data.errors).toEqual([COLLECTION_STATS_MISSING_MESSAGE, PRICE_ALERTS_MISSING_MESSAGE]);
    const quick = await get<QuickMetrics>('/api/dashboard/value-metrics?quick=true', await tokenOf(ANA));
    expect(quick.body.data).toMatchObject({ collectionCount: null, searchesThisMonth: 9, potentialSavings: null });
  });

  it('refuses a bad quick flag with 400', async () => {
    const { status, body } = await get('/api/dashboard/value-metrics?quick=yes', await tokenOf(ANA));
    expect(status).toBe(400);
    expect(body.message).toBe('quick must be true or false');
  });

  it("asks each owner for one member's data with that member's token only", async () => {
    const [ana, ben] = [await tokenOf(ANA), await tokenOf(BEN)];
    const [forAna, forBen] = await Promise.all([get<ValueMetrics>('/api/dashboard/value-metrics', ana), get<ValueMetrics>('/api/dashboard/value-metrics', ben)]);
    expect(forAna.body.data.collectionValue?.totalItems).toBe(2);
    expect(forBen.body.data.collectionValue?.totalItems).toBe(0);
    const asked = [...collection.seen, ...billing.seen];
    expect(asked).toHaveLength(6);
    expect(asked.filter((s) => s.authorization === `Bearer ${ana}`)).toHaveLength(3);
    expect(asked.filter((s) => s.authorization === `Bearer ${ben}`)).toHaveLength(3);
    // no service token goes to the member's own routes
    expect(asked.every((s) => s.serviceToken === undefined)).toBe(true);
  });
});

describe('access', () => {
  it.each(['stats', 'trending', 'market-overview', 'value-metrics'])('answers /api/dashboard/%s with 401 without a valid token and asks no owner', async (name) => {
    expect((await get(`/api/dashboard/${name}`)).status).toBe(401);
    const forged = await issuer.mint({ id: ANA }, { key: issuer.otherKey });
    expect((await get(`/api/dashboard/${name}`, forged)).status).toBe(401);
    expect([...collection.seen, ...billing.seen, ...catalog.seen]).toEqual([]);
  });
});
