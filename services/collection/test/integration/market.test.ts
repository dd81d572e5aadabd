import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketInterestPage } from '@kicksight/contracts';
import { SERVICE_TOKEN_HEADER, createServiceClient } from '@kicksight/platform';
import { SERVICE_TOKEN, applyPrices, outboxEvents, sneakerId, startCollectionStack, type CollectionStack, type Member } from './collection-stack.ts';

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack();
});
afterAll(() => stack?.close());

const sneaker = (sizes: Record<string, number>) => stack.catalog.add({ id: sneakerId(), name: 'Yeezy Boost 350 V2', brand: 'Adidas', colorway: 'Zebra', retailPrice: 22_000, sizes, seq: 1 });

const prices = (...changes: Parameters<typeof applyPrices>[1][]) => applyPrices(stack, ...changes);

async function itemValue(member: Member, itemId: string): Promise<number> {
  return (await stack.api.get(`/api/collections/${itemId}`, member.token)).body.data.currentValue;
}

describe('the market-price projection', () => {
  it('never rolls a price back for an out-of-order or repeated price.changed', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 20_000 });
    const item = (await stack.api.post('/api/collections', { sneakerId: s.id, size: 10, purchasePrice: 15_000 }, member.token)).body.data;
    await prices({ sneakerId: s.id, size: 10, price: 26_000, seq: 5 });
    expect(await itemValue(member, item.id)).toBe(26_000);
    await prices({ sneakerId: s.id, size: 10, price: 10_000, seq: 3 }, { sneakerId: s.id, size: 10, price: 11_000, seq: 5 });
    expect(await itemValue(member, item.id)).toBe(26_000);
    await prices({ sneakerId: s.id, size: 10, price: 27_500, seq: 6 });
    expect(await itemValue(member, item.id)).toBe(27_500);
    const { rows } = await stack.pool.query('SELECT price, seq FROM market_price WHERE sneaker_id = $1 AND size = 10', [s.id]);
    expect(rows).toEqual([{ price: 27_500, seq: 6 }]);
  });

  it('keeps each size’s latest reading (bid, ask, source, time) and its sales’ price (source, time) apart', async () => {
    const s = sneaker({});
    const row = async () => (await stack.pool.query('SELECT price, seq, highest_bid, lowest_ask, reading_source, reading_at, sale_price, sale_source, sale_at, latest_sales FROM market_price WHERE sneaker_id = $1 AND size = 10', [s.id])).rows[0];
    const soldAt = '2026-11-26T08:00:00.000Z';
    const readAt = '2026-11-27T09:58:00.000Z';
    await prices({ sneakerId: s.id, size: 10, price: 21_000, seq: 1, source: 'replay:stockx-2019-sales.csv', asOf: soldAt, latestSales: [soldAt] });
    const sold = { sale_price: 21_000, sale_source: 'replay:stockx-2019-sales.csv', sale_at: new Date(soldAt), latest_sales: [new Date(soldAt)] };
    expect(await row()).toEqual({ price: 21_000, seq: 1, highest_bid: null, lowest_ask: null, reading_source: null, reading_at: null, ...sold });
    await prices({ sneakerId: s.id, size: 10, price: 25_000, seq: 2, source: 'stockx-api', asOf: readAt, highestBid: 25_000, lowestAsk: null, latestSales: [soldAt] });
    const read = { highest_bid: 25_000, lowest_ask: null, reading_source: 'stockx-api', reading_at: new Date(readAt) };
    expect(await row()).toEqual({ price: 25_000, seq: 2, ...read, ...sold });
    // A later sale sets the price and the sale's columns; the reading stays as it was read.
    const resold = '2026-11-27T10:05:00.000Z';
    await prices({ sneakerId: s.id, size: 10, price: 22_000, seq: 3, source: 'replay:market-feed', asOf: resold, latestSales: [resold, soldAt] });
    expect(await row()).toEqual({ price: 22_000, seq: 3, ...read, sale_price: 22_000, sale_source: 'replay:market-feed', sale_at: new Date(resold), latest_sales: [new Date(resold), new Date(soldAt)] });
    // A repeated older reading changes nothing.
    await prices({ sneakerId: s.id, size: 10, price: 30_000, seq: 2, source: 'stockx-api', asOf: readAt, highestBid: 30_000, lowestAsk: 31_000 });
    expect(await row()).toMatchObject({ price: 22_000, seq: 3, highest_bid: 25_000 });
  });

  it("values a size without its own price at the sneaker's average, which follows the other sizes", async () => {
    const member = await stack.member();
    const s = sneaker({ '9': 20_000, '11': 30_000 });
    const item = (await stack.api.post('/api/collections', { sneakerId: s.id, size: 12, purchasePrice: 20_000 }, member.token)).body.data;
    expect(item.currentValue).toBe(25_000);
    await prices({ sneakerId: s.id, size: 9, price: 24_000, seq: 2 });
    expect(await itemValue(member, item.id)).toBe(27_000);
    await prices({ sneakerId: s.id, size: 12, price: 40_000, seq: 2 });
    expect(await itemValue(member, item.id)).toBe(40_000);
  });

  it('seeds prices from the catalogue only the first time a sneaker is added, then follows events', async () => {
    const member = await stack.member({ plan: 'premium' });
    const s = sneaker({ '10': 20_000 });
    await stack.api.post('/api/collections', { sneakerId: s.id, size: 10, purchasePrice: 1 }, member.token);
    await prices({ sneakerId: s.id, size: 10, price: 21_000, seq: 2 });
    const calls = stack.catalog.calls.filter((c) => c.path === `/internal/sneakers/${s.id}/prices`).length;
    const again = await stack.api.post('/api/collections', { sneakerId: s.id, size: 10, purchasePrice: 1 }, member.token);
    expect(again.body.data.currentValue).toBe(21_000);
    expect(stack.catalog.calls.filter((c) => c.path === `/internal/sneakers/${s.id}/prices`)).toHaveLength(calls);
  });
});

