import { describe, expect, it } from 'vitest';
import { BFF, WEB, call, describeAnswer, isRefusal, newMember, someSneakerIds } from './support.ts';

// The plan's limits, the size of a page, what the system tells strangers, and methods nothing answers.
describe('limit', () => {
  it("stops a trial member's eleventh search of the period", async () => {
    const member = await newMember('searches');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call('GET', `/api/sneakers/search?q=probe${i}`, { token: member.token })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200), statuses.join(' ')).toBe(true);
    const refused = await call('GET', '/api/sneakers/search?q=probe-more', { token: member.token });
    expect(isRefusal(refused, 403), describeAnswer(refused)).toBe(true);
    expect(refused.body.code).toBe('SEARCH_LIMIT');
  });

  it("stops a trial member's sixth collection item", async () => {
    const member = await newMember('items');
    for (let i = 0; i < 5; i++) {
      const added = await call('POST', '/api/collections', { token: member.token, body: { name: `Pair ${i}`, brand: 'Nike', size: 10, purchasePrice: 10_000 } });
      expect(added.status, describeAnswer(added)).toBe(201);
    }
    const sixth = await call('POST', '/api/collections', { token: member.token, body: { name: 'Pair 6', brand: 'Nike', size: 10, purchasePrice: 10_000 } });
    expect(isRefusal(sixth, 403), describeAnswer(sixth)).toBe(true);
    expect(sixth.body.code).toBe('COLLECTION_LIMIT');
  });

  it('keeps forecasts from a trial member', async () => {
    const member = await newMember('forecast');
    const [sneakerId] = await someSneakerIds(member.token, 1);
    const answer = await call('GET', `/api/sneakers/${sneakerId}/price-prediction`, { token: member.token });
    expect(isRefusal(answer, 403), describeAnswer(answer)).toBe(true);
  });

  for (const [name, path] of [
    ['a page of 1000 collection items', '/api/collections?limit=1000'],
    ['a negative page', '/api/notifications?page=-1'],
    ['200 sample sneakers', '/api/onboarding/sample-sneakers?limit=200'],
    ['a search query of 10,000 characters', `/api/sneakers/search?q=${'a'.repeat(10_000)}`],
  ] as const) {
    it(`refuses ${name}`, async () => {
      const member = await newMember('pages');
      const answer = await call('GET', path, { token: member.token });
      expect(isRefusal(answer, 400) || [414, 431].includes(answer.status), describeAnswer(answer)).toBe(true);
    });
  }

  it('tells a stranger and a member only whether each part is up', async () => {
    const member = await newMember('health');
    for (const token of [undefined, member.token]) {
      const answer = await call('GET', '/api/health', { token });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.data).sort()).toEqual(['bff', 'services', 'status']);
      expect(JSON.stringify(answer.body)).not.toMatch(/127\.0\.0\.1|postgres|redis|kafka|"ms"|"url"/);
    }
  });

  for (const [name, url] of [
    ["the BFF's metrics on its public port", `${BFF}/metrics`],
    ["the BFF's metrics through the web origin", `${WEB}/metrics`],
    ["the BFF's metrics under /api", `${WEB}/api/metrics`],
  ] as const) {
    it(`shows no ${name}`, async () => {
      const response = await fetch(url);
      expect(await response.text()).not.toContain('http_requests_total');
    });
  }

  for (const [method, path, allow] of [
    ['PATCH', '/api/collections/x1', 'DELETE, GET, HEAD, PUT'],
    ['DELETE', '/api/membership/plans', 'GET, HEAD'],
    ['PUT', '/api/auth/login', 'POST'],
  ] as const) {
    it(`answers ${method} ${path} with 405 and Allow`, async () => {
      const member = await newMember('methods');
      const answer = await call(method, path, { token: member.token });
      expect(isRefusal(answer, 405), describeAnswer(answer)).toBe(true);
      expect(answer.headers.get('allow')).toBe(allow);
    });
  }
});
