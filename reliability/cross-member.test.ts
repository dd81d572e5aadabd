import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeAnswer, isRefusal, newMember, someSneakerIds, type Member } from './support.ts';

// Object-level authorisation: one member's things, asked for, changed and deleted by another.
let owner: Member;
let other: Member;
const owned = { item: '', alert: '', watch: '' };

beforeAll(async () => {
  [owner, other] = await Promise.all([newMember('owner'), newMember('other')]);
  const [sneakerId] = await someSneakerIds(owner.token, 1);
  const item = await call('POST', '/api/collections', { token: owner.token, body: { name: 'Owned Pair', brand: 'Nike', size: 10, purchasePrice: 12000, notes: 'mine' } });
  const alert = await call('POST', '/api/price-alerts', { token: owner.token, body: { sneakerId, targetPrice: 5000 } });
  const watch = await call('POST', '/api/watchlist', { token: owner.token, body: { sneakerId } });
  expect([item.status, alert.status, watch.status], describeAnswer(item)).toEqual([201, 201, 201]);
  Object.assign(owned, { item: item.body.data.id, alert: alert.body.data.id, watch: watch.body.data.id });
});

describe('cross-member', () => {
  const probes: [method: string, path: string, body?: unknown][] = [
    ['GET', '/api/collections/{item}'],
    ['PUT', '/api/collections/{item}', { notes: 'taken over', purchasePrice: 1 }],
    ['DELETE', '/api/collections/{item}'],
    ['GET', '/api/collections/{item}/photos'],
    ['GET', '/api/collections/{item}/related'],
    ['GET', '/api/analytics/collection/{item}'],
    ['DELETE', '/api/price-alerts/{alert}'],
    ['DELETE', '/api/watchlist/{watch}'],
    ['GET', '/api/daily-digest/{owner}'],
  ];
  const filled = (path: string) => path.replace(/\{(\w+)\}/, (_, name: string) => (name === 'owner' ? owner.id : owned[name as keyof typeof owned]));
  for (const [method, path, body] of probes) {
    it(`refuses ${method} ${path} of another member`, async () => {
      const answer = await call(method, filled(path), { token: other.token, body });
      expect(isRefusal(answer, [403, 404]), describeAnswer(answer)).toBe(true);
    });
  }

  for (const [method, path] of [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/analytics/dashboard'],
    ['POST', '/api/predictions/cache/clear'],
    ['POST', '/api/email-test/test-all-templates'],
  ] as const) {
    it(`refuses a member the administrators' ${method} ${path}`, async () => {
      const answer = await call(method, path, { token: other.token, body: method === 'POST' ? {} : undefined });
      expect(isRefusal(answer, 403), describeAnswer(answer)).toBe(true);
    });
  }

  it("leaves the owner's item, alert and watchlist entry as they were", async () => {
    const item = await call('GET', `/api/collections/${owned.item}`, { token: owner.token });
    expect(item.status).toBe(200);
    expect(item.body.data).toMatchObject({ notes: 'mine', purchasePrice: 12000 });
    const alerts = await call('GET', '/api/price-alerts', { token: owner.token });
    expect(alerts.body.data.map((a: { id: string }) => a.id)).toContain(owned.alert);
    const watchlist = await call('GET', '/api/watchlist', { token: owner.token });
    expect(watchlist.body.data.map((w: { id: string }) => w.id)).toContain(owned.watch);
  });
});