describe('valuation', () => {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const REPLAY = 'replay:stockx-2019-sales.csv';

  it('values a pair by a fresh highest bid, else its lowest ask, else the size’s sales, and says which number, from where and when', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 20_000 });
    const item = (await stack.api.post('/api/collections', { sneakerId: s.id, size: 10, purchasePrice: 15_000 }, member.token)).body.data;
    const valued = async () => (await stack.api.get(`/api/collections/${item.id}`, member.token)).body.data;
    const soldAt = ago(120);
    await prices({ sneakerId: s.id, size: 10, price: 21_000, seq: 2, source: REPLAY, asOf: soldAt, latestSales: [soldAt, ago(3_000), ago(6_000)] });
    expect(await valued()).toMatchObject({ currentValue: 21_000, gainLoss: 6_000, valuation: { basis: 'last_sale', source: REPLAY, asOf: soldAt, stale: false, thin: false } });

    const readAt = ago(4);
    await prices({ sneakerId: s.id, size: 10, price: 25_000, seq: 3, source: 'stockx-api', asOf: readAt, highestBid: 25_000, lowestAsk: 30_000 });
    expect(await valued()).toMatchObject({ currentValue: 25_000, valuation: { basis: 'highest_bid', source: 'stockx-api', asOf: readAt, stale: false, thin: false } });

    await prices({ sneakerId: s.id, size: 10, price: 29_000, seq: 4, source: 'stockx-api', asOf: readAt, highestBid: null, lowestAsk: 29_000 });
    expect(await valued()).toMatchObject({ currentValue: 29_000, valuation: { basis: 'lowest_ask', source: 'stockx-api', stale: false } });
  });

  it('falls back to the size’s sales once the reading is older than MARKET_STALE_AFTER, and says the reading is stale; lists and totals agree', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 20_000 });
    const item = (await stack.api.post('/api/collections', { sneakerId: s.id, size: 10, purchasePrice: 15_000 }, member.token)).body.data;
    const manual = (await stack.api.post('/api/collections', { name: 'My Custom Pair', brand: 'Nike', size: 9, purchasePrice: 9_000 }, member.token)).body.data;
    const soldAt = ago(60 * 24 * 100);
    await prices({ sneakerId: s.id, size: 10, price: 21_000, seq: 2, source: REPLAY, asOf: soldAt, latestSales: [soldAt] });
    // Read seven hours ago (MARKET_STALE_AFTER is 6 h): too old to count.
    const readAt = ago(7 * 60);
    await prices({ sneakerId: s.id, size: 10, price: 40_000, seq: 3, source: 'stockx-api', asOf: readAt, highestBid: 40_000, lowestAsk: 45_000, latestSales: [soldAt] });
    const one = (await stack.api.get(`/api/collections/${item.id}`, member.token)).body.data;
    // The size's one sale is 100 days old: a thin market.
    expect(one).toMatchObject({ currentValue: 21_000, valuation: { basis: 'last_sale', source: REPLAY, asOf: soldAt, stale: true, thin: true } });

    const page = (await stack.api.get('/api/collections?sortBy=value-high', member.token)).body.data;
    expect(page.items.map((i: { id: string; currentValue: number; valuation: { basis: string } }) => [i.id, i.currentValue, i.valuation.basis])).toEqual([
      [item.id, 21_000, 'last_sale'],
      [manual.id, 9_000, 'last_known'],
    ]);
    expect(page.items[1].valuation).toEqual({ basis: 'last_known', source: null, asOf: null, stale: false, thin: false });
    expect(page.stats.totalValue).toBe(30_000);

    // A fresh reading counts again.
    const fresh = ago(1);
    await prices({ sneakerId: s.id, size: 10, price: 38_000, seq: 4, source: 'stockx-api', asOf: fresh, highestBid: 38_000, lowestAsk: 45_000, latestSales: [soldAt] });
    expect((await stack.api.get('/api/collections/stats', member.token)).body.data.totalValue).toBe(47_000);
  });
});

