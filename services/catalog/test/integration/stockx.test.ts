import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventData, EventKey, MarketInterestPage } from '@kicksight/contracts';
import { newEvent, systemClock, topicName } from '@kicksight/platform';
import { createTokenCipher } from '@kicksight/stockx';
import { Cleanups, STOCKX_TEST_APP, deadUrl, readTopic, serveOnFreePort, startStockxSandbox, stubApp, testKafka, waitFor, type StockxSandbox } from '@kicksight/testkit';
import { DEFAULT_DATA_DIR } from '../../src/config.ts';
import { createCallBudget } from '../../src/market/stockx/call-budget.ts';
import { createStockxClient } from '../../src/market/stockx/client.ts';
import { mapSneaker } from '../../src/market/stockx/mapping.ts';
import { createMarketModels, STOCKX_INTEGRATION_ID, type IntegrationDoc, type MarketModels } from '../../src/store/market-models.ts';
import type { SneakerDoc } from '../../src/store/models.ts';
import { call, catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp, type Tokens } from './catalog-app.ts';

// The StockX adapter against the StockX sandbox run as its own process (faults enabled for this file).
const DATA_DIR = process.env.DATA_DIR ?? DEFAULT_DATA_DIR;
const CLIENT = STOCKX_TEST_APP;
const TOKEN_KEY = randomBytes(32).toString('base64');
const REDIRECT_URL = 'http://127.0.0.1:5173/admin/integrations/stockx/callback';

const stockxProducts = JSON.parse(readFileSync(join(DATA_DIR, 'stockx-2020-10-catalog.json'), 'utf8')) as { id: string; style_id: string | null; retail_price_usd: number | null }[];
/** A real StockX product of the sandbox's catalogue with a style id: the sneaker the test maps. */
const stockxProduct = stockxProducts.find((p) => p.style_id === 'FZ5000')!;
/** Another, whose one size a member sets a price alert on. */
const alertedProduct = stockxProducts.find((p) => p.style_id && /^[A-Z0-9-]+$/.test(p.style_id) && p.style_id !== 'FZ5000')!;

let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let topics: Awaited<ReturnType<typeof catalogTopics>>;
let tokens: Tokens;
let sandbox: StockxSandbox;
const cleanups = new Cleanups();
let catalog: CatalogApp;
let market: MarketModels;
let admin: string;
let member: string;
let mapped: SneakerDoc;
let unknown: SneakerDoc;
let alerted: SneakerDoc;
/** What collection's stand-in lists of what members care about (two to a page). */
let collectionInterests: MarketInterestPage['interests'] = [];

/** Collection's internal page of what members care about, as a stand-in answering through the contract. */
async function startCollectionStub(): Promise<string> {
  const app = stubApp();
  app.get('/internal/market-interest', (req, res) => {
    const after = typeof req.query.after === 'string' ? req.query.after : null;
    const rest = collectionInterests.filter((i) => after === null || i.id > after).sort((a, b) => a.id.localeCompare(b.id));
    const page = rest.slice(0, 2);
    res.json({ data: { interests: page, next: rest.length > 2 ? page[1]!.id : null } });
  });
  return (await serveOnFreePort(app, cleanups)).url;
}

const sandboxCall = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return response.status === 204 ? null : ((await response.json()) as Record<string, unknown>);
};
const injectFault = (fault: { status: number; count: number; retryAfterSeconds?: number }) => sandboxCall('POST', '/sandbox/faults', fault);
const sandboxCalls = async () => (await sandboxCall('GET', '/sandbox/calls')) as { calls: number; recent: { at: number; fault: number | null }[] };

