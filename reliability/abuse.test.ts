import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BFF, CATALOG, WEB, call, describeAnswer, isRefusal, newMember, onWeb, registeredMember, upgradeToUnlimited } from './support.ts';

// Limits that hold against a client that tries too often, or lies about where it is.
describe('abuse', () => {
  it("stops one member's flood of requests with 429 and Retry-After, and not the next member", async () => {
    const flooder = await newMember('flood');
    const statuses: number[] = [];
    // The BFF allows a member 600 requests a minute (RATE_LIMIT_POINTS): 640, 32 at a time.
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all(Array.from({ length: 32 }, () => call('GET', '/api/membership/status', { token: flooder.token })));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
    const refused = await call('GET', '/api/membership/status', { token: flooder.token });
    expect(isRefusal(refused, 429), describeAnswer(refused)).toBe(true);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const calm = await newMember('calm');
    expect((await call('GET', '/api/membership/status', { token: calm.token })).status).toBe(200);
  });

  it('slows down wrong passwords for an account at an address, whatever X-Forwarded-For the client writes', async () => {
    const target = await registeredMember('lockout');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await call('POST', '/api/auth/login', { body: { email: target.email, password: `Wrong-guess-${i}` }, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401), statuses.join(' ')).toBe(true);
    expect(statuses.slice(10), statuses.join(' ')).toEqual([429, 429]);
    // The address the web server saw has failed: even the right password waits there.
    const owner = await call('POST', '/api/auth/login', { body: { email: target.email, password: target.password }, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(isRefusal(owner, 429), describeAnswer(owner)).toBe(true);
  });

  it('never signs in an administrator without a password (test sign-in)', async () => {
    const answer = await call('POST', '/api/auth/test-login', { body: { email: 'admin@kicksight.local' } });
    expect(isRefusal(answer, 403), describeAnswer(answer)).toBe(true);
    expect(answer.body.code).toBe('TEST_LOGIN_NOT_ALLOWED');
  });

  it('refuses a payment webhook whose signature was made with a guessed secret', async () => {
    const member = await newMember('webhook');
    const payload = JSON.stringify({ id: 'evt_probe', type: 'checkout.session.completed', data: { object: { client_reference_id: member.id, metadata: { userId: member.id, plan: 'unlimited' } } } });
    const at = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', 'whsec_kicksight_development').update(`${at}.${payload}`).digest('hex');
    const answer = await call('POST', '/api/membership/webhook', { body: payload, headers: { 'stripe-signature': `t=${at},v1=${signature}` } });
    expect(answer.status, describeAnswer(answer)).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect((await call('GET', '/api/membership/status', { token: member.token })).body.data.plan.name).toBe('trial');
  });

  it('refuses a payment link signed with the development secret of the source', async () => {
    const member = await newMember('portal');
    const path = `/membership/local/portal/${member.id}`;
    const expires = Date.now() + 60_000;
    const signature = createHmac('sha256', 'local-gateway-development-secret').update(`${path}:${expires}`).digest('base64url');
    const answer = await call('GET', `/api${path}?expires=${expires}&signature=${signature}`);
    expect(isRefusal(answer, 403), describeAnswer(answer)).toBe(true);
  });

  it("opens a member's billing portal only in the browser that asked for it, not from a leaked link", async () => {
    const member = await newMember('leaked');
    await upgradeToUnlimited(member);
    const asked = await fetch(`${WEB}/api/membership/portal`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` } });
    expect(asked.status).toBe(200);
    const link = onWeb(((await asked.json()) as { data: { url: string } }).data.url);
    const cookie = asked.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(link, { headers: { cookie } })).status).toBe(200);
    const leaked = await fetch(link);
    expect(leaked.status).toBe(403);
  });

  for (const [name, ticket] of [
    ['no ticket', undefined],
    ['a forged ticket', `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"scope":"demo","exp":9999999999}').toString('base64url')}.forged`],
    ['a ticket with no signature (alg none)', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"scope":"demo","exp":9999999999}').toString('base64url')}.`],
  ] as const) {
    it(`gives the demo's data for ${name} to nobody`, async () => {
      const answer = await call('GET', '/api/demo/data', { headers: ticket === undefined ? {} : { 'x-demo-ticket': ticket } });
      expect(isRefusal(answer, 401), describeAnswer(answer)).toBe(true);
    });
  }

  for (const [name, path, base] of [
    ["catalog's test route through the web origin", '/api/test/sales', undefined],
    ["catalog's test route through the BFF", '/api/test/sales', BFF],
    ["catalog's test route on catalog's own public port", '/api/test/sales', CATALOG],
    ["catalog's internal test route on catalog's public port", '/internal/test/sales', CATALOG],
  ] as const) {
    it(`finds no ${name}`, async () => {
      const member = await newMember('market');
      const answer = await call('POST', path, { token: member.token, base, body: { sneakerId: '0'.repeat(24), size: 10, price: 1 } });
      expect(isRefusal(answer, 404), describeAnswer(answer)).toBe(true);
    });
  }
});
