import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTopic, waitFor } from '@kicksight/testkit';
import { topicName } from '@kicksight/platform';
import { applied, outboxEvents, sneakerId, startCollectionStack, type CollectionStack } from './collection-stack.ts';

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack();
});
afterAll(() => stack?.close());

/** A catalogue sneaker with prices for sizes 9, 10 and 11 (average 20,000). */
function jordan(prices: Record<string, number> = { '9': 18_000, '10': 20_000, '11': 22_000 }) {
  return stack.catalog.add({ id: sneakerId(), name: 'Air Jordan 1 Retro High OG', brand: 'Jordan', colorway: 'Chicago', retailPrice: 17_000, sizes: prices });
}

describe('adding items', () => {
  it('adds a catalogue sneaker with its name, brand, picture and the size’s market price from the catalogue', async () => {
    const { token } = await stack.member();
    const sneaker = jordan();
    const { status, body } = await stack.api.post('/api/collections', { sneakerId: sneaker.id, size: 10, purchasePrice: 15_000, purchaseDate: '2026-01-15', condition: 'new', colorway: 'Default' }, token);
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      sneakerId: sneaker.id,
      name: 'Air Jordan 1 Retro High OG',
      brand: 'Jordan',
      colorway: 'Chicago',
      size: 10,
      imageUrl: `https://img.example/${sneaker.id}.jpg`,
      purchasePrice: 15_000,
      purchaseDate: '2026-01-15',
      condition: 'new',
      currentValue: 20_000,
      currentPrice: 20_000,
      gainLoss: 5_000,
      gainLossPercent: 33.33,
      sneaker: { id: sneaker.id, name: 'Air Jordan 1 Retro High OG', brand: 'Jordan', retailPrice: 17_000, size: 10 },
    });
  });

  it("takes the sneaker's facts from the catalogue's prices when they are there, without asking for its (metered) page", async () => {
    const { token } = await stack.member();
    const sneaker = stack.catalog.add({ id: sneakerId(), name: 'Gel-Lyte III', brand: 'Asics', colorway: 'Grey', retailPrice: 13_000, sizes: { '9': 15_000 }, factsWithPrices: true });
    const { body } = await stack.api.post('/api/collections', { sneakerId: sneaker.id, size: 9, purchasePrice: 12_000 }, token);
    expect(body.data).toMatchObject({ name: 'Gel-Lyte III', brand: 'Asics', colorway: 'Grey', imageUrl: null, currentValue: 15_000 });
    expect(stack.catalog.calls.filter((c) => c.path === `/api/sneakers/${sneaker.id}`)).toHaveLength(0);
  });

  it('adds an item by hand with name and brand, and the spec’s defaults', async () => {
    const { token } = await stack.member();
    const { status, body } = await stack.api.post('/api/collections', { name: 'Custom Dunk', brand: 'Nike', purchasePrice: 9_900 }, token);
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ sneakerId: null, name: 'Custom Dunk', brand: 'Nike', colorway: 'Default', size: 10, condition: 'new', currentValue: 9_900, gainLoss: 0, gainLossPercent: 0 });
    expect(body.data.purchaseDate).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses bad input with the messages the web app maps', async () => {
    const { token } = await stack.member();
    const sneaker = jordan();
    const refused = async (body: unknown) => {
      const answer = await stack.api.post('/api/collections', body, token);
      expect(answer.status).toBe(400);
      return answer.body.message as string;
    };
    expect(await refused({ sneakerId: 'not-an-id', size: 10, purchasePrice: 100 })).toContain('Invalid sneaker ID format');
    expect(await refused({ sneakerId: sneaker.id, size: 25, purchasePrice: 100 })).toContain('Invalid size');
    expect(await refused({ sneakerId: sneaker.id, size: 10.25, purchasePrice: 100 })).toContain('Invalid size');
    expect(await refused({ sneakerId: sneaker.id, size: 10, purchasePrice: -1 })).toContain('Invalid purchase price');
    expect(await refused({ sneakerId: sneaker.id, size: 10, purchasePrice: 'cheap' })).toContain('Invalid purchase price');
    expect(await refused({ sneakerId: sneaker.id, size: 10 })).toContain('Missing required fields');
    expect(await refused({ name: 'No brand', purchasePrice: 100 })).toContain('Missing required fields');
    expect(await refused({ name: 'Dunk', brand: 'Nike', purchasePrice: 100, condition: 'destroyed' })).toContain('Invalid condition');
    expect(await refused({ name: 'Dunk', brand: 'Nike', purchasePrice: 100, purchaseDate: '2099-01-01' })).toContain('Invalid purchase date');
    expect(await refused({ name: 'Dunk', brand: 'Nike', purchasePrice: 100, purchaseDate: '1800-01-01' })).toBe('Invalid purchase date: use YYYY-MM-DD; it cannot be before 1900-01-01');
  });

  it('tells a price above $1,000,000 the highest price accepted, on add, edit and alert', async () => {
    const { token } = await stack.member();
    const sneaker = jordan();
    const added = await stack.api.post('/api/collections', { name: 'Dunk', brand: 'Nike', purchasePrice: 1e11 }, token);
    expect([added.status, added.body.message]).toEqual([400, 'Invalid purchase price: the highest price accepted is $1,000,000']);
    const item = (await stack.api.post('/api/collections', { name: 'Dunk', brand: 'Nike', purchasePrice: 100_000_000 }, token)).body.data;
    const edited = await stack.api.put(`/api/collections/${item.id}`, { purchasePrice: 100_000_001 }, token);
    expect([edited.status, edited.body.message]).toEqual([400, 'Invalid purchase price: the highest price accepted is $1,000,000']);
    const alert = await stack.api.post('/api/price-alerts', { sneakerId: sneaker.id, targetPrice: 1e11 }, token);
    expect([alert.status, alert.body.message]).toEqual([400, 'Invalid target price: the highest price accepted is $1,000,000']);
  });

  it('answers 404 for a sneaker the catalogue does not know, and adds nothing', async () => {
    const { token } = await stack.member();
    const { status, body } = await stack.api.post('/api/collections', { sneakerId: sneakerId(), size: 10, purchasePrice: 100 }, token);
    expect(status).toBe(404);
    expect(body.message).toBe('Sneaker not found');
    expect((await stack.api.get('/api/collections', token)).body.data.total).toBe(0);
  });

  it('accepts a purchase price of 0 on add and shows the whole value as gain at 0 percent', async () => {
    const { token } = await stack.member();
    const sneaker = jordan();
    const { body } = await stack.api.post('/api/collections', { sneakerId: sneaker.id, size: 11, purchasePrice: 0 }, token);
    expect(body.data).toMatchObject({ purchasePrice: 0, currentValue: 22_000, gainLoss: 22_000, gainLossPercent: 0 });
    const stats = await stack.api.get('/api/collections/stats', token);
    expect(stats.body.data).toEqual({ totalValue: 22_000, totalCost: 0, totalGainLoss: 22_000, gainLossPercent: 0, totalItems: 1, averageValue: 22_000 });
  });

  it('adds several items at once, or none when one is bad', async () => {
    const { token } = await stack.member({ plan: 'premium' });
    const sneaker = jordan();
    const bad = await stack.api.post('/api/collections/items', { items: [{ name: 'A', brand: 'Nike', purchasePrice: 100 }, { sneakerId: sneaker.id, size: 99, purchasePrice: 100 }] }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Item 2: Invalid size/);
    expect((await stack.api.get('/api/collections', token)).body.data.total).toBe(0);

    const good = await stack.api.post('/api/collections/items', { items: [{ name: 'A', brand: 'Nike', purchasePrice: 100 }, { sneakerId: sneaker.id, size: 9, purchasePrice: 10_000 }] }, token);
    expect(good.status).toBe(201);
    expect(good.body.data.items.map((i: { name: string; currentValue: number }) => [i.name, i.currentValue])).toEqual([
      ['A', 100],
      ['Air Jordan 1 Retro High OG', 18_000],
    ]);
    expect((await stack.api.post('/api/collections/items', { items: [] }, token)).body.message).toContain('Missing required fields');
  });

  it('answers a retried create with the first answer (Idempotency-Key), adding once', async () => {
    const { token } = await stack.member();
    const headers = { 'idempotency-key': `add-${Date.now()}` };
    const first = await stack.api.call('POST', '/api/collections', { token, body: { name: 'Samba', brand: 'Adidas', purchasePrice: 10_000 }, headers });
    const again = await stack.api.call('POST', '/api/collections', { token, body: { name: 'Samba', brand: 'Adidas', purchasePrice: 10_000 }, headers });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await stack.api.get('/api/collections', token)).body.data.total).toBe(1);
  });

  it('publishes item_added, item_updated and item_removed through the outbox with the item count', async () => {
    const member = await stack.member();
    const first = await stack.api.post('/api/collections', { name: 'One', brand: 'Nike', purchasePrice: 100 }, member.token);
    await stack.api.post('/api/collections', { name: 'Two', brand: 'Nike', purchasePrice: 100 }, member.token);
    await stack.api.put(`/api/collections/${first.body.data.id}`, { size: 11 }, member.token);
    await stack.api.delete(`/api/collections/${first.body.data.id}`, undefined, member.token);
    const messages = await readTopic(stack.kafka, topicName(stack.service.prefix, 'collection'), {
      until: (all) => all.filter((m) => m.key === member.id).length >= 4,
    });
    const mine = messages.filter((m) => m.key === member.id).map((m) => JSON.parse(m.value) as { type: string; data: Record<string, unknown> });
    expect(mine.map((e) => [e.type, e.data.itemCount])).toEqual([
      ['collection.item_added', 1],
      ['collection.item_added', 2],
      ['collection.item_updated', 2],
      ['collection.item_removed', 1],
    ]);
    expect(mine[0]!.data).toMatchObject({ userId: member.id, itemId: first.body.data.id, sneakerId: 'manual', size: 10 });
    expect(mine[2]!.data.size).toBe(11);
  });
});

