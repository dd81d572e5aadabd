import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS, DAY_MS } from '@kicksight/contracts';
import { waitFor } from '@kicksight/testkit';
import { client, register, sidOf, signedOut, startAuth, uniqueEmail, type AuthApp } from './auth-app.ts';


let auth: AuthApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  auth = await startAuth();
  api = client(auth.url);
});
afterAll(() => auth?.close());

describe('registration', () => {
  it('creates an account with a lowercased email and answers the user and a token set', async () => {
    const email = uniqueEmail().toUpperCase();
    const response = await api.post('/api/auth/register', { name: '  Ana Lima ', email, password: 'sneakers-123' });
    expect(response.status).toBe(201);
    const { user, tokens } = response.body.data;
    expect(user).toEqual({ id: expect.any(String), email: email.toLowerCase(), name: 'Ana Lima', membershipTier: 'trial', hasPassword: true });
    expect(tokens.expiresAt - auth.clock.now().getTime()).toBeGreaterThan(ACCESS_TOKEN_TTL_MS - 2_000);
    expect(tokens.refreshToken).toMatch(/^[\w-]{43}$/);
  });

  it('refuses a second account with the same email in another case', async () => {
    const { email } = await register(api);
    const again = await api.post('/api/auth/register', { name: 'Other', email: email.toUpperCase(), password: 'sneakers-123' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'An account with this email already exists.', code: 'EMAIL_EXISTS' });
  });

  it('checks the rules in order with the form messages', async () => {
    const cases: [object, string][] = [
      [{ name: '', email: '', password: '' }, 'Please enter your full name.'],
      [{ name: 'Ana', email: ' ', password: '' }, 'Please enter your email address.'],
      [{ name: 'Ana', email: 'ana@nowhere', password: '' }, 'Please enter a valid email address.'],
      [{ name: 'Ana', email: 'ana@example.com', password: 'short' }, 'Password must be at least 8 characters long.'],
      [{}, 'Please enter your full name.'],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/api/auth/register', body);
      expect(response.status, message).toBe(400);
      expect(response.body).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses the most common passwords at sign-up, at a reset and at a change', async () => {
    for (const password of ['password', '12345678', 'qwertyui']) {
      const response = await api.post('/api/auth/register', { name: 'Ana', email: uniqueEmail(), password });
      expect(response.status, password).toBe(400);
      expect(response.body).toEqual({ message: 'This password is too common. Please choose a less common password.', code: 'VALIDATION_ERROR' });
    }
    const { password, tokens } = await register(api);
    const change = await api.put('/api/user/password', { currentPassword: password, newPassword: 'P@ssw0rd' }, tokens.accessToken);
    expect(change.body).toEqual({ message: 'This password is too common. Please choose a less common password.', code: 'VALIDATION_ERROR' });
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(200);
  });

  it('publishes user.registered through the outbox', async () => {
    const { user } = await register(api);
    const row = await waitFor(
      async () => (await auth.infra.pool!.query(`SELECT type, status FROM outbox WHERE message_key = $1 AND type = 'user.registered@1' AND status = 'published'`, [user.id])).rows[0],
      { message: 'the published user.registered event' },
    );
    expect(row).toEqual({ type: 'user.registered@1', status: 'published' });
  });
});

describe('sign-in', () => {
  it('signs in with the right password, any email case', async () => {
    const { email, password, user } = await register(api);
    const response = await api.post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(response.body.data.user.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { email } = await register(api);
    const wrong = await api.post('/api/auth/login', { email, password: 'not-the-password' });
    const unknown = await api.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever-123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password. Please try again.', code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires both fields', async () => {
    const response = await api.post('/api/auth/login', { email: 'ana@example.com' });
    expect(response.body).toEqual({ message: 'Email and password are required', code: 'VALIDATION_ERROR' });
  });

  it('verifies a token and returns the fresh user at /verify, /profile and /me', async () => {
    const { tokens, user } = await register(api);
    expect((await api.get('/api/auth/verify', tokens.accessToken)).body).toEqual({ data: { user } });
    expect((await api.get('/api/auth/profile', tokens.accessToken)).body).toEqual({ data: user });
    expect((await api.get('/api/auth/me', tokens.accessToken)).body).toEqual({ data: user });
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });

  it('has no test login unless enabled, and its public config says so', async () => {
    const response = await api.post('/api/auth/test-login', { email: uniqueEmail() });
    expect(response.status).toBe(404);
    const config = await api.get('/api/config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ data: { testLogin: false } });
  });
});

describe('refresh tokens', () => {
  it('ends every other sign-in when the password changes, and keeps the one that changed it', async () => {
    const { user, email, password, tokens: here } = await register(api);
    const elsewhere = (await api.post('/api/auth/login', { email, password })).body.data.tokens;
    const change = await api.put('/api/user/password', { currentPassword: password, newPassword: 'Sneakers-456!' }, here.accessToken);
    expect(change.status).toBe(200);
    const other = await api.post('/api/auth/refresh', { refreshToken: elsewhere.refreshToken });
    expect(other.status).toBe(401);
    expect((await api.post('/api/auth/refresh', { refreshToken: here.refreshToken })).status).toBe(200);
    // The edge is told of the ended sign-in only, so its access tokens are refused at once and this one's are not.
    expect(await signedOut(auth, user.id)).toEqual([sidOf(elsewhere.accessToken)]);
  });

  it('tells the edge when a used refresh token is shown again: that sign-in has two holders, and its access tokens are refused', async () => {
    const { user, tokens } = await register(api);
    await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).body.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).body.code).toBe('REFRESH_TOKEN_REUSED');
    // Told once: the second showing finds the sign-in already ended.
    expect(await signedOut(auth, user.id)).toEqual([sidOf(tokens.accessToken)]);
  });

  it('ends a sign-in at its absolute lifetime, however often it was refreshed', async () => {
    const { tokens } = await register(api);
    try {
      auth.clock.advance(20 * DAY_MS);
      const rotated = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(rotated.status).toBe(200);
      auth.clock.advance(9 * DAY_MS);
      const still = await api.post('/api/auth/refresh', { refreshToken: rotated.body.data.tokens.refreshToken });
      expect(still.status).toBe(200);
      auth.clock.advance(2 * DAY_MS);
      const ended = await api.post('/api/auth/refresh', { refreshToken: still.body.data.tokens.refreshToken });
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'INVALID_REFRESH_TOKEN' });
    } finally {
      auth.clock.reset();
    }
  });

  it('rotates on every use and refuses the old one', async () => {
    const { tokens } = await register(api);
    const first = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.data.tokens.refreshToken).not.toBe(tokens.refreshToken);
    expect(first.body.data.user.membershipTier).toBe('trial');
    const second = await api.post('/api/auth/refresh', { refreshToken: first.body.data.tokens.refreshToken });
    expect(second.status).toBe(200);
  });

  it('revokes the whole family when a used token is presented again', async () => {
    const { tokens } = await register(api);
    const rotated = (await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).body.data.tokens;
    const reuse = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('REFRESH_TOKEN_REUSED');
    // The thief's reuse also ends the legitimate holder's session.
    const legit = await api.post('/api/auth/refresh', { refreshToken: rotated.refreshToken });
    expect(legit.status).toBe(401);
  });

  it('revokes on logout, and other sessions live on', async () => {
    const { email, password, tokens } = await register(api);
    const other = (await api.post('/api/auth/login', { email, password })).body.data.tokens;
    expect((await api.post('/api/auth/logout', { refreshToken: tokens.refreshToken })).status).toBe(200);
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect((await api.post('/api/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(200);
  });

  it("tells the edge which sign-in ended on logout (user.signed_out names its sid), so that its access tokens are refused", async () => {
    const { user, tokens } = await register(api);
    const sid = sidOf(tokens.accessToken);
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.post('/api/auth/logout', { refreshToken: tokens.refreshToken })).status).toBe(200);
    expect(await signedOut(auth, user.id)).toEqual([sid]);
    expect((await api.post('/api/auth/logout', { refreshToken: 'not-one-of-ours' })).status).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const { tokens } = await register(api);
    auth.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      const response = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('INVALID_REFRESH_TOKEN');
    } finally {
      auth.clock.reset();
    }
  });

  it('publishes user.active once per user per UTC day', async () => {
    const { tokens, user } = await register(api);
    await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    const count = async () =>
      (await auth.infra.pool!.query(`SELECT count(*)::int AS n FROM outbox WHERE message_key = $1 AND type = 'user.active@1'`, [user.id])).rows[0].n;
    expect(await count()).toBe(1);
  });
});
