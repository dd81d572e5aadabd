import type { Server } from 'node:http';
import type { Request, Response } from 'express';
import { PLANS, type EntitlementsView, type PlanName, type RelatedProduct, type SneakerDetail, type TrendingItem } from '@kicksight/contracts';
import { SERVICE_TOKEN_HEADER, closeServer, listen } from '@kicksight/platform';
import { stubApp } from '@kicksight/testkit';

export interface StubSneaker {
  id: string;
  name: string;
  brand: string;
  colorway: string;
  retailPrice: number | null;
  /** Current price per size (cents); the seq of each is `seq`. */
  sizes: Record<string, number>;
  seq?: number;
  /** The prices answer carries the sneaker's facts (so no product page is needed). */
  factsWithPrices?: boolean;
}

async function serve(app: ReturnType<typeof stubApp>): Promise<{ url: string; server: Server }> {
  const { url, server } = await listen(app, 0, '127.0.0.1');
  return { url, server };
}

const refuse = (res: Response, status: number, message: string, code: string) => {
  res.status(status).json({ message, code });
};

const STABLE = { label: 'Stable', color: 'gray', description: 'Prices are steady' };

/** A product a test declares as trending, in the catalog's trending answer. */
const asTrending = ({ recommendationReason: _reason, ...product }: RelatedProduct): TrendingItem => ({ ...product, sku: null, releaseDate: null, availableSizes: [], premiumPercent: null, trending: true, lastSaleAt: null });

/**
 * The catalog as collection calls it, through the catalog's contract, answering from sneakers a test declares: the internal prices,
 * trending and daily series (service token), a sneaker's public page and related products (member token).
 */