describe('reading the collection', () => {
  it('pages by 20 with stats of the whole collection, newest added first by default', async () => {
    const { token } = await stack.member({ plan: 'unlimited' });
    const items = Array.from({ length: 23 }, (_, i) => ({ name: `Pair ${String(i + 1).padStart(2, '0')}`, brand: i % 2 ? 'Nike' : 'New Balance', purchasePrice: 1_000 * (i + 1) }));
    expect((await stack.api.post('/api/collections/items', { items }, token)).status).toBe(201);
    const first = await stack.api.get('/api/collections', token);
    expect(first.body.data).toMatchObject({ page: 1, totalPages: 2, total: 23, hasNextPage: true, hasPreviousPage: false });
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.items[0].name).toBe('Pair 23');
    expect(first.body.data.stats).toMatchObject({ totalItems: 23, totalCost: 276_000, totalValue: 276_000, totalGainLoss: 0, averageValue: 12_000 });
    const second = await stack.api.get('/api/collections?page=2', token);
    expect(second.body.data).toMatchObject({ page: 2, hasNextPage: false, hasPreviousPage: true });
    expect(second.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Pair 03', 'Pair 02', 'Pair 01']);
  });

  it('filters by brand keys (newbalance) and sorts by value, gain and dates', async () => {
    const { token } = await stack.member({ plan: 'premium' });
    const sneaker = jordan({ '10': 30_000, '11': 12_000 });
    await stack.api.post('/api/collections/items', {
      items: [
        { name: '990v6', brand: 'New Balance', purchasePrice: 20_000, purchaseDate: '2025-03-01' },
        { sneakerId: sneaker.id, size: 10, purchasePrice: 10_000, purchaseDate: '2024-05-01' },
        { sneakerId: sneaker.id, size: 11, purchasePrice: 15_000, purchaseDate: '2025-09-01' },
      ],
    }, token);
    const names = async (query: string) => (await stack.api.get(`/api/collections?${query}`, token)).body.data.items.map((i: { name: string; size: number }) => `${i.name}/${i.size}`);
    const jordan10 = 'Air Jordan 1 Retro High OG/10';
    const jordan11 = 'Air Jordan 1 Retro High OG/11';
    expect(await names('brands=newbalance')).toEqual(['990v6/10']);
    expect(await names('brands=all')).toHaveLength(3);
    expect(await names('brands=jordan,newbalance&sortBy=value-high')).toEqual([jordan10, '990v6/10', jordan11]);
    expect(await names('sortBy=value-low')).toEqual([jordan11, '990v6/10', jordan10]);
    expect(await names('sortBy=gain-high')).toEqual([jordan10, '990v6/10', jordan11]);
    expect(await names('sortBy=gain-low')).toEqual([jordan11, '990v6/10', jordan10]);
    expect(await names('sortBy=newest')).toEqual([jordan11, '990v6/10', jordan10]);
    expect(await names('sortBy=oldest')).toEqual([jordan10, '990v6/10', jordan11]);
    expect(await names('sortBy=date_added&sortOrder=asc')).toEqual(['990v6/10', jordan10, jordan11]);
    const filtered = await stack.api.get('/api/collections?brands=newbalance', token);
    expect(filtered.body.data.total).toBe(1);
    expect(filtered.body.data.stats.totalItems).toBe(3);
    expect((await stack.api.get('/api/collections?sortBy=cheapest', token)).status).toBe(400);
  });

  it('answers an empty collection with zero stats', async () => {
    const { token } = await stack.member();
    const { body } = await stack.api.get('/api/collections', token);
    expect(body.data).toMatchObject({ items: [], total: 0, totalPages: 0, page: 1, hasNextPage: false, hasPreviousPage: false, stats: { totalValue: 0, totalItems: 0, gainLossPercent: 0 } });
  });

  it('reads one item with its photos', async () => {
    const { token } = await stack.member();
    const added = await stack.api.post('/api/collections', { name: 'Gel-Kayano', brand: 'Asics', purchasePrice: 15_000 }, token);
    const { status, body } = await stack.api.get(`/api/collections/${added.body.data.id}`, token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: added.body.data.id, name: 'Gel-Kayano', photos: [], photoCount: 0 });
  });

  it('needs a token', async () => {
    expect((await stack.api.get('/api/collections')).status).toBe(401);
  });
});

