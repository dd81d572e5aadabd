import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelatedProduct } from '@kicksight/contracts';
import { createServiceClient, newEvent, systemClock } from '@kicksight/platform';
import { jsonClient, waitFor } from '@kicksight/testkit';
import { SERVICE_TOKEN, applied, sneakerId, startCollectionStack, type CollectionStack, type Member } from './collection-stack.ts';

const RUN_JOB = fileURLToPath(new URL('../../src/cli/run-job.ts', import.meta.url));

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack();
});
afterAll(() => stack?.close());

const related = (id: string, reason = 'Same brand'): RelatedProduct => ({
  id,
  name: `Related ${id.slice(0, 4)}`,
  brand: 'Nike',
  colorway: 'Default',
  imageUrl: null,
  currentPrice: 15_000,
  retailPrice: 10_000,
  lowestPrice: 14_000,
  highestPrice: 16_000,
  priceChange24h: 100,
  recommendationReason: reason,
  marketStatus: { label: 'Hype Beast', color: 'red', description: 'More than 50% above retail' },
});
const dunk = (sizes: Record<string, number> = { '10': 12_000 }) => stack.catalog.add({ id: sneakerId(), name: 'Dunk Low Panda', brand: 'Nike', colorway: 'White Black', retailPrice: 11_000, sizes });
const addCatalogued = async (member: Member, id: string, purchasePrice = 10_000) => (await stack.api.post('/api/collections', { sneakerId: id, size: 10, purchasePrice }, member.token)).body.data;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('preferences and onboarding', () => {
  it('answers the defaults, keeps changes, and refuses unknown or bad ones', async () => {
    const { token } = await stack.member();
    const initial = await stack.api.get('/api/user/preferences', token);
    expect(initial.body.data).toEqual({ defaultView: 'grid', defaultSort: 'date_added', priceAlertNotifications: true, interests: [], onboarding: { completed: false, completedAt: null, experience: null, goals: [] } });
    const changed = await stack.api.put('/api/user/preferences', { defaultView: 'list', defaultSort: 'value-high' }, token);
    expect(changed.body.data).toMatchObject({ defaultView: 'list', defaultSort: 'value-high' });
    expect((await stack.api.get('/api/user/preferences', token)).body.data.defaultView).toBe('list');
    expect((await stack.api.put('/api/user/preferences', { theme: 'dark' }, token)).body.message).toBe('Unknown preference: theme');
    expect((await stack.api.put('/api/user/preferences', { defaultView: 'carousel' }, token)).status).toBe(400);
  });

  it('completes onboarding with interests', async () => {
    const { token } = await stack.member();
    const done = await stack.api.post('/api/onboarding/complete', { interests: ['Nike', 'New Balance'], experience: 'collector', goals: ['track value'] }, token);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ interests: ['Nike', 'New Balance'], onboarding: { completed: true, experience: 'collector', goals: ['track value'] } });
    expect(done.body.data.onboarding.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await stack.api.get('/api/user/preferences', token)).body.data.onboarding.completed).toBe(true);
    expect((await stack.api.post('/api/onboarding/complete', { interests: 'Nike' }, token)).status).toBe(400);
  });
});

