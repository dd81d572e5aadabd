import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UnsecuredJWT } from 'jose';
import { Cleanups, deadUrl, openEventStream, serviceUrlEnv, startTokenIssuer, startUpstream, uniqueName, type TokenIssuer, type Upstream } from '@kicksight/testkit';
import { PHOTO_UPLOAD_MAX_BODY_BYTES, type ServiceName } from '@kicksight/contracts';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const upstreams = {} as Record<Exclude<ServiceName, 'prediction'>, Upstream>;
let issuer: TokenIssuer;
let bff: string;
let member: string;
let admin: string;
const memberId = uniqueName('member');

beforeAll(async () => {
  issuer = await startTokenIssuer(cleanups);
  for (const name of ['auth', 'catalog', 'collection', 'billing', 'notifications'] as const) upstreams[name] = await startUpstream(name, cleanups);
  const urls = Object.fromEntries(Object.entries(upstreams).map(([name, u]) => [name, u.url]));
  const started = await startBff({
    stack,
    prefix: uniqueName('bff_proxy'),
    cleanups,
    env: {
      ...serviceUrlEnv({ ...urls, prediction: await deadUrl() }, await deadUrl()),
      AUTH_JWKS_URL: issuer.jwksUrl,
      UPSTREAM_TIMEOUT_MS: '400',
      BODY_LIMIT_BYTES: '1024',
      RATE_LIMIT_KEY_PREFIX: uniqueName('rl'),
    },
  });
  bff = started.url;
  member = await issuer.mint({ id: memberId });
  admin = await issuer.mint({ id: uniqueName('admin'), role: 'admin' });
});

afterAll(() => cleanups.run());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('routing', () => {
  it.each([
    ['GET', '/api/sneakers/abc/sales', 'catalog'],
    ['GET', '/api/collections', 'collection'],
    ['PUT', '/api/user/preferences', 'collection'],
    ['GET', '/api/user/profile', 'auth'],
    ['DELETE', '/api/user', 'auth'],
    ['GET', '/api/membership/status', 'billing'],
    ['GET', '/api/notifications?page=2', 'notifications'],
  ])('sends %s %s to %s, path and query unchanged', async (method, path, owner) => {
    const response = await fetch(`${bff}${path}`, { method, headers: bearer(member) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { service: owner, path } });
    expect(upstreams[owner as keyof typeof upstreams].last()).toMatchObject({ method, url: path });
  });

  it('passes a webhook body through byte for byte, without a token', async () => {
    const body = '{ "id" :"evt_1",\n\t"type":  "checkout.session.completed" ,"amount":1.50 }\r\n  ';
    const response = await fetch(`${bff}/api/membership/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body,
    });
    expect(response.status).toBe(200);
    const seen = upstreams.billing.last()!;
    expect(seen.body.equals(Buffer.from(body))).toBe(true);
    expect(seen.headers['stripe-signature']).toBe('t=1,v1=abc');
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it('forwards the access token unchanged and the request id, and strips a service token sent from outside', async () => {
    const response = await fetch(`${bff}/api/collections/items`, {
      method: 'POST',
      headers: { ...bearer(member), 'x-service-token': 'forged', 'x-request-id': 'req-edge-1', 'content-type': 'application/json' },
      body: JSON.stringify({ sneakerId: 's1' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-edge-1');
    const seen = upstreams.collection.last()!;
    expect(seen.headers.authorization).toBe(`Bearer ${member}`);
    expect(seen.headers['x-request-id']).toBe('req-edge-1');
    expect(seen.headers['x-service-token']).toBeUndefined();
    expect(seen.body.toString()).toBe('{"sneakerId":"s1"}');
  });

  it('gives a request without an id one, and the service sees the same id', async () => {
    const response = await fetch(`${bff}/api/watchlist`, { headers: bearer(member) });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstreams.collection.last()!.headers['x-request-id']).toBe(id);
  });

  it('answers unknown /api paths, internal paths and other spellings with a JSON 404', async () => {
    for (const path of ['/api/nothing-here', '/api/internal/x', '/internal/api-keys/verify', '/API/health', '/Api/collections', '/api/sneakers/..%2f..%2finternal']) {
      const response = await fetch(`${bff}${path}`, { headers: bearer(member) });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(upstreams.auth.received.some((r) => r.url.startsWith('/internal'))).toBe(false);
  });

  it('answers a method no operation documents at a documented path with 405, its methods in Allow, and passes nothing on', async () => {
    const before = Object.values(upstreams).reduce((sum, u) => sum + u.received.length, 0);
    for (const [method, path, allow] of [
      ['GET', '/api/user', 'DELETE'],
      ['PATCH', '/api/collections/item-1', 'DELETE, GET, HEAD, PUT'],
      ['DELETE', '/api/health', 'GET, HEAD'],
      ['PUT', '/api/sneakers/search', 'GET, HEAD'],
    ] as const) {
      const response = await fetch(`${bff}${path}`, { method, headers: bearer(member) });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(await response.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here; allowed: ${allow}.` });
    }
    expect(Object.values(upstreams).reduce((sum, u) => sum + u.received.length, 0)).toBe(before);
  });

  it('answers BFF-owned aggregations itself instead of passing them on', async () => {
    const response = await fetch(`${bff}/api/dashboard/stats`, { headers: bearer(member) });
    expect(response.status).toBe(200);
    expect(Object.values(upstreams).some((u) => u.received.some((r) => r.url.startsWith('/api/dashboard')))).toBe(false);
  });

  it('streams an answer as it comes instead of buffering it', async () => {
    const stream = await openEventStream(`${bff}/api/notifications/live/stream`, bearer(member));
    try {
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
      await expect.poll(() => stream.frames.length, { timeout: 5_000 }).toBe(1);
      expect(stream.frames[0]).toMatchObject({ event: 'tick', data: '1' });
      // The first event arrived while the service still holds the second, past the upstream time-out.
      await new Promise((r) => setTimeout(r, 600));
      upstreams.notifications.release();
      await expect.poll(() => stream.frames.length, { timeout: 5_000 }).toBe(2);
    } finally {
      await stream.close();
    }
  });
});