describe('price alerts', () => {
  it('creates, lists and deletes alerts, with the price each watches and its side', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 25_000, '11': 21_000 });
    const sized = await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 20_000, size: 10 }, member.token);
    expect(sized.status).toBe(201);
    expect(sized.body.data).toMatchObject({ sneakerId: s.id, sneakerName: 'Yeezy Boost 350 V2', size: 10, targetPrice: 20_000, currentPrice: 25_000, side: 'above', triggerCount: 0 });
    const anySize = await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 22_000 }, member.token);
    expect(anySize.body.data).toMatchObject({ size: null, currentPrice: 21_000, side: 'below' });
    const list = await stack.api.get('/api/price-alerts', member.token);
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([anySize.body.data.id, sized.body.data.id]);
    expect((await stack.api.delete(`/api/price-alerts/${sized.body.data.id}`, undefined, member.token)).status).toBe(200);
    expect((await stack.api.get('/api/price-alerts', member.token)).body.data).toHaveLength(1);
    expect((await stack.api.delete(`/api/price-alerts/${sized.body.data.id}`, undefined, member.token)).status).toBe(404);
  });

  it('refuses bad alerts and unknown sneakers', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 25_000 });
    const post = (body: unknown) => stack.api.post('/api/price-alerts', body, member.token);
    expect((await post({ sneakerId: 'abc', targetPrice: 100 })).body.message).toBe('Invalid sneaker ID format');
    expect((await post({ sneakerId: s.id, targetPrice: 0 })).body.message).toContain('Invalid target price');
    expect((await post({ sneakerId: s.id })).body.message).toContain('Missing required fields');
    expect((await post({ sneakerId: s.id, targetPrice: 100, size: 30 })).body.message).toContain('Invalid size');
    expect((await post({ sneakerId: sneakerId(), targetPrice: 100 })).status).toBe(404);
  });

  it("answers 404 for another member's alert", async () => {
    const owner = await stack.member();
    const other = await stack.member();
    const s = sneaker({ '10': 25_000 });
    const alert = await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 20_000 }, owner.token);
    expect((await stack.api.delete(`/api/price-alerts/${alert.body.data.id}`, undefined, other.token)).status).toBe(404);
    expect((await stack.api.get('/api/price-alerts', other.token)).body.data).toEqual([]);
    expect((await stack.api.get('/api/price-alerts', owner.token)).body.data).toHaveLength(1);
  });

  it('fires alert.triggered once when the price crosses its target, and again only when it re-crosses', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 25_000 });
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 20_000, size: 10 }, member.token)).body.data;
    const fired = async () => (await outboxEvents(stack.pool, 'alert.triggered@1')).filter((e) => e.data.alertId === alert.id).map((e) => e.data);

    await prices({ sneakerId: s.id, size: 10, price: 19_000, seq: 2 });
    expect(await fired()).toEqual([{ userId: member.id, alertId: alert.id, sneakerId: s.id, size: 10, targetPrice: 20_000, price: 19_000, direction: 'below', sneakerName: 'Yeezy Boost 350 V2', notifyInApp: true }]);
    // Staying below, an out-of-order older price and a repeated event fire nothing.
    await prices({ sneakerId: s.id, size: 10, price: 18_000, seq: 3 }, { sneakerId: s.id, size: 10, price: 30_000, seq: 1 }, { sneakerId: s.id, size: 10, price: 18_500, seq: 3 });
    expect(await fired()).toHaveLength(1);
    // Another size of the sneaker is not what this alert watches.
    await prices({ sneakerId: s.id, size: 11, price: 50_000, seq: 2 });
    expect(await fired()).toHaveLength(1);
    await prices({ sneakerId: s.id, size: 10, price: 21_000, seq: 4 }, { sneakerId: s.id, size: 10, price: 22_000, seq: 5 });
    expect((await fired()).map((e) => [e.direction, e.price])).toEqual([
      ['below', 19_000],
      ['above', 21_000],
    ]);
    const listed = (await stack.api.get('/api/price-alerts', member.token)).body.data[0];
    expect(listed).toMatchObject({ triggerCount: 2, side: 'above', currentPrice: 22_000 });
    expect(listed.lastTriggeredAt).not.toBeNull();
  });

  it('watches the lowest price across sizes when the alert has no size', async () => {
    const member = await stack.member();
    const s = sneaker({ '9': 30_000, '10': 28_000 });
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 25_000 }, member.token)).body.data;
    await prices({ sneakerId: s.id, size: 9, price: 26_000, seq: 2 });
    expect((await outboxEvents(stack.pool, 'alert.triggered@1')).filter((e) => e.data.alertId === alert.id)).toHaveLength(0);
    await prices({ sneakerId: s.id, size: 11, price: 24_000, seq: 1 });
    const fired = (await outboxEvents(stack.pool, 'alert.triggered@1')).filter((e) => e.data.alertId === alert.id);
    expect(fired.map((e) => e.data)).toEqual([expect.objectContaining({ size: null, price: 24_000, direction: 'below' })]);
  });
});