export async function startCatalogStub(serviceToken: string) {
  const sneakers = new Map<string, StubSneaker>();
  const related = new Map<string, RelatedProduct[]>();
  const calls: { path: string; query: Record<string, unknown> }[] = [];
  let trending: RelatedProduct[] = [];
  let failing = false;
  const app = stubApp();
  app.use((req, res, next) => {
    calls.push({ path: req.path, query: { ...req.query } });
    if (failing) return refuse(res, 500, 'down', 'INTERNAL_ERROR');
    if (req.path.startsWith('/internal/') && req.get(SERVICE_TOKEN_HEADER) !== serviceToken) return refuse(res, 401, 'A valid service token is required', 'UNAUTHORIZED');
    if (req.path.startsWith('/api/') && !/^Bearer \S+$/.test(req.get('authorization') ?? '')) return refuse(res, 401, 'Authentication required', 'UNAUTHORIZED');
    next();
  });
  const sneakerOf = (req: Request, res: Response) => {
    const sneaker = sneakers.get(String(req.params.id));
    if (!sneaker) refuse(res, 404, 'Sneaker not found', 'NOT_FOUND');
    return sneaker;
  };
  const sizesOf = (s: StubSneaker) => Object.entries(s.sizes).map(([size, price]) => ({ size: Number(size), currentPrice: price, seq: s.seq ?? 1 }));
  const average = (s: StubSneaker) => {
    const prices = Object.values(s.sizes);
    return prices.length ? Math.round(prices.reduce((a, b) => a + b, 0) / prices.length) : null;
  };
  /** The sneaker's public page as the catalog answers it, from what the test declared. */
  const detailOf = (s: StubSneaker): SneakerDetail => {
    const prices = Object.values(s.sizes);
    const [lowest, highest] = prices.length ? [Math.min(...prices), Math.max(...prices)] : [null, null];
    return {
      id: s.id,
      name: s.name,
      brand: { name: s.brand },
      colorway: s.colorway,
      imageUrl: `https://img.example/${s.id}.jpg`,
      retailPrice: s.retailPrice,
      currentPrice: average(s),
      lowestPrice: lowest,
      highestPrice: highest,
      priceChange24h: null,
      modelCode: null, sku: null, model: null, releaseDate: null, category: 'sneakers', gender: 'unisex', description: null,
      marketStatus: STABLE, trending: false, source: 'generated', dataAsOf: null, dataShiftDays: null,
      variants: sizesOf(s).map(({ size, currentPrice, seq }) => ({ id: `${s.id}-${size}`, size, sizeType: 'US', colorway: s.colorway, currentPrice, lastSalePrice: null, lastSaleAt: null, priceChange24h: null, availability: 'available', seq })),
      stats: { averagePrice: average(s), priceRange: { min: lowest, max: highest }, salesCount: 0, lastSaleAt: null },
    };
  };
  app.get('/internal/sneakers/:id/prices', (req, res) => {
    const s = sneakerOf(req, res);
    const facts = s?.factsWithPrices ? { name: s.name, brand: s.brand, colorway: s.colorway, imageUrl: null } : {};
    if (s) res.json({ data: { sneakerId: s.id, averagePrice: average(s), retailPrice: s.retailPrice, sizes: sizesOf(s), ...facts } });
  });
  app.get('/internal/sneakers/:id/daily-series', (req, res) => {
    const s = sneakerOf(req, res);
    if (s) res.json({ data: { sneakerId: s.id, size: req.query.size ? Number(req.query.size) : null, days: [{ date: '2026-11-20', averagePrice: average(s) ?? 0, salesVolume: 3, totalSales: 3 * (average(s) ?? 0) }] } });
  });
  app.get('/internal/trending', (req, res) => {
    const exclude = new Set(String(req.query.exclude ?? '').split(',').filter(Boolean));
    const limit = Number(req.query.limit ?? 10);
    res.json({ data: { timeframe: req.query.timeframe ?? '7d', sneakers: trending.filter((p) => !exclude.has(p.id)).slice(0, limit).map(asTrending) } });
  });
  app.get('/api/sneakers/:id', (req, res) => {
    const s = sneakerOf(req, res);
    if (s) res.json({ data: detailOf(s) });
  });
  app.get('/api/sneakers/:id/related', (req, res) => {
    const s = sneakerOf(req, res);
    if (s) res.json({ data: { strategy: req.query.strategy ?? 'mixed', products: (related.get(s.id) ?? []).slice(0, Number(req.query.limit ?? 12)) } });
  });
  const { url, server } = await serve(app);
  return {
    url,
    calls,
    add(sneaker: StubSneaker) {
      sneakers.set(sneaker.id, sneaker);
      return sneaker;
    },
    setRelated: (id: string, products: RelatedProduct[]) => related.set(id, products),
    setTrending: (products: RelatedProduct[]) => {
      trending = products;
    },
    setFailing: (value: boolean) => {
      failing = value;
    },
    close: () => closeServer(server, 100),
  };
}
export type CatalogStub = Awaited<ReturnType<typeof startCatalogStub>>;

/** Billing's entitlements for members a test puts on a plan (trial unless told otherwise). */
export async function startBillingStub(serviceToken: string) {
  const plans = new Map<string, { plan: PlanName; expired: boolean }>();
  const app = stubApp();
  app.get('/internal/entitlements/:userId', (req, res) => {
    if (req.get(SERVICE_TOKEN_HEADER) !== serviceToken) return refuse(res, 401, 'A valid service token is required', 'UNAUTHORIZED');
    if (req.query.role === 'admin') {
      return res.json({ data: { plan: 'admin', limits: PLANS.unlimited.limits, features: PLANS.unlimited.entitlements, expired: false, trialEndsAt: null, periodEndsAt: null } });
    }
    const { plan, expired } = plans.get(req.params.userId!) ?? { plan: 'trial', expired: false };
    const data: EntitlementsView = { plan, limits: PLANS[plan].limits, features: PLANS[plan].entitlements, expired, trialEndsAt: null, periodEndsAt: null };
    res.json({ data });
  });
  const { url, server } = await serve(app);
  return {
    url,
    setPlan: (userId: string, plan: PlanName, expired = false) => plans.set(userId, { plan, expired }),
    close: () => closeServer(server, 100),
  };
}
export type BillingStub = Awaited<ReturnType<typeof startBillingStub>>;