describe('advanced analytics', () => {
  it('is refused to trial and Premium members with PREMIUM_FEATURE', async () => {
    for (const plan of ['trial', 'premium'] as const) {
      const { token } = await stack.member({ plan });
      const refused = await stack.api.get('/api/analytics/user', token);
      expect(refused).toMatchObject({ status: 403, body: { code: 'PREMIUM_FEATURE' } });
      expect((await stack.api.get(`/api/analytics/collection/${crypto.randomUUID()}`, token)).body.code).toBe('PREMIUM_FEATURE');
    }
  });

  it('shows Unlimited members value by brand, best and worst performers, realised against unrealised', async () => {
    const member = await stack.member({ plan: 'unlimited' });
    const s = dunk({ '10': 20_000 });
    const gainer = await addCatalogued(member, s.id, 10_000);
    await stack.api.post('/api/collections/items', { items: [{ name: 'Loser', brand: 'Adidas', purchasePrice: 30_000 }, { name: 'Sold pair', brand: 'Puma', purchasePrice: 5_000 }] }, member.token);
    const sold = (await stack.api.get('/api/collections?brands=puma', member.token)).body.data.items[0];
    await stack.api.delete(`/api/collections/${sold.id}?soldPrice=8000`, undefined, member.token);
    const { status, body } = await stack.api.get('/api/analytics/user', member.token);
    expect(status).toBe(200);
    expect(body.data.totals).toMatchObject({ totalItems: 2, totalValue: 50_000, totalCost: 40_000 });
    expect(body.data.byBrand.map((b: { brand: string; share: number }) => [b.brand, b.share])).toEqual([
      ['Adidas', 60],
      ['Nike', 40],
    ]);
    expect(body.data.bestPerformers[0]).toMatchObject({ id: gainer.id, gainLoss: 10_000, gainLossPercent: 100 });
    expect(body.data.worstPerformers[0]).toMatchObject({ name: 'Loser', gainLossPercent: 0 });
    expect(body.data.realised).toEqual({ items: 1, proceeds: 8_000, cost: 5_000, gainLoss: 3_000, gainLossPercent: 60 });
    // A sale recorded in the ledger is realised too: its net proceeds against its cost basis.
    const ledgerSold = (await stack.api.post('/api/collections', { name: 'Ledger pair', brand: 'Vans', size: 10, purchasePrice: 10_000, purchaseShipping: 1_000, purchaseDate: '2026-01-02' }, member.token)).body.data;
    expect((await stack.api.post(`/api/collections/${ledgerSold.id}/sale`, { soldAt: today(), platform: 'other', salePrice: 15_000, fees: 500 }, member.token)).status).toBe(201);
    const after = (await stack.api.get('/api/analytics/user', member.token)).body.data;
    expect(after.realised).toEqual({ items: 2, proceeds: 8_000 + 14_500, cost: 5_000 + 11_000, gainLoss: 6_500, gainLossPercent: 40.63 });
    expect(body.data.unrealised).toEqual({ items: 2, value: 50_000, cost: 40_000, gainLoss: 10_000, gainLossPercent: 25 });
    expect(body.data.valueOverTime.at(-1)).toMatchObject({ date: today(), totalValue: 50_000 });

    const item = await stack.api.get(`/api/analytics/collection/${gainer.id}`, member.token);
    expect(item.body.data).toMatchObject({ item: { id: gainer.id }, shareOfCollection: 40, rankByGain: 1, brand: { brand: 'Nike', items: 1 }, valueOverTime: [{ date: '2026-11-20', value: 20_000, salesVolume: 3 }] });
    const other = await stack.member({ plan: 'unlimited' });
    expect((await stack.api.get(`/api/analytics/collection/${gainer.id}`, other.token)).status).toBe(404);
  });

  it('is open to admins', async () => {
    const admin = await stack.member({ plan: 'trial', role: 'admin' });
    expect((await stack.api.get('/api/analytics/user', admin.token)).status).toBe(200);
  });
});