const sources = async () => (await call(catalog.url, 'GET', '/api/admin/market/sources', admin)).body.data as { sources: { name: string; circuit: string | null; errorRate: number | null; mappedProducts: number | null; lastSyncAt: string | null; status: string }[]; stockxLinked: boolean };
const stockxStatus = async () => (await sources()).sources.find((s) => s.name === 'stockx')!;
const integration = () => market.Integration.findById(STOCKX_INTEGRATION_ID).lean<IntegrationDoc>();
const snapshotsOf = (sneakerId: string, size: number) => market.Snapshot.find({ sneakerId, size }).sort({ asOf: 1 }).lean();
const drained = () => waitFor(async () => (await catalog.service.stockx!.sync.pending()) === 0, { timeoutMs: 30_000, message: 'the StockX queue drained' });

/** Links StockX the way an administrator does: link, StockX's consent page, the callback. */
async function link(): Promise<void> {
  const started = await call(catalog.url, 'POST', '/api/admin/integrations/stockx/link', admin);
  const consent = await fetch(started.body.data.authorizationUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const done = await call(catalog.url, 'GET', `/api/admin/integrations/stockx/callback?${new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! })}`, admin);
  expect(done.status).toBe(200);
}

/** A member added a pair of this sneaker in this size (collection's event). */
async function memberHolds(sneakerId: string, size: number): Promise<void> {
  const data = { userId: randomUUID(), itemId: randomUUID(), sneakerId, size, itemCount: 1 };
  await catalog.infra.producer!.send([{ key: data.userId, envelope: newEvent('collection.item_added@1', data, { clock: systemClock }) }]);
}

/** A member started watching this sneaker, or set a price alert on one size of it (collection's events); answers the event's id for its removal. */
async function memberWatches(sneakerId: string): Promise<{ userId: string; entryId: string; sneakerId: string }> {
  const data = { userId: randomUUID(), entryId: randomUUID(), sneakerId };
  await catalog.infra.producer!.send([{ key: data.userId, envelope: newEvent('watchlist.added@1', data, { clock: systemClock }) }]);
  return data;
}
async function memberAlerts(sneakerId: string, size: number): Promise<{ userId: string; alertId: string; sneakerId: string; size: number }> {
  const data = { userId: randomUUID(), alertId: randomUUID(), sneakerId, size };
  await catalog.infra.producer!.send([{ key: data.userId, envelope: newEvent('alert.created@1', data, { clock: systemClock }) }]);
  return data;
}

beforeAll(async () => {
  [db, topics, tokens] = await Promise.all([createCatalogDatabase('stockx'), catalogTopics('catalog_stockx'), testTokens()]);
  await seed(db.models, { generate: 12 });
  // Two generated sneakers take real style ids: one StockX knows, one it does not.
  const [first, second, third] = await db.models.Sneaker.find({}).sort({ _id: 1 }).limit(3).lean<SneakerDoc[]>();
  await db.models.Sneaker.updateOne({ _id: first!._id }, { $set: { sku: 'fz5000' } });
  await db.models.Sneaker.updateOne({ _id: second!._id }, { $set: { sku: 'NOT-ON-STOCKX-1' } });
  await db.models.Sneaker.updateOne({ _id: third!._id }, { $set: { sku: alertedProduct.style_id } });
  [mapped, unknown, alerted] = [{ ...first!, sku: 'fz5000' }, { ...second!, sku: 'NOT-ON-STOCKX-1' }, { ...third!, sku: alertedProduct.style_id }];

  sandbox = await startStockxSandbox({ app: CLIENT, dataDir: DATA_DIR, faults: true });
  catalog = await startCatalog({
    mongoUrl: db.url,
    topicsPrefix: topics.prefix,
    tokens,
    billing: { url: await deadUrl(), serviceToken: 'x'.repeat(20) },
    env: {
      MARKET_SOURCES: 'stockx',
      ...sandbox.appEnv,
      STOCKX_TOKEN_KEY: TOKEN_KEY,
      STOCKX_REDIRECT_URL: REDIRECT_URL,
      COLLECTION_INTERNAL_URL: await startCollectionStub(),
      // Rounds are started by the test; failures are retried quickly; three failures open the circuit.
      STOCKX_SYNC_INTERVAL_MS: '3600000',
      STOCKX_RATE_LIMIT_PER_MINUTE: '600',
      STOCKX_ATTEMPTS: '3',
      STOCKX_BACKOFF_MS: '100',
      STOCKX_CIRCUIT_FAILURES: '3',
      STOCKX_CIRCUIT_HALF_OPEN_MS: '3000',
      STOCKX_TIMEOUT_MS: '3000',
    },
  });
  market = createMarketModels(catalog.infra.mongo!);
  admin = await tokens.token({ id: newUserId(), role: 'admin' });
  member = await tokens.token({ id: newUserId() });
});
afterAll(async () => {
  await catalog?.close();
  await cleanups.run();
  await sandbox?.stop();
  await topics?.drop();
  await db?.drop();
});

describe('linking StockX', () => {
  it('keeps the admin calls to administrators: 401 without a token, 403 for members', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/admin/integrations/stockx/link'],
      ['GET', '/api/admin/integrations/stockx/callback?code=c&state=s'],
      ['DELETE', '/api/admin/integrations/stockx'],
      ['GET', '/api/admin/market/sources'],
    ];
    for (const [method, path] of calls) {
      expect((await call(catalog.url, method, path)).status, `${method} ${path} anonymous`).toBe(401);
      const asMember = await call(catalog.url, method, path, member);
      expect(asMember.status, `${method} ${path} as a member`).toBe(403);
      expect(asMember.body.code).toBe('FORBIDDEN');
    }
  });

  it('sends the administrator to StockX with the documented audience and scopes, and refuses a state it did not give', async () => {
    const started = await call(catalog.url, 'POST', '/api/admin/integrations/stockx/link', admin);
    expect(started.status).toBe(200);
    const url = new URL(started.body.data.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/accounts/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URL, audience: 'gateway.stockx.com', scope: 'offline_access openid' });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);

    const forged = await call(catalog.url, 'GET', '/api/admin/integrations/stockx/callback?code=any&state=not-one-we-gave', admin);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('STOCKX_LINK_STATE_INVALID');
    const missing = await call(catalog.url, 'GET', '/api/admin/integrations/stockx/callback?state=s', admin);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('stores the tokens from the callback encrypted: the stored fields do not contain the token text', async () => {
    expect((await sources()).stockxLinked).toBe(false);
    await link();
    const doc = (await integration())!;
    const cipher = createTokenCipher(TOKEN_KEY);
    const accessToken = cipher.open('accessToken', doc.accessToken);
    const refreshToken = cipher.open('refreshToken', doc.refreshToken);
    // The access token is StockX's JWT for the API gateway.
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString())).toMatchObject({ aud: 'gateway.stockx.com' });
    const stored = JSON.stringify(await catalog.infra.mongo!.collection('market_integrations').findOne({ _id: STOCKX_INTEGRATION_ID } as never));
    expect(stored).not.toContain(accessToken);
    expect(stored).not.toContain(accessToken.split('.')[1]);
    expect(stored).not.toContain(refreshToken);
    expect(doc.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await sources()).stockxLinked).toBe(true);
  });

  it('uses a state once', async () => {
    const started = await call(catalog.url, 'POST', '/api/admin/integrations/stockx/link', admin);
    const back = new URL((await fetch(started.body.data.authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
    const query = new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
    expect((await call(catalog.url, 'GET', `/api/admin/integrations/stockx/callback?${query}`, admin)).status).toBe(200);
    expect((await call(catalog.url, 'GET', `/api/admin/integrations/stockx/callback?${query}`, admin)).body.code).toBe('STOCKX_LINK_STATE_INVALID');
  });
});

describe('the StockX sync', () => {
  it('maps held sneakers by style id through catalog search, writes dated per-size snapshots and moves price.changed', async () => {
    await memberHolds(mapped._id, 10);
    await memberHolds(mapped._id, 10.5);
    await memberHolds(unknown._id, 9);
    await waitFor(async () => (await market.Demand.countDocuments({})) === 3, { timeoutMs: 30_000, message: 'the held sizes' });

    const before = Date.now();
    await catalog.service.stockx!.sync.syncNow();
    const [ten, tenHalf] = await waitFor(async () => {
      const found = [await snapshotsOf(mapped._id, 10), await snapshotsOf(mapped._id, 10.5)];
      return found.every((s) => s.length > 0) && found;
    }, { timeoutMs: 30_000, message: 'snapshots of sizes 10 and 10.5' });

    const mapping = await market.Mapping.findById(mapped._id).lean();
    expect(mapping).toMatchObject({ status: 'mapped', productId: stockxProduct.id, styleId: 'FZ5000' });
    expect(mapping!.variants.map((v) => v.size)).toEqual(Array.from({ length: 21 }, (_, i) => 4 + i / 2));
    await waitFor(async () => (await market.Mapping.findById(unknown._id).lean())?.status === 'unmatched', { message: 'the unknown sneaker marked unmatched' });

    const snapshot = ten![0]!;
    expect(snapshot).toMatchObject({ source: 'stockx-api', size: 10 });
    expect(snapshot.asOf.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(snapshot.lowestAsk! % 100).toBe(0);
    expect(snapshot.highestBid!).toBeLessThan(snapshot.lowestAsk!);
    expect(snapshot.sellFaster).toBe(snapshot.lowestAsk! - 100);
    expect(snapshot.earnMore!).toBeGreaterThan(snapshot.lowestAsk!);
    expect(tenHalf![0]!.source).toBe('stockx-api');

    // The size's market price is now StockX's highest bid (what a pair sells for), announced as a sale's change is.
    const sneaker = (await db.models.Sneaker.findById(mapped._id).lean<SneakerDoc>())!;
    expect(sneaker.variants.find((v) => v.size === 10)!.currentPrice).toBe(snapshot.highestBid);
    const messages = await waitFor(
      () =>
        readTopic(testKafka(inject('stack').kafkaBrokers), topicName(topics.prefix, 'catalog'), {
          until: (m) => m.some((x) => x.value.includes('"price.changed"') && x.value.includes(mapped._id) && x.value.includes(`"price":${snapshot.highestBid}`)),
        }).catch(() => undefined),
      { timeoutMs: 60_000, message: 'price.changed for size 10' },
    );
    const change = messages.map((m) => JSON.parse(m.value) as { type: string; data: { sneakerId: string; size: number; price: number; seq: number } }).find((e) => e.type === 'price.changed' && e.data.sneakerId === mapped._id && e.data.size === 10)!;
    expect(change.data).toMatchObject({ price: snapshot.highestBid, seq: sneaker.variants.find((v) => v.size === 10)!.seq });

    const status = await stockxStatus();
    expect(status).toMatchObject({ status: 'running', circuit: 'closed', mappedProducts: 1, errorRate: 0 });
    expect((await sources()).sources.find((s) => s.name === 'replay')).toMatchObject({ active: false, status: 'off', circuit: null });
    expect(status.lastSyncAt).not.toBeNull();
  });

  it('passes every amount of a reading through the price guard: a refused one is quarantined with its call, and a reading with none left changes nothing', async () => {
    const size = 11;
    const asOf = new Date();
    const reading = { sneakerId: unknown._id, size, lowestAsk: 9_999_900, highestBid: null, sellFaster: null, earnMore: null, source: 'stockx-api', asOf };
    expect(await catalog.service.marketReadings.record(reading)).toBeNull();
    expect(await snapshotsOf(unknown._id, size)).toEqual([]);
    const held = await db.models.Quarantine.find({ sneakerId: unknown._id, kind: 'market' }).lean();
    expect(held).toEqual([expect.objectContaining({ reason: 'placeholder', amount: 9_999_900, source: 'stockx-api', call: 'stockx-api lowestAsk of size 11' })]);
  });

  it('answers each size’s market with its source and time, and the sneaker’s own', async () => {
    // An administrator's view is never metered (a member's is a product view: metering.test.ts).
    const answer = await call(catalog.url, 'GET', `/api/sneakers/${mapped._id}/market`, admin);
    expect(answer.status).toBe(200);
    const { sizes, ...own } = answer.body.data as { sizes: { size: number; lowestAsk: number | null; highestBid: number | null; source: string; asOf: string | null }[]; lowestAsk: number; source: string; asOf: string };
    const ten = sizes.find((s) => s.size === 10)!;
    const latest = (await snapshotsOf(mapped._id, 10)).at(-1)!;
    expect(ten).toMatchObject({ lowestAsk: latest.lowestAsk, highestBid: latest.highestBid, source: 'stockx-api', asOf: latest.asOf.toISOString(), value: latest.highestBid, valueBasis: 'highest_bid', stale: false });
    const replayed = sizes.find((s) => s.lowestAsk === null && s.asOf !== null);
    // A size without a reading names its last sale's own source, as its prices do (a data file, generated, a snapshot, an estimate).
    if (replayed) expect(replayed.source).toMatch(/^(replay:|generated|snapshot:|estimate:)/);
    expect(own.lowestAsk).toBe(Math.min(...sizes.map((s) => s.lowestAsk).filter((p): p is number => p !== null)));
    const freshest = sizes.filter((s) => s.asOf !== null).sort((a, b) => b.asOf!.localeCompare(a.asOf!))[0]!;
    expect(own).toMatchObject({ source: freshest.source, asOf: freshest.asOf });
    expect((await call(catalog.url, 'GET', '/api/sneakers/000000000000000000000000/market', admin)).status).toBe(404);
    expect((await call(catalog.url, 'GET', `/api/sneakers/${mapped._id}/market`)).status).toBe(401);
  });

  it('refreshes an access token StockX refused, and rotates the refresh token', async () => {
    const cipher = createTokenCipher(TOKEN_KEY);
    const before = (await integration())!;
    const oldRefresh = cipher.open('refreshToken', before.refreshToken);
    await drained();
    await injectFault({ status: 401, count: 1 });
    await catalog.service.stockx!.sync.syncNow();
    const after = await waitFor(async () => {
      const doc = await integration();
      return doc?.refreshedAt ? doc : undefined;
    }, { timeoutMs: 30_000, message: 'the tokens refreshed' });
    expect(cipher.open('refreshToken', after.refreshToken)).not.toBe(oldRefresh);
    expect(cipher.open('accessToken', after.accessToken)).not.toBe(cipher.open('accessToken', before.accessToken));
    // StockX took the old refresh token once: it is refused now.
    const reused = await fetch(`${sandbox.url}/accounts/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: oldRefresh, client_id: CLIENT.id, client_secret: CLIENT.secret }) });
    expect(reused.status).toBe(400);
    await drained();
    expect((await stockxStatus()).circuit).toBe('closed');
  });

  it('honours a 429 and its Retry-After before calling again', async () => {
    await drained();
    const { calls: before } = await sandboxCalls();
    await injectFault({ status: 429, count: 1, retryAfterSeconds: 2 });
    await catalog.service.stockx!.sync.syncNow();
    const recent = await waitFor(async () => {
      const { calls, recent } = await sandboxCalls();
      const seen = recent.slice(-(calls - before));
      const limited = seen.findIndex((c) => c.fault === 429);
      return limited >= 0 && seen.length > limited + 1 && seen.slice(limited);
    }, { timeoutMs: 30_000, message: 'a call after the 429' });
    expect(recent[1]!.at - recent[0]!.at).toBeGreaterThanOrEqual(1_900);
    await drained();
    expect((await stockxStatus()).circuit).toBe('closed');
  });

  it('opens the circuit after repeated 500s, makes no calls while it is open, and closes it again', async () => {
    await drained();
    await injectFault({ status: 500, count: 1_000 });
    await catalog.service.stockx!.sync.syncNow();
    await waitFor(async () => (await stockxStatus()).circuit === 'open', { timeoutMs: 30_000, message: 'the circuit open' });
    const open = await stockxStatus();
    expect(open.status).toBe('circuit open');
    expect(open.errorRate!).toBeGreaterThan(0);
    await drained();
    const { calls: whileOpen } = await sandboxCalls();
    await catalog.service.stockx!.sync.syncNow();
    await drained();
    // Two reads planned, each tried three times: at most one trial call reaches StockX while the circuit is open.
    expect((await sandboxCalls()).calls - whileOpen).toBeLessThanOrEqual(1);

    await sandboxCall('DELETE', '/sandbox/faults');
    const since = Date.now();
    // After the half-open delay one trial call decides: it succeeds and the circuit closes.
    await waitFor(
      async () => {
        await catalog.service.stockx!.sync.syncNow();
        return (await stockxStatus()).circuit === 'closed';
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'the circuit closed again' },
    );
    await waitFor(async () => (await snapshotsOf(mapped._id, 10)).some((s) => s.asOf.getTime() >= since), { timeoutMs: 30_000, message: 'a reading after the circuit closed' });
  });
});

describe('the sizes the sync reads', () => {
  it('reads the sizes members watch or set alerts on, though nobody owns a pair, until they stop', async () => {
    await drained();
    const demandBefore = await market.Demand.countDocuments({});
    const watch = await memberWatches(mapped._id);
    const alert = await memberAlerts(alerted._id, 9);
    await waitFor(async () => (await market.Demand.countDocuments({})) === demandBefore + 2, { timeoutMs: 30_000, message: 'the watched sneaker and the alerted size' });
    // Nobody holds size 4 of the watched sneaker, nor any size of the alerted one.
    expect(await market.Demand.countDocuments({ sneakerId: mapped._id, size: 4 })).toBe(0);
    expect(await market.Demand.countDocuments({ sneakerId: alerted._id, kind: 'owned' })).toBe(0);

    const since = new Date();
    await catalog.service.stockx!.sync.syncNow();
    await waitFor(async () => (await snapshotsOf(mapped._id, 4)).some((x) => x.asOf >= since) && (await snapshotsOf(alerted._id, 9)).length > 0, {
      timeoutMs: 30_000,
      message: 'readings of the watched sneaker’s size 4 and the alerted size 9',
    });
    await drained();
    // The watch asks for every size StockX carries; the alert for its one size.
    const watched = await market.Snapshot.distinct('size', { sneakerId: mapped._id, asOf: { $gte: since } });
    expect(watched.sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => 4 + i / 2));
    expect(await market.Snapshot.distinct('size', { sneakerId: alerted._id })).toEqual([9]);
    expect(await market.Mapping.findById(alerted._id).lean()).toMatchObject({ status: 'mapped', productId: alertedProduct.id });

    // Stopping lets them go: the next round reads only what members still own.
    await catalog.infra.producer!.send([
      { key: watch.userId, envelope: newEvent('watchlist.removed@1', watch, { clock: systemClock }) },
      { key: alert.userId, envelope: newEvent('alert.removed@1', alert, { clock: systemClock }) },
    ]);
    await waitFor(async () => (await market.Demand.countDocuments({})) === demandBefore, { timeoutMs: 30_000, message: 'the watch and the alert let go' });
    const later = new Date();
    await catalog.service.stockx!.sync.syncNow();
    await waitFor(async () => (await snapshotsOf(mapped._id, 10)).some((x) => x.asOf >= later), { timeoutMs: 30_000, message: 'the next round' });
    await drained();
    expect(await market.Snapshot.countDocuments({ sneakerId: mapped._id, size: 4, asOf: { $gte: later } })).toBe(0);
    expect(await market.Snapshot.countDocuments({ sneakerId: alerted._id, asOf: { $gte: later } })).toBe(0);
  });
});

describe('the demand a member leaves behind', () => {
  const send = <K extends EventKey>(event: K, data: EventData<K> & { userId: string }) =>
    catalog.infra.producer!.send([{ key: data.userId, envelope: newEvent(event, data, { clock: systemClock }) }]);
  const demandOf = (userId: string) => market.Demand.countDocuments({ userId });

  it('lets a sold pair go and holds it again when the sale is undone', async () => {
    const userId = randomUUID();
    const item = { userId, itemId: randomUUID(), sneakerId: mapped._id, size: 11, itemCount: 1 };
    await send('collection.item_added@1', item);
    await waitFor(async () => (await market.Demand.findById(item.itemId).lean()) !== null, { timeoutMs: 30_000, message: 'the owned pair held' });
    const sale = { ...item, saleId: randomUUID(), platform: 'stockx' as const, soldAt: '2026-11-20', salePrice: 30_000, netProceeds: 26_400, realisedGain: 6_400 };
    await send('collection.item_sold@2', { ...sale, itemCount: 0 });
    await waitFor(async () => (await market.Demand.findById(item.itemId).lean()) === null, { timeoutMs: 30_000, message: 'the sold pair let go' });
    await send('collection.sale_undone@2', sale);
    await waitFor(async () => (await market.Demand.findById(item.itemId).lean())?.kind === 'owned', { timeoutMs: 30_000, message: 'the pair held again' });
    // A sale announced by the earlier version of the event is let go the same way.
    await send('collection.item_sold@1', sale);
    await waitFor(async () => (await market.Demand.findById(item.itemId).lean()) === null, { timeoutMs: 30_000, message: 'the sold pair let go (version 1)' });
  });

  it('lets every size of a deleted member go, and keeps everyone else’s', async () => {
    const [leaving, staying] = [randomUUID(), randomUUID()];
    for (const userId of [leaving, staying]) {
      await send('collection.item_added@1', { userId, itemId: randomUUID(), sneakerId: mapped._id, size: 10, itemCount: 1 });
      await send('watchlist.added@1', { userId, entryId: randomUUID(), sneakerId: alerted._id });
      await send('alert.created@1', { userId, alertId: randomUUID(), sneakerId: alerted._id, size: 9 });
    }
    await waitFor(async () => (await demandOf(leaving)) === 3 && (await demandOf(staying)) === 3, { timeoutMs: 30_000, message: 'both members’ pair, watch and alert' });

    await send('user.deleted@1', { userId: leaving });
    await waitFor(async () => (await demandOf(leaving)) === 0, { timeoutMs: 30_000, message: 'the deleted member’s sizes let go' });
    expect(await demandOf(staying)).toBe(3);
  });
});

describe('reconciling the sizes with collection', () => {
  it('keeps what collection lists, lets go of what it no longer lists, and spares what an event just wrote', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    // A pair removed while no event reached catalog, and a size kept before documents were dated.
    await market.Demand.create([
      { _id: randomUUID(), sneakerId: mapped._id, size: 7, kind: 'owned', userId: randomUUID(), updatedAt: hourAgo },
      { _id: randomUUID(), sneakerId: mapped._id, size: 7.5, kind: 'owned' },
    ]);
    const userId = randomUUID();
    collectionInterests = [
      { id: randomUUID(), userId, sneakerId: mapped._id, size: 12, kind: 'owned' },
      { id: randomUUID(), userId, sneakerId: alerted._id, size: null, kind: 'watched' },
      { id: randomUUID(), userId, sneakerId: alerted._id, size: 8, kind: 'alerted' },
    ];
    // An event that has just arrived, for a pair collection's page was read before.
    const fresh = { userId: randomUUID(), itemId: randomUUID(), sneakerId: mapped._id, size: 13, itemCount: 1 };
    await catalog.infra.producer!.send([{ key: fresh.userId, envelope: newEvent('collection.item_added@1', fresh, { clock: systemClock }) }]);
    await waitFor(async () => (await market.Demand.findById(fresh.itemId).lean()) !== null, { timeoutMs: 30_000, message: 'the fresh pair held' });
    const others = await market.Demand.countDocuments({ updatedAt: { $gte: new Date(Date.now() - 60_000) }, _id: { $ne: fresh.itemId } });

    const { kept, released } = await catalog.service.demandReconcile!();
    expect(kept).toBe(3);
    expect(released).toBeGreaterThanOrEqual(2);
    expect(await market.Demand.countDocuments({ sneakerId: mapped._id, size: { $in: [7, 7.5] } })).toBe(0);
    for (const { id, sneakerId, size, kind } of collectionInterests) {
      expect(await market.Demand.findById(id).lean()).toMatchObject({ sneakerId, size, kind, userId });
    }
    expect(await market.Demand.findById(fresh.itemId).lean()).toMatchObject({ size: 13, kind: 'owned' });
    // What the earlier tests' events wrote moments ago stays too.
    expect(await market.Demand.countDocuments({ updatedAt: { $gte: new Date(Date.now() - 60_000) }, _id: { $nin: [fresh.itemId, ...collectionInterests.map((i) => i.id)] } })).toBe(others);
  });
});

describe('the rate limit', () => {
  it('counts StockX calls, not jobs: mapping a sneaker takes two calls of the budget, and the next read waits for the window', async () => {
    await drained();
    const windowMs = 5_000;
    const budget = createCallBudget({ redis: catalog.infra.redis!, key: `stockx-budget-test:${randomUUID()}`, calls: 3, windowMs });
    const settings = { apiUrl: `${sandbox.url}/v2`, apiKey: CLIENT.apiKey, timeoutMs: 3_000, circuitFailures: 3, circuitHalfOpenMs: 3_000, maxRetryAfterMs: 5_000, ratePerMinute: 3 };
    const client = createStockxClient({ settings, link: catalog.service.stockx!.link, budget });
    const { calls: before } = await sandboxCalls();
    const started = Date.now();
    const mapping = await mapSneaker(client, { _id: alerted._id, sku: alerted.sku! }, new Date());
    expect(mapping.status).toBe('mapped');
    const variant = mapping.variants[0]!;
    await client.marketData(mapping.productId!, variant.variantId);
    // Three calls so far (a search and the variants in one mapping, then a read): the budget is spent ...
    expect(Date.now() - started).toBeLessThan(windowMs);
    // ... so the fourth call waits for the window to turn.
    await client.marketData(mapping.productId!, variant.variantId);
    const { calls, recent } = await sandboxCalls();
    expect(calls - before).toBe(4);
    const seen = recent.slice(-4);
    expect(seen[3]!.at - seen[0]!.at).toBeGreaterThanOrEqual(windowMs - 100);
    expect(seen[2]!.at - seen[0]!.at).toBeLessThan(windowMs);
  });
});

describe('unlinking StockX', () => {
  it('forgets the tokens, and the sync stops calling StockX', async () => {
    await drained();
    const unlinked = await call(catalog.url, 'DELETE', '/api/admin/integrations/stockx', admin);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data).toEqual({ linked: false });
    expect(await integration()).toBeNull();
    const status = await sources();
    expect(status.stockxLinked).toBe(false);
    expect(status.sources.find((s) => s.name === 'stockx')!.status).toBe('not linked');
    const { calls } = await sandboxCalls();
    await catalog.service.stockx!.sync.syncNow();
    await drained();
    expect((await sandboxCalls()).calls).toBe(calls);
  });
});
