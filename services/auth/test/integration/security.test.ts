import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '@kicksight/platform';
import { client, register, startAuth, uniqueEmail, type AuthApp } from './auth-app.ts';

let auth: AuthApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  auth = await startAuth({ LOGIN_FAILURES_PER_ACCOUNT: '10', RESET_REQUESTS_PER_ACCOUNT: '3' });
  api = client(auth.url);
});
afterAll(() => auth?.close());

const claims = { email: 'mallory@example.com', name: 'Mallory', role: 'admin', tier: 'unlimited' };

describe('access tokens', () => {
  it('refuses a token signed with another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'test-1' }).setSubject('x').setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setExpirationTime('1h').sign(privateKey);
    expect((await api.get('/api/auth/me', forged)).status).toBe(401);
  });

  it("refuses alg 'none'", async () => {
    const unsigned = new UnsecuredJWT(claims).setSubject('x').setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setExpirationTime('1h').encode();
    expect((await api.get('/api/auth/me', unsigned)).status).toBe(401);
  });

  it('refuses a token whose payload was edited', async () => {
    const { tokens } = await register(api);
    const [header, payload, signature] = tokens.accessToken.split('.');
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })).toString('base64url');
    const response = await api.get('/api/admin/users', `${header}.${edited}.${signature}`);
    expect(response.status).toBe(401);
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const { email, password } = await register(api);
    auth.clock.advance(-2 * 60 * 60 * 1000);
    let token: string;
    try {
      token = (await api.post('/api/auth/login', { email, password })).body.data.tokens.accessToken;
    } finally {
      auth.clock.reset();
    }
    const response = await api.get('/api/auth/me', token);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('TOKEN_EXPIRED');
  });
});

describe('hostile input', () => {
  it('answers SQL-injection strings with 4xx, never 5xx, and changes nothing', async () => {
    const { email } = await register(api);
    const attempts = [
      { email: "' OR '1'='1", password: "' OR '1'='1" },
      { email: `${email}' --`, password: 'x' },
      { email: "admin@example.com'; DROP TABLE users; --", password: 'x' },
    ];
    for (const body of attempts) {
      const response = await api.post('/api/auth/login', body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const registered = await api.post('/api/auth/register', { name: "Robert'); DROP TABLE users;--", email: uniqueEmail('bobby'), password: 'sneakers-123' });
    expect(registered.status).toBe(201);
    expect(registered.body.data.user.name).toBe("Robert'); DROP TABLE users;--");
    expect((await api.post('/api/auth/login', { email, password: 'sneakers-123' })).status).toBe(200);
  });

  it('answers an oversized body with 413 and malformed JSON with 400', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(2_000_000), email: 'a@b.co', password: 'sneakers-123' });
    const big = await api.raw('POST', '/api/auth/register', huge);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const bad = await api.raw('POST', '/api/auth/login', '{"email": ');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_JSON');
  });

  it('answers wrong types with 400', async () => {
    const response = await api.post('/api/auth/login', { email: ['a@b.co'], password: { $ne: '' } });
    expect(response.status).toBe(400);
  });
});

describe('brute force', () => {
  it('stops an address with 429 after repeated wrong passwords for an account, even for the right one', async () => {
    const { email, password } = await register(api);
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await api.post('/api/auth/login', { email, password: `wrong-${i}` }, undefined, attacker)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const locked = await api.post('/api/auth/login', { email, password }, undefined, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets the owner sign in from an address that has not failed while another address is stopped', async () => {
    const { email, password } = await register(api);
    for (let i = 0; i < 12; i++) await api.post('/api/auth/login', { email, password: `wrong-${i}` }, undefined, { 'x-forwarded-for': '203.0.113.8' });
    expect((await api.post('/api/auth/login', { email, password }, undefined, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(429);
    const owner = await api.post('/api/auth/login', { email, password }, undefined, { 'x-forwarded-for': '198.51.100.20' });
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.email).toBe(email);
  });

  it('limits reset requests per account, identically for unknown emails', async () => {
    const { email } = await register(api);
    const unknown = uniqueEmail('nobody');
    for (const address of [email, unknown]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await api.post('/api/auth/forgot-password', { email: address })).status);
      expect(statuses, address).toEqual([200, 200, 200, 429]);
    }
  });
});

describe('logs', () => {
  it('never contain a token, a password or a reset link', async () => {
    const { email, password, tokens } = await register(api);
    await api.post('/api/auth/login', { email, password });
    await api.get('/api/auth/me', tokens.accessToken);
    await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    await api.post('/api/auth/forgot-password', { email });
    const { rows } = await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = 'user.password_reset_requested@1' AND envelope->'data'->>'email' = $1`, [email]);
    const resetToken = new URL(rows[0].envelope.data.resetUrl).searchParams.get('token')!;
    await api.get(`/api/auth/verify-reset-token?token=${resetToken}`);
    const all = auth.logs.join('\n');
    expect(auth.logs.length).toBeGreaterThan(5);
    for (const secret of [tokens.accessToken, tokens.refreshToken, password, resetToken]) expect(all).not.toContain(secret);
  });
});
