import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeAnswer, isRefusal, newMember, uniqueEmail, type Member } from './support.ts';

// Text no field may store, emails the product cannot deliver to, bodies too large or not JSON: each a 400
// (or 413) with the standard error body, never a 500.
let member: Member;

beforeAll(async () => {
  member = await newMember('input');
});

/** A JSON text holding a raw escape (a NUL or a lone surrogate survives JSON.stringify only as text). */
const jsonWith = (template: string, escape: string) => template.replace('@', escape);

describe('input', () => {
  const texts: [name: string, method: string, path: string, body: () => string | undefined, auth: boolean][] = [
    ['NUL in the search query', 'GET', '/api/sneakers/search?q=a%00b', () => undefined, true],
    ['NUL in the brands filter', 'GET', '/api/sneakers/search?q=air&brands=nike%00', () => undefined, true],
    ['a control character in the search query', 'GET', '/api/sneakers/search?q=a%1Bb', () => undefined, true],
    ["NUL in register's name", 'POST', '/api/auth/register', () => jsonWith(`{"name":"a@b","email":"${uniqueEmail('nul')}","password":"Reliable-Probe-731"}`, '\\u0000'), false],
    ["NUL in login's email", 'POST', '/api/auth/login', () => jsonWith('{"email":"a@x.io@","password":"whatever-123"}', '\\u0000'), false],
    ["NUL in forgot-password's email", 'POST', '/api/auth/forgot-password', () => jsonWith('{"email":"a@x.io@"}', '\\u0000'), false],
    ["NUL in feedback's message", 'POST', '/api/feedback', () => jsonWith('{"message":"broken @ here"}', '\\u0000'), true],
    ["NUL in an item's notes", 'POST', '/api/collections', () => jsonWith('{"name":"N","brand":"Nike","size":10,"purchasePrice":100,"notes":"x@"}', '\\u0000'), true],
    ["a lone surrogate in an item's notes", 'POST', '/api/collections', () => jsonWith('{"name":"N","brand":"Nike","size":10,"purchasePrice":100,"notes":"x@"}', '\\ud800'), true],
    ["a lone surrogate in the preferences' interests", 'PUT', '/api/user/preferences', () => jsonWith('{"interests":["nike@"]}', '\\udc00'), true],
    ["NUL in onboarding's interests", 'POST', '/api/onboarding/complete', () => jsonWith('{"interests":["nike@"]}', '\\u0000'), true],
    ['NUL in a CSV import', 'POST', '/api/collections/import', () => undefined, true],
  ];
  for (const [name, method, path, body, auth] of texts) {
    it(`refuses ${name}`, async () => {
      const csv = path.endsWith('/import');
      const answer = await call(method, path, {
        token: auth ? member.token : undefined,
        body: csv ? 'name,brand,size,purchasePriceUsd\nAir\u0000Max,Nike,10,100.00\n' : body(),
        headers: csv ? { 'content-type': 'text/csv' } : {},
      });
      expect(isRefusal(answer, 400), describeAnswer(answer)).toBe(true);
    });
  }

  for (const email of ['a..b@x.io', '.a@x.io', 'ü@x.io', 'a@x.io.', '0@0.0', 'x@y.z', 'a@b', 'a b@x.io', `${'a'.repeat(300)}@x.io`]) {
    it(`refuses to register the email ${email.length > 40 ? `${email.slice(0, 12)}…(${email.length} characters)` : email}`, async () => {
      const answer = await call('POST', '/api/auth/register', { body: { name: 'Probe', email, password: 'Reliable-Probe-731' } });
      expect(isRefusal(answer, 400), describeAnswer(answer)).toBe(true);
    });
  }

  it('refuses a body of 2 MB with 413', async () => {
    const answer = await call('POST', '/api/feedback', { token: member.token, body: { message: 'x'.repeat(2 * 1024 * 1024) } });
    expect(isRefusal(answer, 413), describeAnswer(answer)).toBe(true);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await call('POST', '/api/collections', { token: member.token, body: '{"name": "broken",' });
    expect(isRefusal(answer, 400), describeAnswer(answer)).toBe(true);
  });

  it('refuses a field of the wrong type', async () => {
    const answer = await call('POST', '/api/collections', { token: member.token, body: { name: 'N', brand: 'Nike', size: 10, purchasePrice: '100' } });
    expect(isRefusal(answer, 400), describeAnswer(answer)).toBe(true);
  });

  it('refuses a path that climbs out of its folder', async () => {
    const answer = await call('GET', '/api/sneakers/..%2f..%2finternal%2fusers', { token: member.token });
    expect(isRefusal(answer, 404), describeAnswer(answer)).toBe(true);
  });

  it('ignores fields a member may not set (mass assignment)', async () => {
    const answer = await call('PUT', '/api/user/profile', { token: member.token, body: { name: 'Probe Renamed', email: member.email, role: 'admin', membershipTier: 'unlimited', id: 'someone-else' } });
    expect(answer.status, describeAnswer(answer)).toBe(200);
    const me = await call('GET', '/api/auth/me', { token: member.token });
    expect(me.body.data).toMatchObject({ id: member.id, name: 'Probe Renamed', membershipTier: 'trial' });
  });
});
