import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, startCollectionStack, type CollectionStack } from './collection-stack.ts';

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack();
});
afterAll(() => stack?.close());

const item = (i: number) => ({ name: `Pair ${i}`, brand: 'Nike', purchasePrice: 10_000 });

describe('the collection limit', () => {
  it('leaves exactly 5 items of 20 concurrent adds on the trial, refusing the rest with COLLECTION_LIMIT', async () => {
    const { id, token } = await stack.member({ plan: 'trial' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => stack.api.post('/api/collections', item(i), token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('COLLECTION_LIMIT');
      expect(answer.body.message).toContain('collection limit');
    }
    expect((await stack.api.get('/api/collections', token)).body.data.total).toBe(5);
    const { rows } = await stack.pool.query('SELECT item_count FROM collector WHERE user_id = $1', [id]);
    expect(rows[0].item_count).toBe(5);
    const added = (await outboxEvents(stack.pool, 'collection.item_added@1')).filter((e) => e.key === id);
    expect(added.map((e) => e.data.itemCount).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('makes room again after a removal', async () => {
    const { token } = await stack.member({ plan: 'trial' });
    const added = await stack.api.post('/api/collections/items', { items: [1, 2, 3, 4, 5].map(item) }, token);
    expect(added.status).toBe(201);
    expect((await stack.api.post('/api/collections', item(6), token)).status).toBe(403);
    await stack.api.delete(`/api/collections/${added.body.data.items[0].id}`, undefined, token);
    expect((await stack.api.post('/api/collections', item(6), token)).status).toBe(201);
  });

  it('refuses a bulk add that would pass the limit as a whole', async () => {
    const { token } = await stack.member({ plan: 'trial' });
    await stack.api.post('/api/collections/items', { items: [1, 2, 3].map(item) }, token);
    const refused = await stack.api.post('/api/collections/items', { items: [4, 5, 6].map(item) }, token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'COLLECTION_LIMIT' } });
    expect((await stack.api.get('/api/collections/stats', token)).body.data.totalItems).toBe(3);
  });

  it('holds 20 items on Premium and refuses the 21st', async () => {
    const { token } = await stack.member({ plan: 'premium' });
    expect((await stack.api.post('/api/collections/items', { items: Array.from({ length: 20 }, (_, i) => item(i)) }, token)).status).toBe(201);
    const refused = await stack.api.post('/api/collections', item(21), token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('collection limit of 20 items');
  });

  it('has no limit on Unlimited, nor for admins', async () => {
    const unlimited = await stack.member({ plan: 'unlimited' });
    const admin = await stack.member({ plan: 'trial', role: 'admin' });
    for (const member of [unlimited, admin]) {
      expect((await stack.api.post('/api/collections/items', { items: Array.from({ length: 25 }, (_, i) => item(i)) }, member.token)).status).toBe(201);
      expect((await stack.api.post('/api/collections', item(26), member.token)).status).toBe(201);
    }
  });

  it('lets an ended trial read its collection but not add (TRIAL_EXPIRED)', async () => {
    const member = await stack.member({ plan: 'trial' });
    expect((await stack.api.post('/api/collections', item(1), member.token)).status).toBe(201);
    stack.billing.setPlan(member.id, 'trial', true);
    // Past the 30 seconds entitlements are cached for.
    stack.service.clock.advance(31_000);
    const refused = await stack.api.post('/api/collections', item(2), member.token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'TRIAL_EXPIRED' } });
    expect((await stack.api.post('/api/collections/items', { items: [item(3)] }, member.token)).body.code).toBe('TRIAL_EXPIRED');
    const read = await stack.api.get('/api/collections', member.token);
    expect(read.status).toBe(200);
    expect(read.body.data.total).toBe(1);
    expect((await stack.api.get('/api/collections/stats', member.token)).body.data.totalItems).toBe(1);
    const edit = await stack.api.put(`/api/collections/${read.body.data.items[0].id}`, { notes: 'still mine' }, member.token);
    expect(edit.status).toBe(200);
  });
});