describe('changing and removing items', () => {
  it('re-prices an item at once when its size changes: that size, else the average, else the last value', async () => {
    const { token } = await stack.member();
    const sneaker = jordan({ '9': 18_000, '10': 20_000, '11': 22_000 });
    const added = await stack.api.post('/api/collections', { sneakerId: sneaker.id, size: 10, purchasePrice: 15_000 }, token);
    const id = added.body.data.id;
    const edit = (body: unknown) => stack.api.put(`/api/collections/${id}`, body, token);

    expect((await edit({ size: 11 })).body.data).toMatchObject({ size: 11, currentValue: 22_000, gainLoss: 7_000 });
    // A size the sneaker lacks is priced from its average.
    expect((await edit({ size: 14 })).body.data).toMatchObject({ size: 14, currentValue: 20_000 });

    // A hand-added item has no market: a new size keeps its last known value.
    const manual = await stack.api.post('/api/collections', { name: 'Sample', brand: 'Nike', purchasePrice: 30_000 }, token);
    const moved = await stack.api.put(`/api/collections/${manual.body.data.id}`, { size: 12, purchasePrice: 25_000, condition: 'near_mint', notes: 'worn once' }, token);
    expect(moved.body.data).toMatchObject({ size: 12, currentValue: 30_000, purchasePrice: 25_000, gainLoss: 5_000, condition: 'near_mint', notes: 'worn once' });
  });

  it('refuses a purchase price of 0 or less on edit, and other bad edits', async () => {
    const { token } = await stack.member();
    const added = await stack.api.post('/api/collections', { name: 'Sample', brand: 'Nike', purchasePrice: 100 }, token);
    const edit = (body: unknown) => stack.api.put(`/api/collections/${added.body.data.id}`, body, token);
    const zero = await edit({ purchasePrice: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('Invalid purchase price');
    expect((await edit({ size: 2 })).body.message).toContain('Invalid size');
    expect((await edit({})).body.message).toContain('Missing required fields');
    expect((await edit({ condition: 'mint' })).body.message).toContain('Invalid condition');
  });

  it('removes an item, and the stats follow', async () => {
    const { token } = await stack.member();
    const added = await stack.api.post('/api/collections', { name: 'Sample', brand: 'Nike', purchasePrice: 100 }, token);
    const removed = await stack.api.delete(`/api/collections/${added.body.data.id}`, undefined, token);
    expect(removed.status).toBe(200);
    expect((await stack.api.get(`/api/collections/${added.body.data.id}`, token)).status).toBe(404);
    expect((await stack.api.get('/api/collections/stats', token)).body.data.totalItems).toBe(0);
    expect((await stack.api.delete(`/api/collections/${added.body.data.id}`, undefined, token)).status).toBe(404);
  });
});

describe('ownership', () => {
  it("answers 404 for another member's item on read, edit, delete and photo upload", async () => {
    const owner = await stack.member();
    const other = await stack.member();
    const added = await stack.api.post('/api/collections', { name: 'Mine', brand: 'Nike', purchasePrice: 100 }, owner.token);
    const path = `/api/collections/${added.body.data.id}`;
    expect((await stack.api.get(path, other.token)).status).toBe(404);
    expect((await stack.api.put(path, { notes: 'taken' }, other.token)).status).toBe(404);
    expect((await stack.api.delete(path, undefined, other.token)).status).toBe(404);
    const form = new FormData();
    form.append('photo', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' }), 'pair.jpg');
    expect((await stack.send('POST', `${path}/photos`, other.token, form)).status).toBe(404);
    expect((await stack.api.get(`${path}/related`, other.token)).status).toBe(404);
    expect((await stack.api.get('/api/collections/not-a-uuid', other.token)).status).toBe(404);

    const mine = await stack.api.get(path, owner.token);
    expect(mine.body.data).toMatchObject({ name: 'Mine', notes: '' });
    expect((await stack.api.get('/api/collections', other.token)).body.data.total).toBe(0);
  });
});

describe('market prices', () => {
  it('values items at the newest price.changed of their size, without rewriting them', async () => {
    const { token } = await stack.member();
    const sneaker = jordan({ '10': 20_000 });
    const added = await stack.api.post('/api/collections', { sneakerId: sneaker.id, size: 10, purchasePrice: 15_000 }, token);
    const value = async () => (await stack.api.get(`/api/collections/${added.body.data.id}`, token)).body.data.currentValue;
    const id = await stack.priceChanged({ sneakerId: sneaker.id, size: 10, price: 26_000, previous: 20_000, seq: 5 });
    await waitFor(() => applied(stack.pool, id), { message: 'price.changed applied' });
    expect(await value()).toBe(26_000);
    const outbox = await outboxEvents(stack.pool, 'collection.item_updated@1');
    expect(outbox.filter((e) => e.data.itemId === added.body.data.id)).toHaveLength(0);
  });
});
