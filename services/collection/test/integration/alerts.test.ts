import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPrices, outboxEvents, sneakerId, startCollectionStack, type CollectionStack, type Member } from './collection-stack.ts';

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack();
});
afterAll(() => stack?.close());

const sneaker = (sizes: Record<string, number>) => stack.catalog.add({ id: sneakerId(), name: 'Air Jordan 1 Chicago', brand: 'Jordan', colorway: 'Chicago', retailPrice: 18_000, sizes, seq: 1 });

const prices = (...changes: Parameters<typeof applyPrices>[1][]) => applyPrices(stack, ...changes);

const patch = (member: Member, id: string, body: unknown) => stack.api.call('PATCH', `/api/price-alerts/${id}`, { body, token: member.token });
const fired = async (alertId: string) => (await outboxEvents(stack.pool, 'alert.triggered@1')).filter((e) => e.data.alertId === alertId).map((e) => e.data);

describe('a target equal to the watched price', () => {
  it('is refused with TARGET_AT_CURRENT_PRICE when the alert is set, for a size and for the lowest price', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 31_400, '11': 29_000 });
    const sized = await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 31_400, size: 10 }, member.token);
    expect(sized.status).toBe(400);
    expect(sized.body).toEqual({ code: 'TARGET_AT_CURRENT_PRICE', message: 'Your target equals the price of US 10 now ($314). Choose a price above or below it.' });
    const lowest = await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 29_000 }, member.token);
    expect(lowest.body).toMatchObject({ code: 'TARGET_AT_CURRENT_PRICE', message: 'Your target equals the lowest price now ($290). Choose a price above or below it.' });
    // To the dollar the member sees: $314.28 shows as $314.
    const withinDollar = await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 31_428, size: 10 }, member.token);
    expect(withinDollar.body).toMatchObject({ code: 'TARGET_AT_CURRENT_PRICE' });
    expect((await stack.api.get('/api/price-alerts', member.token)).body.data).toEqual([]);
  });

  it('stores a target above the price with side below: it fires when the price rises to it', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 31_400 });
    const created = await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 34_000, size: 10 }, member.token);
    expect(created.body.data).toMatchObject({ targetPrice: 34_000, currentPrice: 31_400, side: 'below', paused: false });
    await prices({ sneakerId: s.id, size: 10, price: 34_100, seq: 2 });
    expect(await fired(created.body.data.id)).toEqual([expect.objectContaining({ price: 34_100, targetPrice: 34_000, direction: 'above' })]);
  });
});

describe('a member who turned in-app price-alert notices off', () => {
  it('still has the alert fire, saying no in-app notice is wanted', async () => {
    const [quiet, usual] = [await stack.member(), await stack.member()];
    expect((await stack.api.call('PUT', '/api/user/preferences', { body: { priceAlertNotifications: false }, token: quiet.token })).status).toBe(200);
    const s = sneaker({ '10': 31_400 });
    const [quietAlert, usualAlert] = await Promise.all(
      [quiet, usual].map(async (member) => (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 34_000, size: 10 }, member.token)).body.data),
    );
    await prices({ sneakerId: s.id, size: 10, price: 34_100, seq: 2 });
    expect(await fired(quietAlert.id)).toEqual([expect.objectContaining({ price: 34_100, notifyInApp: false })]);
    expect(await fired(usualAlert.id)).toEqual([expect.objectContaining({ price: 34_100, notifyInApp: true })]);
  });
});

describe('changing an alert', () => {
  it('moves the target and watches it from the side the price is on now', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 31_400 });
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 30_000, size: 10 }, member.token)).body.data;
    expect(alert.side).toBe('above');
    const moved = await patch(member, alert.id, { targetPrice: 34_000 });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: alert.id, targetPrice: 34_000, side: 'below', currentPrice: 31_400, paused: false });
    expect((await stack.api.get('/api/price-alerts', member.token)).body.data).toEqual([expect.objectContaining({ id: alert.id, targetPrice: 34_000, side: 'below' })]);
    // The new target fires when the price rises to it, the old one no longer does.
    await prices({ sneakerId: s.id, size: 10, price: 29_000, seq: 2 });
    expect(await fired(alert.id)).toEqual([]);
    await prices({ sneakerId: s.id, size: 10, price: 35_000, seq: 3 });
    expect(await fired(alert.id)).toEqual([expect.objectContaining({ direction: 'above', price: 35_000, targetPrice: 34_000 })]);
  });

  it('refuses a new target equal to the price, and bad changes, with 400', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 31_400 });
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 30_000, size: 10 }, member.token)).body.data;
    expect((await patch(member, alert.id, { targetPrice: 31_400 })).body).toMatchObject({ code: 'TARGET_AT_CURRENT_PRICE' });
    expect((await patch(member, alert.id, {})).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Missing required fields: targetPrice or paused' });
    expect((await patch(member, alert.id, { targetPrice: 0 })).body.message).toContain('Invalid target price');
    expect((await patch(member, alert.id, { paused: 'yes' })).body.message).toBe('paused must be true or false');
    expect((await stack.api.get('/api/price-alerts', member.token)).body.data[0]).toMatchObject({ targetPrice: 30_000, side: 'above' });
  });

  it("answers 404 for another member's alert and leaves it alone", async () => {
    const owner = await stack.member();
    const other = await stack.member();
    const s = sneaker({ '10': 31_400 });
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 30_000, size: 10 }, owner.token)).body.data;
    expect((await patch(other, alert.id, { paused: true })).status).toBe(404);
    expect((await patch(other, 'not-an-id', { paused: true })).status).toBe(404);
    expect((await stack.api.get('/api/price-alerts', owner.token)).body.data[0]).toMatchObject({ paused: false });
  });
});

describe('pausing an alert', () => {
  it('keeps a paused alert silent through a crossing, and a resumed one fires on the next crossing only', async () => {
    const member = await stack.member();
    const s = sneaker({ '10': 31_400 });
    const alert = (await stack.api.post('/api/price-alerts', { sneakerId: s.id, targetPrice: 30_000, size: 10 }, member.token)).body.data;
    expect((await patch(member, alert.id, { paused: true })).body.data).toMatchObject({ paused: true, targetPrice: 30_000 });
    await prices({ sneakerId: s.id, size: 10, price: 29_000, seq: 2 });
    expect(await fired(alert.id)).toEqual([]);
    const resumed = await patch(member, alert.id, { paused: false });
    // It followed the price while paused: now below, it waits for a rise.
    expect(resumed.body.data).toMatchObject({ paused: false, side: 'below', currentPrice: 29_000, triggerCount: 0, lastTriggeredAt: null });
    await prices({ sneakerId: s.id, size: 10, price: 28_500, seq: 3 });
    expect(await fired(alert.id)).toEqual([]);
    await prices({ sneakerId: s.id, size: 10, price: 30_500, seq: 4 });
    expect(await fired(alert.id)).toEqual([expect.objectContaining({ direction: 'above', price: 30_500 })]);
    const listed = (await stack.api.get('/api/price-alerts', member.token)).body.data[0];
    expect(listed).toMatchObject({ triggerCount: 1, side: 'above', paused: false });
    expect(listed.lastTriggeredAt).not.toBeNull();
  });
});
