import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import express from 'express';
import { Cleanups, serviceUrlEnv, startTokenIssuer, startUpstream, stubApp, testLogger, uniqueName, type TokenIssuer, type Upstream } from '@kicksight/testkit';
import { closeServer, errorHandler, listen, requireServiceToken, type Principal } from '@kicksight/platform';
import { createExchangePurge, apiKeyHash } from '../../src/edge/api-keys.ts';
import { SERVICE_TOKEN, startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
let issuer: TokenIssuer;
let upstream: Upstream;
let bff: string;
let purge: ReturnType<typeof createExchangePurge>;
let authInternalUrl: string;
const exchanges: string[] = [];
const keys = new Map<string, Pick<Principal, 'id' | 'role' | 'tier'>>();

/** A stand-in for auth's internal port: checks the service token, exchanges known keys for 5-minute tokens. */
async function startAuthInternal(): Promise<string> {
  const app = stubApp();
  app.use(express.json());
  app.use('/internal', requireServiceToken(SERVICE_TOKEN));
  app.post('/internal/api-keys/verify', async (req, res) => {
    const key = (req.body as { key?: string }).key ?? '';
    exchanges.push(key);
    const owner = keys.get(key);
    if (!owner) {
      res.status(401).json({ message: 'Invalid API key', code: 'INVALID_API_KEY' });
      return;
    }
    const expiresAt = (Math.floor(Date.now() / 1000) + 300) * 1000;
    res.json({ data: { accessToken: await issuer.mint(owner, { expiresIn: expiresAt / 1000 }), expiresAt } });
  });
  app.use(errorHandler(testLogger()));
  const { server, url } = await listen(app, 0, '127.0.0.1');
  cleanups.add(() => closeServer(server, 500));
  return url;
}

beforeAll(async () => {
  issuer = await startTokenIssuer(cleanups);
  upstream = await startUpstream('catalog', cleanups);
  const started = await startBff({
    stack,
    prefix: uniqueName('bff_keys'),
    cleanups,
    env: { ...serviceUrlEnv({}, upstream.url), AUTH_JWKS_URL: issuer.jwksUrl, AUTH_INTERNAL_URL: (authInternalUrl = await startAuthInternal()), RATE_LIMIT_KEY_PREFIX: uniqueName('rl') },
  });
  bff = started.url;
  purge = createExchangePurge(started.infra.redis!);
});

afterAll(() => cleanups.run());

const newKey = (owner: Pick<Principal, 'id' | 'role' | 'tier'>) => {
  const key = `ks_live_${uniqueName('key')}`;
  keys.set(key, owner);
  return key;
};
const claimsOf = (authorization: string | undefined) =>
  JSON.parse(Buffer.from((authorization ?? '').replace('Bearer ', '').split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('personal API keys', () => {
  it('exchanges a key for its owner’s access token, which is what the service receives', async () => {
    const userId = uniqueName('collector');
    const key = newKey({ id: userId, role: 'member', tier: 'unlimited' });
    const response = await fetch(`${bff}/api/sneakers?q=jordan`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const forwarded = upstream.last()!.headers.authorization;
    expect(forwarded).not.toContain('ks_live_');
    expect(claimsOf(forwarded)).toMatchObject({ sub: userId, tier: 'unlimited', iss: 'kicksight-auth' });
  });

  it('keeps the exchange for a while instead of asking auth on every call', async () => {
    const key = newKey({ id: uniqueName('collector'), role: 'member', tier: 'unlimited' });
    for (let i = 0; i < 3; i++) expect((await fetch(`${bff}/api/sneakers/s${i}`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(exchanges.filter((k) => k === key)).toHaveLength(1);
  });

  it('refuses a write with a key with 403 API_KEY_READ_ONLY, without asking auth', async () => {
    const key = newKey({ id: uniqueName('collector'), role: 'member', tier: 'unlimited' });
    const before = upstream.received.length;
    const response = await fetch(`${bff}/api/collections/items`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'API keys can only be used for read requests', code: 'API_KEY_READ_ONLY' });
    expect(upstream.received.length).toBe(before);
    expect(exchanges).not.toContain(key);
  });

  it('refuses an unknown key with 401 INVALID_API_KEY', async () => {
    const response = await fetch(`${bff}/api/sneakers`, { headers: { authorization: 'Bearer ks_live_unknown' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'INVALID_API_KEY' });
  });

  it('answers 503, not INVALID_API_KEY, when auth refuses the BFF’s service token', async () => {
    const misconfigured = await startBff({
      stack,
      prefix: uniqueName('bff_keys'),
      cleanups,
      env: { ...serviceUrlEnv({}, upstream.url), AUTH_JWKS_URL: issuer.jwksUrl, AUTH_INTERNAL_URL: authInternalUrl, SERVICE_TOKEN: 'not-the-service-token', RATE_LIMIT_KEY_PREFIX: uniqueName('rl') },
    });
    const key = newKey({ id: uniqueName('collector'), role: 'member', tier: 'unlimited' });
    const response = await fetch(`${misconfigured.url}/api/sneakers`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(exchanges).not.toContain(key);
  });
});

describe('purging cached exchanges', () => {
  const use = (key: string) => fetch(`${bff}/api/sneakers`, { headers: { authorization: `Bearer ${key}` } });
  const exchangesOf = (key: string) => exchanges.filter((k) => k === key).length;

  it('exchanges a key at auth again once its cached exchange was dropped', async () => {
    const key = newKey({ id: uniqueName('collector'), role: 'member', tier: 'unlimited' });
    expect((await use(key)).status).toBe(200);
    expect((await use(key)).status).toBe(200);
    expect(exchangesOf(key)).toBe(1);
    await purge.forgetKey(apiKeyHash(key));
    expect((await use(key)).status).toBe(200);
    expect(exchangesOf(key)).toBe(2);
  });

  it('drops every key of a user, and caches none of theirs for a while after', async () => {
    const owner = { id: uniqueName('collector'), role: 'member' as const, tier: 'unlimited' as const };
    const [first, second] = [newKey(owner), newKey(owner)];
    const other = newKey({ id: uniqueName('collector'), role: 'member', tier: 'unlimited' });
    for (const key of [first!, second!, other]) expect((await use(key)).status).toBe(200);

    await purge.forgetUser(owner.id);
    for (const key of [first!, second!, other]) expect((await use(key)).status).toBe(200);
    expect([exchangesOf(first!), exchangesOf(second!), exchangesOf(other)]).toEqual([2, 2, 1]);
    // Held: each call of the owner's keys is exchanged at auth, which knows the owner's current plan.
    expect((await use(first!)).status).toBe(200);
    expect(exchangesOf(first!)).toBe(3);
  });
});