describe('the watchlist', () => {
  it('adds, lists with current prices, refuses duplicates and deletes', async () => {
    const member = await stack.member();
    const s = sneaker({ '9': 30_000, '10': 28_000 });
    const added = await stack.api.post('/api/watchlist', { sneakerId: s.id }, member.token);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ sneakerId: s.id, name: 'Yeezy Boost 350 V2', brand: 'Adidas', retailPrice: 22_000, currentPrice: 28_000, averagePrice: 29_000 });
    const duplicate = await stack.api.post('/api/watchlist', { sneakerId: s.id }, member.token);
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'ALREADY_ON_WATCHLIST' } });
    await prices({ sneakerId: s.id, size: 10, price: 27_000, seq: 2 });
    const list = await stack.api.get('/api/watchlist', member.token);
    expect(list.body.data).toEqual([expect.objectContaining({ id: added.body.data.id, currentPrice: 27_000 })]);
    expect((await stack.api.post('/api/watchlist', { sneakerId: 'nope' }, member.token)).body.message).toBe('Invalid sneaker ID format');
    expect((await stack.api.post('/api/watchlist', {}, member.token)).body.message).toContain('Missing required fields');

    const other = await stack.member();
    expect((await stack.api.delete(`/api/watchlist/${added.body.data.id}`, undefined, other.token)).status).toBe(404);
    expect((await stack.api.delete(`/api/watchlist/${added.body.data.id}`, undefined, member.token)).status).toBe(200);
    expect((await stack.api.get('/api/watchlist', member.token)).body.data).toEqual([]);
  });

  it('announces watched sneakers and price alerts through the outbox, so the market of those sizes is read', async () => {
    const member = await stack.member();
    const s = sneaker({ '9': 30_000, '10': 28_000 });
    const entry = (await stack.api.post('/api/watchlist', { sneakerId: s.id }, member.token)).body.data;
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 20_000, size: 9 }, member.token)).body.data;
    await stack.api.delete(`/api/watchlist/${entry.id}`, undefined, member.token);
    await stack.api.delete(`/api/price-alerts/${alert.id}`, undefined, member.token);
    const mine = async (type: string) => (await outboxEvents(stack.pool, `${type}@1`)).filter((e) => e.key === member.id).map((e) => e.data);
    expect(await mine('watchlist.added')).toEqual([{ userId: member.id, entryId: entry.id, sneakerId: s.id }]);
    expect(await mine('watchlist.removed')).toEqual([{ userId: member.id, entryId: entry.id, sneakerId: s.id }]);
    expect(await mine('alert.created')).toEqual([{ userId: member.id, alertId: alert.id, sneakerId: s.id, size: 9 }]);
    expect(await mine('alert.removed')).toEqual([{ userId: member.id, alertId: alert.id, sneakerId: s.id, size: 9 }]);
  });
});