describe('access', () => {
  it('lets public paths through without a token', async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/login'],
      ['GET', '/api/auth/verify-reset-token?token=abc'],
      ['GET', '/api/membership/plans'],
      ['GET', '/api/membership/local/checkout/sess_1'],
      ['POST', '/api/feedback'],
    ] as const) {
      const response = await fetch(`${bff}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect(response.status, path).toBe(200);
    }
  });

  it('refuses a protected path without a token with 401 JSON', async () => {
    const before = upstreams.collection.received.length;
    const response = await fetch(`${bff}/api/collections`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    expect(upstreams.collection.received.length).toBe(before);
  });

  it('refuses forged, unsigned, edited and expired tokens', async () => {
    const [header, payload, signature] = member.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const edited = [header, Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url'), signature].join('.');
    const unsigned = new UnsecuredJWT({ email: 'x@example.com', name: 'X', role: 'admin', tier: 'unlimited' })
      .setSubject(memberId)
      .setIssuer('kicksight-auth')
      .setAudience('kicksight')
      .setExpirationTime('10m')
      .encode();
    const cases = {
      'another key': await issuer.mint({ id: memberId }, { key: issuer.otherKey }),
      'alg none': unsigned,
      'edited payload': edited,
      garbage: 'not-a-token',
    };
    for (const [label, token] of Object.entries(cases)) {
      const response = await fetch(`${bff}/api/collections`, { headers: bearer(token) });
      expect(response.status, label).toBe(401);
      expect(await response.json(), label).toEqual({ message: 'Invalid access token', code: 'UNAUTHORIZED' });
    }
    const expired = await issuer.mint({ id: memberId }, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const response = await fetch(`${bff}/api/collections`, { headers: bearer(expired) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('keeps admin paths for admins', async () => {
    const asMember = await fetch(`${bff}/api/admin/users`, { headers: bearer(member) });
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({ code: 'FORBIDDEN' });
    const asAdmin = await fetch(`${bff}/api/admin/users?limit=5`, { headers: bearer(admin) });
    expect(asAdmin.status).toBe(200);
    expect(upstreams.auth.last()!.url).toBe('/api/admin/users?limit=5');
  });

  it('does not pass an invalid token on where the token is optional', async () => {
    const response = await fetch(`${bff}/api/feedback`, { method: 'POST', headers: { ...bearer('bad'), 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(200);
    expect(upstreams.notifications.last()!.headers.authorization).toBeUndefined();
  });
});

describe('replicas', () => {
  it('spreads requests over the replicas of a service in turn', async () => {
    const [first, second] = [await startUpstream('prediction', cleanups), await startUpstream('prediction', cleanups)];
    const spread = await startBff({
      stack,
      prefix: uniqueName('bff_replicas'),
      cleanups,
      env: {
        ...serviceUrlEnv({ auth: upstreams.auth.url, prediction: `${first.url},${second.url}` }, await deadUrl()),
        AUTH_JWKS_URL: issuer.jwksUrl,
        RATE_LIMIT_KEY_PREFIX: uniqueName('rl'),
      },
    });
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${spread.url}/api/sneakers/s${i}/volatility`, { headers: bearer(member) });
      expect(response.status).toBe(200);
    }
    expect(first.received.map((r) => r.url)).toEqual(['/api/sneakers/s0/volatility', '/api/sneakers/s2/volatility', '/api/sneakers/s4/volatility']);
    expect(second.received.map((r) => r.url)).toEqual(['/api/sneakers/s1/volatility', '/api/sneakers/s3/volatility', '/api/sneakers/s5/volatility']);
  });
});

