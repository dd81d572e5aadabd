import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_ANSWER_MS, expectDegraded, expectNotReady, expectUnavailable, waitUntilReady } from '@kicksight/testkit';
import { sneakerId, startCollectionStack, type CollectionStack } from './collection-stack.ts';

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack({}, ['postgres', 'redis']);
});
afterAll(async () => {
  await stack?.service.proxies.postgres?.enable();
  await stack?.service.proxies.redis?.enable();
  await stack?.close();
});

const sneaker = () => stack.catalog.add({ id: sneakerId(), name: 'Air Jordan 1 Retro High OG', brand: 'Jordan', colorway: 'Chicago', retailPrice: 17_000, sizes: { '10': 20_000 } });

describe('with PostgreSQL away, through the BFF', () => {
  it('answers reads and writes 503 with Retry-After within a second; nothing is half-written once it is back', async () => {
    const { token, id } = await stack.member();
    const pair = sneaker();
    await stack.service.proxies.postgres!.disable();
    try {
      await expectUnavailable(() => stack.api.get('/api/collections', token), 'list');
      await expectUnavailable(() => stack.api.post('/api/collections', { sneakerId: pair.id, size: 10, purchasePrice: 15_000 }, token), 'add');
      await expectUnavailable(() => stack.api.get('/api/price-alerts', token), 'alerts');
      await expectNotReady(stack.service.url, ['postgres']);
    } finally {
      await stack.service.proxies.postgres!.enable();
    }
    await waitUntilReady(stack.service.url);
    const { rows } = await stack.pool.query('SELECT count(*)::int AS n FROM item WHERE user_id = $1', [id]);
    expect(rows[0].n).toBe(0);
    expect((await stack.api.post('/api/collections', { sneakerId: pair.id, size: 10, purchasePrice: 15_000 }, token)).status).toBe(201);
  });
});

describe('with Redis away', () => {
  it('keeps serving the collection (its cache is optional) and stays ready, saying it does without Redis', async () => {
    const { token } = await stack.member();
    await stack.service.proxies.redis!.disable();
    try {
      const started = performance.now();
      const list = await stack.api.get('/api/collections', token);
      expect(list.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(OUTAGE_ANSWER_MS);
      await expectDegraded(stack.service.url, ['redis']);
    } finally {
      await stack.service.proxies.redis!.enable();
    }
    await waitUntilReady(stack.service.url);
  });
});