describe('portfolio history and valuations', () => {
  it('stores daily valuations with the job for a given day, and answers the history and the digest valuation', async () => {
    const member = await stack.member({ plan: 'premium' });
    await stack.api.post('/api/collections/items', { items: [{ name: 'A', brand: 'Nike', purchasePrice: 10_000 }, { name: 'B', brand: 'Nike', purchasePrice: 30_000 }] }, member.token);
    // Valuations of days before this member had items are not taken (they held nothing by then).
    const job = await promisify(execFile)(process.execPath, [RUN_JOB, 'snapshot-valuations', '--day', daysAgo(3)], {
      env: { PATH: process.env.PATH, NODE_OPTIONS: process.env.NODE_OPTIONS, SERVICE_TOKEN, DATABASE_URL: stack.config.DATABASE_URL, LOG_LEVEL: 'warn' },
    });
    expect(job.stdout).toContain(`valued for ${daysAgo(3)}`);
    // An earlier day's valuation, as the job would have stored it then.
    await stack.pool.query(`INSERT INTO valuation_snapshot (user_id, day, total_value, total_cost, item_count, taken_at) VALUES ($1, $2, 32000, 40000, 2, now())`, [member.id, daysAgo(1)]);
    await stack.pool.query(`INSERT INTO valuation_snapshot (user_id, day, total_value, total_cost, item_count, taken_at) VALUES ($1, $2, 30000, 40000, 2, now())`, [member.id, daysAgo(40)]);

    const history = await stack.api.get('/api/dashboard/portfolio-history', member.token);
    expect(history.status).toBe(200);
    expect(history.body.data).toMatchObject({ range: '30d', current: { date: today(), totalValue: 40_000, totalCost: 40_000, itemCount: 2 }, change: 8_000, changePercent: 25 });
    expect(history.body.data.points.map((p: { date: string }) => p.date)).toEqual([daysAgo(1), today()]);
    expect((await stack.api.get('/api/dashboard/portfolio-history?range=90d', member.token)).body.data.points).toHaveLength(3);
    expect((await stack.api.get('/api/dashboard/portfolio-history?range=2w', member.token)).status).toBe(400);

    const internal = createServiceClient({ service: 'collection', baseUrl: stack.service.internalUrl!, serviceToken: SERVICE_TOKEN });
    const valuation = await internal.get<Record<string, unknown>>(`/internal/users/${member.id}/valuation?days=1`);
    expect(valuation).toMatchObject({ userId: member.id, itemCount: 2, totalValue: 40_000, totalCost: 40_000, previous: { date: daysAgo(1), totalValue: 32_000 }, change: 8_000, changePercent: 25 });
    const none = await internal.get<Record<string, unknown>>(`/internal/users/${member.id}/valuation?days=7`);
    expect(none).toMatchObject({ previous: null, change: null });
    const refused = await fetch(`${stack.service.internalUrl}/internal/users/${member.id}/valuation`);
    expect(refused.status).toBe(401);
  });

  it('takes every member’s valuation for today with the job', async () => {
    const member = await stack.member();
    await stack.api.post('/api/collections', { name: 'A', brand: 'Nike', purchasePrice: 12_345 }, member.token);
    await promisify(execFile)(process.execPath, [RUN_JOB, 'snapshot-valuations'], { env: { PATH: process.env.PATH, NODE_OPTIONS: process.env.NODE_OPTIONS, SERVICE_TOKEN, DATABASE_URL: stack.config.DATABASE_URL } });
    const { rows } = await stack.pool.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, total_value FROM valuation_snapshot WHERE user_id = $1`, [member.id]);
    expect(rows).toEqual([{ day: today(), total_value: 12_345 }]);
  });
});

describe('dedupe rows of consumed events', () => {
  it('are forgotten by the purge job once older than their retention', async () => {
    const [old, recent] = [crypto.randomUUID(), crypto.randomUUID()];
    await stack.pool.query(`INSERT INTO processed_event (consumer, event_id, processed_at) VALUES ('collection-market', $1, now() - interval '20 days'), ('collection-market', $2, now() - interval '1 day')`, [old, recent]);
    const job = await promisify(execFile)(process.execPath, [RUN_JOB, 'purge-processed-events'], { env: { PATH: process.env.PATH, NODE_OPTIONS: process.env.NODE_OPTIONS, SERVICE_TOKEN, DATABASE_URL: stack.config.DATABASE_URL } });
    expect(job.stdout).toMatch(/purge-processed-events: \d+ dedupe row/);
    expect(await applied(stack.pool, old)).toBe(false);
    expect(await applied(stack.pool, recent)).toBe(true);
  });
});

describe('related products', () => {
  it("lists an item's related sneakers without those the member owns", async () => {
    const member = await stack.member({ plan: 'premium' });
    const [a, b] = [dunk(), dunk()];
    const item = await addCatalogued(member, a.id);
    await addCatalogued(member, b.id);
    stack.catalog.setRelated(a.id, [related(b.id), related(sneakerId()), related(sneakerId())]);
    const answer = await stack.api.get(`/api/collections/${item.id}/related?limit=12`, member.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.products).toHaveLength(2);
    expect(answer.body.data.products.map((p: { id: string }) => p.id)).not.toContain(b.id);
    const withOwned = await stack.api.get(`/api/collections/${item.id}/related?excludeOwned=false`, member.token);
    expect(withOwned.body.data.products).toHaveLength(3);
    expect((await stack.api.get(`/api/collections/${item.id}/related?strategy=popular`, member.token)).status).toBe(400);
  });

  it('recommends from the collection, serves them from the cache while fresh, and regenerates on demand', async () => {
    const member = await stack.member({ plan: 'premium' });
    const s = dunk();
    await addCatalogued(member, s.id);
    const first = related(sneakerId());
    stack.catalog.setRelated(s.id, [first]);
    const relatedCalls = () => stack.catalog.calls.filter((c) => c.path === `/api/sneakers/${s.id}/related`).length;
    const answer = await stack.api.get('/api/collections/related/recommendations', member.token);
    expect(answer.body.data).toMatchObject({ strategy: 'mixed', products: [{ id: first.id }] });
    const calls = relatedCalls();
    stack.catalog.setRelated(s.id, [related(sneakerId())]);
    expect((await stack.api.get('/api/collections/related/recommendations', member.token)).body.data.products[0].id).toBe(first.id);
    expect(relatedCalls()).toBe(calls);
    const regenerated = await stack.api.post('/api/collections/related/generate', {}, member.token);
    expect(regenerated.body.data.products[0].id).not.toBe(first.id);

    const behaviour = await stack.api.get('/api/collections/related/recommendations?strategy=user-behavior', member.token);
    expect(behaviour.body.data.products[0].recommendationReason).toMatch(/^Because you collect Nike/);
  });

  it('follows the collection at once: the first pair added replaces trending, a later pair leads, a removal drops its seed', async () => {
    const member = await stack.member({ plan: 'premium' });
    const trendy = related(sneakerId());
    stack.catalog.setTrending([trendy]);
    const ids = async () => ((await stack.api.get('/api/collections/related/recommendations', member.token)).body.data.products as { id: string }[]).map((p) => p.id);
    expect(await ids()).toEqual([trendy.id]);

    const [a, b] = [dunk(), dunk()];
    const [fromA, fromB] = [related(sneakerId()), related(sneakerId())];
    stack.catalog.setRelated(a.id, [fromA]);
    stack.catalog.setRelated(b.id, [fromB]);
    await addCatalogued(member, a.id);
    expect(await ids()).toEqual([fromA.id]);
    const second = await addCatalogued(member, b.id);
    expect(await ids()).toEqual([fromB.id, fromA.id]);
    await stack.api.delete(`/api/collections/${second.id}`, undefined, member.token);
    expect(await ids()).toEqual([fromA.id]);
  });

  it('keeps serving recommendations for an hour when the catalogue cannot answer', async () => {
    const member = await stack.member();
    const s = dunk();
    await addCatalogued(member, s.id);
    stack.catalog.setRelated(s.id, [related(sneakerId())]);
    const fresh = await stack.api.get('/api/collections/related/recommendations?limit=5', member.token);
    stack.service.clock.advance(31 * 60_000);
    stack.catalog.setFailing(true);
    try {
      const kept = await stack.api.get('/api/collections/related/recommendations?limit=5', member.token);
      expect(kept.status).toBe(200);
      expect(kept.body.data.products).toEqual(fresh.body.data.products);
      expect((await stack.api.get('/api/collections/related/recommendations?limit=6', member.token)).status).toBe(503);
    } finally {
      stack.catalog.setFailing(false);
    }
  });

  it('lists trending sneakers without those owned, and falls back to them for an empty collection', async () => {
    const member = await stack.member();
    const owned = dunk();
    await addCatalogued(member, owned.id);
    const other = related(sneakerId());
    stack.catalog.setTrending([related(owned.id), other]);
    const trending = await stack.api.get('/api/collections/related/trending?limit=5&timeframe=7d', member.token);
    expect(trending.body.data.products.map((p: { id: string }) => p.id)).toEqual([other.id]);
    expect(trending.body.data.products[0].recommendationReason).toBe('Trending this week');
    expect(stack.catalog.calls.at(-1)?.query).toMatchObject({ exclude: owned.id, timeframe: '7d', limit: '5' });
    const newcomer = await stack.member();
    expect((await stack.api.get('/api/collections/related/recommendations', newcomer.token)).body.data.products).toHaveLength(2);
  });
});

describe('CSV export and import', () => {
  it('exports the collection with the documented columns and imports it back into another collection', async () => {
    const member = await stack.member({ plan: 'premium' });
    const s = dunk({ '10': 13_000 });
    await addCatalogued(member, s.id, 9_950);
    await stack.api.post(
      '/api/collections',
      { name: 'Samba, "OG"', brand: 'Adidas', purchasePrice: 12_000, purchaseShipping: 1_500, purchaseTax: 1_234, purchasedFrom: 'Local shop', sku: 'B75806', size: 9.5, condition: 'used', notes: 'two\nlines' },
      member.token,
    );
    const exported = await stack.send('GET', '/api/collections/export', member.token);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const text = await exported.text();
    const [header, first] = text.split('\r\n');
    expect(header).toBe('sneakerId,name,brand,colorway,size,condition,purchasePriceUsd,purchaseDate,purchaseShippingUsd,purchaseTaxUsd,purchasedFrom,sku,notes,imageUrl,currentValueUsd,gainLossUsd,gainLossPercent,addedAt');
    expect(first).toContain(`${s.id},Dunk Low Panda,Nike,White Black,10,new,99.50,`);

    const copy = await stack.member({ plan: 'premium' });
    const imported = await stack.send('POST', '/api/collections/import', copy.token, text, { 'content-type': 'text/csv' });
    expect(imported.status).toBe(201);
    const { data } = (await imported.json()) as { data: { imported: number; items: { name: string; purchasePrice: number; currentValue: number; notes: string; size: number }[] } };
    expect(data.imported).toBe(2);
    expect(data.items.map((i) => [i.name, i.purchasePrice, i.currentValue, i.size])).toEqual([
      ['Dunk Low Panda', 9_950, 13_000, 10],
      ['Samba, "OG"', 12_000, 12_000, 9.5],
    ]);
    expect(data.items[1]!.notes).toBe('two\nlines');
    // The cost basis beyond the price comes back too: a sale of the copy gains what the original's would.
    expect(data.items[1]).toMatchObject({ purchaseShipping: 1_500, purchaseTax: 1_234, purchasedFrom: 'Local shop', sku: 'B75806' });
  });

  it('refuses a file or a JSON import holding a NUL, naming where, and imports nothing', async () => {
    const member = await stack.member({ plan: 'premium' });
    const csv = 'name,brand,size,purchasePriceUsd,condition\nGood,Nike,10,100,new\nBad\u0000,Nike,10,100,new\n';
    const file = await stack.send('POST', '/api/collections/import', member.token, csv, { 'content-type': 'text/csv' });
    expect(file.status).toBe(400);
    expect(await file.json()).toEqual({ message: 'file contains a character that is not allowed', code: 'VALIDATION_ERROR' });
    const json = await stack.api.post('/api/collections/import', { csv }, member.token);
    expect(json).toMatchObject({ status: 400, body: { message: 'csv contains a character that is not allowed', code: 'VALIDATION_ERROR' } });
    const notes = await stack.api.post('/api/collections', { name: 'Samba', brand: 'Adidas', purchasePrice: 12_000, size: 9.5, condition: 'used', notes: 'lone \ud800' }, member.token);
    expect(notes).toMatchObject({ status: 400, body: { message: 'notes contains a character that is not allowed' } });
    // Asked of the service itself: the BFF refuses a deleted account's tokens from then on.
    expect((await jsonClient(stack.service.url).get('/api/collections', member.token)).body.data.total).toBe(0);
  });

  it('reports every bad line with its number and reason, and imports nothing', async () => {
    const member = await stack.member();
    const csv = ['name,brand,size,purchasePriceUsd,condition', 'Good,Nike,10,100,new', 'Too big,Nike,30,100,new', ',Nike,10,100,new', 'Odd,Nike,10,12.345,new'].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'collection.csv');
    const refused = await stack.send('POST', '/api/collections/import', member.token, form);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { code: string; message: string; errors: { line: number; reason: string }[] };
    expect(body.code).toBe('INVALID_IMPORT');
    expect(body.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(body.errors[0]!.reason).toMatch(/^Invalid size/);
    expect(body.errors[1]!.reason).toMatch(/^Missing required fields/);
    expect(body.errors[2]!.reason).toMatch(/^Invalid purchase price/);
    expect(body.message).toMatch(/^3 lines could not be imported/);
    // Asked of the service itself: the BFF refuses a deleted account's tokens from then on.
    expect((await jsonClient(stack.service.url).get('/api/collections', member.token)).body.data.total).toBe(0);

    const unknown = await stack.api.post('/api/collections/import', { csv: `sneakerId,name,brand,size,purchasePriceUsd\n${sneakerId()},Ghost,Nike,10,100\n` }, member.token);
    expect(unknown).toMatchObject({ status: 400, body: { code: 'INVALID_IMPORT', errors: [{ line: 2, reason: expect.stringContaining('not in the catalogue') }] } });
  });

  it('refuses an import past the collection limit, as a whole', async () => {
    const member = await stack.member({ plan: 'trial' });
    const csv = ['name,brand,size,purchasePriceUsd', ...Array.from({ length: 6 }, (_, i) => `Pair ${i},Nike,10,50`)].join('\n');
    const refused = await stack.api.post('/api/collections/import', { csv }, member.token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'COLLECTION_LIMIT' } });
    // Asked of the service itself: the BFF refuses a deleted account's tokens from then on.
    expect((await jsonClient(stack.service.url).get('/api/collections', member.token)).body.data.total).toBe(0);
  });
});

describe('every call', () => {
  it('needs a token at the edge', async () => {
    const id = crypto.randomUUID();
    const calls: [string, string][] = [
      ['GET', '/api/collections'],
      ['POST', '/api/collections'],
      ['GET', '/api/collections/stats'],
      ['POST', '/api/collections/items'],
      ['GET', '/api/collections/export'],
      ['POST', '/api/collections/import'],
      ['GET', `/api/collections/${id}`],
      ['PUT', `/api/collections/${id}`],
      ['DELETE', `/api/collections/${id}`],
      ['GET', `/api/collections/${id}/related`],
      ['GET', `/api/collections/${id}/photos`],
      ['POST', `/api/collections/${id}/photos`],
      ['GET', `/api/collections/${id}/photos/${id}`],
      ['DELETE', `/api/collections/${id}/photos/${id}`],
      ['GET', '/api/collections/related/recommendations'],
      ['POST', '/api/collections/related/generate'],
      ['GET', '/api/collections/related/trending'],
      ['GET', '/api/price-alerts'],
      ['POST', '/api/price-alerts'],
      ['PATCH', `/api/price-alerts/${id}`],
      ['DELETE', `/api/price-alerts/${id}`],
      ['GET', '/api/watchlist'],
      ['POST', '/api/watchlist'],
      ['DELETE', `/api/watchlist/${id}`],
      ['GET', '/api/user/preferences'],
      ['PUT', '/api/user/preferences'],
      ['POST', '/api/onboarding/complete'],
      ['GET', '/api/analytics/user'],
      ['GET', `/api/analytics/collection/${id}`],
      ['GET', '/api/dashboard/portfolio-history'],
      ['GET', '/api/dashboard/activity'],
    ];
    for (const [method, path] of calls) expect((await stack.api.call(method, path)).status, `${method} ${path}`).toBe(401);
  });

  it('refuses bad queries and bodies of the related calls', async () => {
    const { token } = await stack.member();
    expect((await stack.api.post('/api/collections/related/generate', { strategy: 'random' }, token)).body.message).toMatch(/^strategy must be one of/);
    expect((await stack.api.get('/api/collections/related/trending?timeframe=1y', token)).body.message).toBe('timeframe must be 24h, 7d or 30d');
    expect((await stack.api.get('/api/collections/related/recommendations?limit=500', token)).status).toBe(400);
  });
});

describe('account deletion', () => {
  it("erases every item, photo, alert, watchlist entry, activity, valuation and preference of a deleted member's account", async () => {
    const member = await stack.member({ plan: 'premium' });
    const keeper = await stack.member();
    const s = dunk();
    const item = await addCatalogued(member, s.id);
    const form = new FormData();
    form.append('photo', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0])], { type: 'image/jpeg' }), 'p.jpg');
    await stack.send('POST', `/api/collections/${item.id}/photos`, member.token, form);
    await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 5_000 }, member.token);
    await stack.api.post('/api/watchlist', { sneakerId: s.id }, member.token);
    await stack.api.put('/api/user/preferences', { defaultView: 'list' }, member.token);
    await stack.pool.query(`INSERT INTO valuation_snapshot (user_id, day, total_value, total_cost, item_count, taken_at) VALUES ($1, $2, 1, 1, 1, now())`, [member.id, daysAgo(1)]);
    await stack.api.post('/api/collections', { name: 'Kept', brand: 'Nike', purchasePrice: 100 }, keeper.token);

    const envelope = newEvent('user.deleted@1', { userId: member.id }, { clock: systemClock });
    await stack.producer.send([{ key: member.id, envelope }]);
    await waitFor(() => applied(stack.pool, envelope.id), { message: 'user.deleted applied' });

    for (const table of ['item', 'photo', 'removed_item', 'price_alert', 'watchlist_entry', 'activity', 'valuation_snapshot', 'collector']) {
      const { rowCount } = await stack.pool.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [member.id]);
      expect(rowCount, table).toBe(0);
    }
    // Asked of the service itself: the BFF refuses a deleted account's tokens from then on.
    expect((await jsonClient(stack.service.url).get('/api/collections', member.token)).body.data.total).toBe(0);
    expect((await stack.api.get('/api/collections', keeper.token)).body.data.total).toBe(1);
  });
});