describe('the activity feed', () => {
  it("lists the member's newest 10 item, alert and watchlist events, newest first", async () => {
    const member = await stack.member({ plan: 'unlimited' });
    const s = sneaker({ '10': 25_000 });
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 20_000, size: 10 }, member.token)).body.data;
    await stack.api.post('/api/watchlist', { sneakerId: s.id }, member.token);
    await prices({ sneakerId: s.id, size: 10, price: 19_000, seq: 2 });
    let feed = (await stack.api.get('/api/dashboard/activity', member.token)).body.data.activities;
    expect(feed.map((a: { type: string }) => a.type)).toEqual(['alert_triggered', 'watchlist_added', 'alert_created']);
    expect(feed[0]).toMatchObject({ subjectId: alert.id, sneakerId: s.id, amount: 19_000, title: 'Yeezy Boost 350 V2 went down to $190' });

    const items = Array.from({ length: 12 }, (_, i) => ({ name: `Pair ${i}`, brand: 'Nike', purchasePrice: 100 }));
    const added = (await stack.api.post('/api/collections/items', { items }, member.token)).body.data.items;
    await stack.api.put(`/api/collections/${added[0].id}`, { notes: 'laces swapped' }, member.token);
    await stack.api.delete(`/api/collections/${added[1].id}?soldPrice=15000`, undefined, member.token);
    feed = (await stack.api.get('/api/dashboard/activity', member.token)).body.data.activities;
    expect(feed).toHaveLength(10);
    expect(feed.slice(0, 2).map((a: { type: string; title: string }) => [a.type, a.title])).toEqual([
      ['item_removed', 'Sold Pair 1'],
      ['item_updated', 'Updated Pair 0'],
    ]);
    expect((await stack.api.get('/api/dashboard/activity', (await stack.member()).token)).body.data.activities).toEqual([]);
  });
});

describe('what members care about, for catalog', () => {
  it('pages through held, watched and alerted sneakers in id order; sold and hand-added pairs are left out', async () => {
    const member = await stack.member({ plan: 'premium' });
    const s = sneaker({ '9': 30_000, '10': 28_000 });
    const held = (await stack.api.post('/api/collections', { sneakerId: s.id, size: 10, purchasePrice: 20_000 }, member.token)).body.data;
    const sold = (await stack.api.post('/api/collections', { sneakerId: s.id, size: 9, purchasePrice: 20_000 }, member.token)).body.data;
    expect((await stack.api.post(`/api/collections/${sold.id}/sale`, { soldAt: new Date().toISOString().slice(0, 10), platform: 'ebay', salePrice: 30_000, fees: 2_400 }, member.token)).status).toBe(201);
    await stack.api.post('/api/collections/items', { items: [{ name: 'Hand-made', brand: 'Nike', purchasePrice: 10_000 }] }, member.token);
    const watched = (await stack.api.post('/api/watchlist', { sneakerId: s.id }, member.token)).body.data;
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 25_000, size: 9 }, member.token)).body.data;

    const internal = createServiceClient({ service: 'collection', baseUrl: stack.service.internalUrl!, serviceToken: SERVICE_TOKEN });
    const all: MarketInterestPage['interests'] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: MarketInterestPage = await internal.get(`/internal/market-interest?limit=2${after ? `&after=${after}` : ''}`);
      expect(page.interests.length).toBeLessThanOrEqual(2);
      all.push(...page.interests);
      after = page.next;
      pages += 1;
    } while (after);
    const ids = all.map((i) => i.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBeGreaterThan(1);
    expect(all.filter((i) => i.userId === member.id).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { id: alert.id, userId: member.id, sneakerId: s.id, size: 9, kind: 'alerted' },
      { id: held.id, userId: member.id, sneakerId: s.id, size: 10, kind: 'owned' },
      { id: watched.id, userId: member.id, sneakerId: s.id, size: null, kind: 'watched' },
    ]);

    const badCursor = await fetch(`${stack.service.internalUrl}/internal/market-interest?after=nope`, { headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN } });
    expect(badCursor.status).toBe(400);
    expect(await badCursor.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('after must be an id') });
    expect((await fetch(`${stack.service.internalUrl}/internal/market-interest`)).status).toBe(401);
  });
});