describe('failures and limits', () => {
  it('answers 503 naming a service that is down', async () => {
    const response = await fetch(`${bff}/api/sneakers/abc/volatility`, { headers: bearer(member) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'The prediction service is unavailable. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers 504 when a service does not answer in time', async () => {
    const started = Date.now();
    const response = await fetch(`${bff}/api/sneakers/abc/slow`, { headers: bearer(member) });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1_800);
  });

  it('refuses a body over the limit with 413 before forwarding it', async () => {
    const before = upstreams.collection.received.length;
    const response = await fetch(`${bff}/api/collections/items`, {
      method: 'POST',
      headers: { ...bearer(member), 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'x'.repeat(2_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(upstreams.collection.received.length).toBe(before);
  });

  it('lets a photo upload through up to the photo limit, and no further', async () => {
    const upload = (bytes: number) =>
      fetch(`${bff}/api/collections/item-1/photos`, { method: 'POST', headers: { ...bearer(member), 'content-type': 'application/octet-stream' }, body: Buffer.alloc(bytes) });
    const before = upstreams.collection.received.length;
    expect((await upload(2 * 1024 * 1024)).status).not.toBe(413);
    expect(upstreams.collection.received.length).toBe(before + 1);
    const tooLarge = await upload(PHOTO_UPLOAD_MAX_BODY_BYTES + 1);
    expect(tooLarge.status).toBe(413);
    expect(upstreams.collection.received.length).toBe(before + 1);
  });

  it('answers a CORS preflight from the web app', async () => {
    const response = await fetch(`${bff}/api/collections/items`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,idempotency-key,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('sets security headers on its answers', async () => {
    const response = await fetch(`${bff}/api/health`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a user is over the limit', async () => {
    const limited = await startBff({
      stack,
      prefix: uniqueName('bff_rl'),
      cleanups,
      env: { ...serviceUrlEnv({}, upstreams.collection.url), AUTH_JWKS_URL: issuer.jwksUrl, RATE_LIMIT_POINTS: '3', RATE_LIMIT_DURATION_S: '60', RATE_LIMIT_KEY_PREFIX: uniqueName('rl') },
    });
    const token = await issuer.mint({ id: uniqueName('busy') });
    const other = await issuer.mint({ id: uniqueName('calm') });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.url}/api/collections`, { headers: bearer(token) })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${limited.url}/api/collections`, { headers: bearer(token) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user has a budget of their own.
    expect((await fetch(`${limited.url}/api/collections`, { headers: bearer(other) })).status).toBe(200);
  });
});
