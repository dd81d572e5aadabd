import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_TTL_MS, FORGOT_PASSWORD_CONFIRMATION } from '@kicksight/contracts';
import { JWT_AUDIENCE, JWT_ISSUER, newEvent } from '@kicksight/platform';
import { waitFor } from '@kicksight/testkit';
import { GOOGLE_REDIRECT_URI, claimsOf, client, register, startAuthStack, uniqueEmail, type AuthStack, type Client, type Json } from './auth-stack.ts';

/**
 * Sign-up, sign-in, sessions, password reset, settings, administration, API keys and account
 * deletion, driven through the BFF against the real auth service.
 */

const stack = inject('stack');
let s: AuthStack;
let api: Client;

beforeAll(async () => {
  s = await startAuthStack(stack);
  api = client(s.bffUrl);
});
afterAll(() => s?.close());

const INVALID_CREDENTIALS = { message: 'Invalid email or password. Please try again.', code: 'INVALID_CREDENTIALS' };
const AUTH_REQUIRED = { message: 'Authentication required', code: 'UNAUTHORIZED' };

/** An error answer carries exactly a readable message and a machine code. */
function expectErrorBody(body: Json, code?: string): void {
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
}

/** The reset link of the newest password_reset_requested event for an email, as auth wrote it to its outbox. */
async function resetTokenFor(email: string): Promise<string> {
  const { rows } = await s.authPool.query(
    `SELECT envelope FROM outbox WHERE type = 'user.password_reset_requested@1' AND envelope->'data'->>'email' = $1 ORDER BY seq DESC LIMIT 1`,
    [email],
  );
  expect(rows, `a reset link for ${email}`).toHaveLength(1);
  const link = new URL(rows[0].envelope.data.resetUrl as string);
  expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5173/reset-password');
  return link.searchParams.get('token')!;
}

/** Where the BFF caches the exchange of an API key: named by the key's SHA-256, as auth stores it. */
const cacheKeyOf = (key: string): string => `apikey:${createHash('sha256').update(key).digest('hex')}`;

/** Publishes billing's `subscription.started` (or another change) for a user, on the topics auth and the BFF share. */
async function subscribe(
  userId: string,
  tier: 'premium' | 'unlimited',
  { type = 'subscription.started@1', at = new Date() }: { type?: 'subscription.started@1' | 'subscription.changed@1'; at?: Date } = {},
): Promise<void> {
  const event = newEvent(type, { userId, tier, status: 'active', periodEnd: '2027-12-22T00:00:00.000Z', cancelAtPeriodEnd: false }, { clock: { now: () => at } });
  await s.producer.send([{ key: userId, envelope: event }]);
}

/** Refreshes through the BFF (rotating the token each time) until the user shows `tier`; returns that session. */
async function refreshUntilTier(refreshToken: string, tier: string): Promise<{ user: Json; tokens: { accessToken: string; refreshToken: string } }> {
  let current = refreshToken;
  return waitFor(
    async () => {
      const response = await api.post('/api/auth/refresh', { refreshToken: current });
      if (response.status !== 200) throw new Error(`refresh answered ${response.status} ${JSON.stringify(response.body)}`);
      current = response.body.data.tokens.refreshToken;
      return response.body.data.user.membershipTier === tier ? response.body.data : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, message: `membershipTier ${tier} after a refresh` },
  );
}

describe('registration and sign-in', () => {
  it('registers with 201, the user and a token set', async () => {
    const email = uniqueEmail();
    const response = await api.post('/api/auth/register', { name: 'Ana Lima', email, password: 'sneakers-123' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: {
        user: { id: expect.any(String), email, name: 'Ana Lima', membershipTier: 'trial', hasPassword: true },
        tokens: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresAt: expect.any(Number) },
      },
    });
    const { tokens, user } = response.body.data;
    expect(tokens.expiresAt - Date.now()).toBeGreaterThan(ACCESS_TOKEN_TTL_MS - 60_000);
    expect(claimsOf(tokens.accessToken)).toMatchObject({ sub: user.id, email, role: 'member', tier: 'trial', iss: 'kicksight-auth' });
  });

  it('refuses an invalid registration with 400 and the form message', async () => {
    const cases: [object, string][] = [
      [{ name: '', email: uniqueEmail(), password: 'sneakers-123' }, 'Please enter your full name.'],
      [{ name: 'Ana', email: 'ana@nowhere', password: 'sneakers-123' }, 'Please enter a valid email address.'],
      [{ name: 'Ana', email: uniqueEmail(), password: 'short' }, 'Password must be at least 8 characters long.'],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/api/auth/register', body);
      expect(response.status, message).toBe(400);
      expect(response.body).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses a second account for the same email with 409 EMAIL_EXISTS', async () => {
    const { email } = await register(api);
    const again = await api.post('/api/auth/register', { name: 'Other', email: email.toUpperCase(), password: 'sneakers-123' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'An account with this email already exists.', code: 'EMAIL_EXISTS' });
  });

  it('signs in with the password, and answers a wrong password or an unknown email with the same 401', async () => {
    const { email, password, user } = await register(api);
    const ok = await api.post('/api/auth/login', { email, password });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toEqual(user);
    expect(ok.body.data.tokens).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresAt: expect.any(Number) });

    const wrong = await api.post('/api/auth/login', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_CREDENTIALS);
    const unknown = await api.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever-123' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(INVALID_CREDENTIALS);
  });

  it('signs in without a password through test login, and refuses an invalid email', async () => {
    const email = uniqueEmail('tester');
    const first = await api.post('/api/auth/test-login', { email });
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ email, hasPassword: false, membershipTier: 'trial' });
    const again = await api.post('/api/auth/test-login', { email });
    expect(again.body.data.user.id).toBe(first.body.data.user.id);

    const invalid = await api.post('/api/auth/test-login', { email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'Please enter a valid email address.', code: 'VALIDATION_ERROR' });
  });

  it('signs in with Google into an account without a password, and refuses a code Google refuses', async () => {
    const email = uniqueEmail('google');
    s.oauth.service.once('beforeUserinfo', (response) => {
      response.body = { sub: randomUUID(), email, email_verified: true, name: 'Gabi Google', picture: 'http://127.0.0.1/avatar.png' };
    });
    const signedIn = await api.post('/api/auth/google', { code: 'code-1', redirectUri: GOOGLE_REDIRECT_URI });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toEqual({ id: expect.any(String), email, name: 'Gabi Google', membershipTier: 'trial', avatarUrl: 'http://127.0.0.1/avatar.png', hasPassword: false });
    const me = await api.get('/api/auth/me', signedIn.body.data.tokens.accessToken);
    expect(me.body.data.id).toBe(signedIn.body.data.user.id);

    s.oauth.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const refused = await api.post('/api/auth/google', { code: 'expired-code', redirectUri: GOOGLE_REDIRECT_URI });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Google login failed. Please try again.', code: 'GOOGLE_AUTH_FAILED' });
    const noCode = await api.post('/api/auth/google', { redirectUri: GOOGLE_REDIRECT_URI });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toEqual({ message: 'No authorization code received', code: 'VALIDATION_ERROR' });
  });
});

describe('sessions', () => {
  it('rotates the refresh token; reusing the old one answers 401 REFRESH_TOKEN_REUSED and ends the family', async () => {
    const { tokens, user } = await register(api);
    const rotated = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.user).toEqual(user);
    const next = rotated.body.data.tokens;
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect((await api.get('/api/auth/me', next.accessToken)).status).toBe(200);

    const reuse = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: expect.any(String), code: 'REFRESH_TOKEN_REUSED' });
    // The reuse also ends the session of whoever holds the newest token of the family.
    const family = await api.post('/api/auth/refresh', { refreshToken: next.refreshToken });
    expect(family.status).toBe(401);
    expectErrorBody(family.body);
  });

  it('refuses a missing or unknown refresh token', async () => {
    const missing = await api.post('/api/auth/refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'No refresh token available', code: 'VALIDATION_ERROR' });
    const unknown = await api.post('/api/auth/refresh', { refreshToken: 'not-a-refresh-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'INVALID_REFRESH_TOKEN' });
  });

  it('ends a session on logout while another session of the account lives on', async () => {
    const { email, password, tokens } = await register(api);
    const other = (await api.post('/api/auth/login', { email, password })).body.data.tokens;
    const out = await api.post('/api/auth/logout', { refreshToken: tokens.refreshToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: { message: 'Signed out' } });
    const after = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(after.status).toBe(401);
    expectErrorBody(after.body);
    expect((await api.post('/api/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(200);

    const tooLong = await api.post('/api/auth/logout', { refreshToken: 'x'.repeat(500) });
    expect(tooLong.status).toBe(400);
    expectErrorBody(tooLong.body, 'VALIDATION_ERROR');
  });

  it('answers verify, profile and me with the fresh user for a token, and 401 without one', async () => {
    const { tokens, user } = await register(api);
    const verify = await api.get('/api/auth/verify', tokens.accessToken);
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ data: { user } });
    for (const path of ['/api/auth/profile', '/api/auth/me']) {
      const response = await api.get(path, tokens.accessToken);
      expect(response.status, path).toBe(200);
      expect(response.body).toEqual({ data: user });
    }
    for (const path of ['/api/auth/verify', '/api/auth/profile', '/api/auth/me']) {
      const anonymous = await api.get(path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toEqual(AUTH_REQUIRED);
      const garbage = await api.get(path, 'not.a.token');
      expect(garbage.status, path).toBe(401);
      expectErrorBody(garbage.body);
    }
  });
});

describe('password reset', () => {
  it('answers forgot-password the same for a known and an unknown email', async () => {
    const { email } = await register(api);
    const known = await api.post('/api/auth/forgot-password', { email });
    const unknown = await api.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ data: { message: FORGOT_PASSWORD_CONFIRMATION } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const invalid = await api.post('/api/auth/forgot-password', { email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'Please enter a valid email address.', code: 'VALIDATION_ERROR' });
  });

  it('resets the password once with the emailed link and ends every session', async () => {
    const { email, password, tokens } = await register(api);
    await api.post('/api/auth/forgot-password', { email });
    const token = await resetTokenFor(email);

    expect((await api.get(`/api/auth/verify-reset-token?token=${token}`)).body).toEqual({ data: { valid: true } });
    const reset = await api.post('/api/auth/reset-password', { token, password: 'new-password-9' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ data: { message: 'Password reset successful' } });
    expect((await api.post('/api/auth/login', { email, password: 'new-password-9' })).status).toBe(200);
    expect((await api.post('/api/auth/login', { email, password })).body).toEqual(INVALID_CREDENTIALS);
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);

    const again = await api.post('/api/auth/reset-password', { token, password: 'another-pass-9' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Invalid or expired link', code: 'INVALID_RESET_TOKEN' });
    expect((await api.get(`/api/auth/verify-reset-token?token=${token}`)).body).toEqual({ data: { valid: false } });
  });

  it('expires the link after an hour', async () => {
    const { email, password } = await register(api);
    await api.post('/api/auth/forgot-password', { email });
    const token = await resetTokenFor(email);
    s.authClock.advance(60 * 60 * 1000 + 5_000);
    try {
      expect((await api.get(`/api/auth/verify-reset-token?token=${token}`)).body).toEqual({ data: { valid: false } });
      const late = await api.post('/api/auth/reset-password', { token, password: 'new-password-9' });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ message: 'Invalid or expired link', code: 'INVALID_RESET_TOKEN' });
    } finally {
      s.authClock.reset();
    }
    expect((await api.post('/api/auth/login', { email, password })).status).toBe(200);
  });

  it('treats an unknown token as invalid and checks the new password length', async () => {
    expect((await api.get('/api/auth/verify-reset-token')).body).toEqual({ data: { valid: false } });
    expect((await api.get('/api/auth/verify-reset-token?token=nope')).body).toEqual({ data: { valid: false } });
    const unknown = await api.post('/api/auth/reset-password', { token: 'nope', password: 'new-password-9' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'Invalid or expired link', code: 'INVALID_RESET_TOKEN' });
    const short = await api.post('/api/auth/reset-password', { token: 'nope', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'Password must be at least 8 characters long', code: 'VALIDATION_ERROR' });
  });
});

describe('settings', () => {
  it('reads and updates the profile; a new email takes effect from the link sent to it', async () => {
    const { tokens, email, password } = await register(api);
    expect((await api.get('/api/user/profile', tokens.accessToken)).body).toEqual({ data: { name: 'Ana Lima', email, hasPassword: true, emailNotifications: true } });
    const next = uniqueEmail('renamed');
    const updated = await api.put('/api/user/profile', { name: 'Ana Souza', email: `  ${next.toUpperCase()} `, currentPassword: password }, tokens.accessToken);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ data: { name: 'Ana Souza', email, pendingEmail: next } });
    expect((await api.get('/api/user/profile', tokens.accessToken)).body).toEqual({ data: { name: 'Ana Souza', email, hasPassword: true, emailNotifications: true, pendingEmail: next } });
    const { rows } = await s.authPool.query(`SELECT envelope FROM outbox WHERE type = 'user.email_change_requested@1' AND envelope->'data'->>'email' = $1`, [next]);
    const link = new URL(rows[0].envelope.data.confirmUrl as string);
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5173/confirm-email');
    const confirmed = await api.post('/api/auth/confirm-email-change', { token: link.searchParams.get('token') });
    expect(confirmed.body).toEqual({ data: { message: 'Your email address is changed.' } });
    expect((await api.get('/api/user/profile', tokens.accessToken)).body).toEqual({ data: { name: 'Ana Souza', email: next, hasPassword: true, emailNotifications: true } });
  });

  it("refuses another account's email, an empty name, and a caller without a token", async () => {
    const taken = await register(api);
    const { tokens } = await register(api);
    const clash = await api.put('/api/user/profile', { name: 'Ana', email: taken.email, currentPassword: 'sneakers-123' }, tokens.accessToken);
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: 'An account with this email already exists.', code: 'EMAIL_EXISTS' });
    const empty = await api.put('/api/user/profile', { name: '', email: uniqueEmail() }, tokens.accessToken);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'First name is required', code: 'VALIDATION_ERROR' });
    expect((await api.get('/api/user/profile')).body).toEqual(AUTH_REQUIRED);
    const anonymous = await api.put('/api/user/profile', { name: 'Ana', email: uniqueEmail() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(AUTH_REQUIRED);
  });

  it('changes the password only with the current one and a strong new one', async () => {
    const { tokens, email, password } = await register(api);
    const weak = await api.put('/api/user/password', { currentPassword: password, newPassword: 'alllowercase1' }, tokens.accessToken);
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ message: 'Password must contain uppercase, lowercase, number, and special character', code: 'VALIDATION_ERROR' });
    const wrong = await api.put('/api/user/password', { currentPassword: 'not-it', newPassword: 'Str0ng!pass' }, tokens.accessToken);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Current password is incorrect', code: 'INVALID_CURRENT_PASSWORD' });
    const changed = await api.put('/api/user/password', { currentPassword: password, newPassword: 'Str0ng!pass' }, tokens.accessToken);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ data: { message: 'Password changed' } });
    expect((await api.post('/api/auth/login', { email, password: 'Str0ng!pass' })).status).toBe(200);
    expect((await api.post('/api/auth/login', { email, password })).status).toBe(401);
  });

  it('turns email notifications off and on, and refuses a value that is not a boolean', async () => {
    const { tokens } = await register(api);
    const off = await api.put('/api/user/email-preferences', { emailNotifications: false }, tokens.accessToken);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ data: { emailNotifications: false } });
    expect((await api.put('/api/user/email-preferences', { emailNotifications: true }, tokens.accessToken)).body).toEqual({ data: { emailNotifications: true } });
    const invalid = await api.put('/api/user/email-preferences', { emailNotifications: 'no' }, tokens.accessToken);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'emailNotifications must be true or false', code: 'VALIDATION_ERROR' });
    expect((await api.put('/api/user/email-preferences', { emailNotifications: false })).status).toBe(401);
  });
});

describe('administration', () => {
  it('refuses a member with 403, and lists the newest users for an administrator', async () => {
    const member = await register(api);
    const refused = await api.get('/api/admin/users', member.tokens.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Administrator access required', code: 'FORBIDDEN' });
    expect((await api.get('/api/admin/users')).status).toBe(401);

    const admin = await register(api, { name: 'Ada Admin' });
    await s.authPool.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    const refreshed = await api.post('/api/auth/refresh', { refreshToken: admin.tokens.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.user.membershipTier).toBe('admin');
    const token = refreshed.body.data.tokens.accessToken as string;
    expect(claimsOf(token).role).toBe('admin');

    const listed = await api.get('/api/admin/users?limit=5', token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ data: { users: expect.any(Array) } });
    expect(listed.body.data.users.length).toBeGreaterThanOrEqual(2);
    expect(listed.body.data.users[0]).toEqual({ id: admin.user.id, name: 'Ada Admin', email: admin.email, membershipTier: 'admin', membershipStatus: 'trial', createdAt: expect.any(String) });
    expect(listed.body.data.users.map((u: Json) => u.id)).toContain(member.user.id);

    const tooMany = await api.get('/api/admin/users?limit=500', token);
    expect(tooMany.status).toBe(400);
    expectErrorBody(tooMany.body, 'VALIDATION_ERROR');
  });
});

describe('membership tier', () => {
  it('shows a subscription published by billing in the next refresh and its token', async () => {
    const { user, tokens } = await register(api);
    const before = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(before.body.data.user.membershipTier).toBe('trial');
    await subscribe(user.id, 'unlimited');
    const session = await refreshUntilTier(before.body.data.tokens.refreshToken, 'unlimited');
    expect(claimsOf(session.tokens.accessToken).tier).toBe('unlimited');
    expect((await api.get('/api/auth/me', session.tokens.accessToken)).body.data.membershipTier).toBe('unlimited');
  });
});

describe('personal API keys', () => {
  /**
   * A registered member on the Unlimited plan, with a token that says so. The plan dates from a while
   * ago: right after a change of plan the BFF does not cache the member's exchanges for a moment.
   */
  async function unlimitedMember() {
    const registered = await register(api);
    await subscribe(registered.user.id, 'unlimited', { at: new Date(Date.now() - 15 * 60_000) });
    const session = await refreshUntilTier(registered.tokens.refreshToken, 'unlimited');
    return { ...registered, token: session.tokens.accessToken };
  }
  const withKey = (key: string, method = 'GET', path = '/api/auth/me', body?: unknown) =>
    fetch(`${s.bffUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('are refused to a member who is not on Unlimited', async () => {
    const { tokens } = await register(api);
    const response = await api.post('/api/user/api-keys', { name: 'spreadsheet' }, tokens.accessToken);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'API access is available on the Unlimited plan.', code: 'PREMIUM_FEATURE' });
  });

  it('are shown once, read as their owner, refused for writes, and refused once revoked', async () => {
    const owner = await unlimitedMember();
    const created = await api.post('/api/user/api-keys', { name: 'spreadsheet' }, owner.token);
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(String), name: 'spreadsheet', prefix: expect.any(String), createdAt: expect.any(String), lastUsedAt: null, key: expect.stringMatching(/^ks_live_[\w-]{43}$/) });
    const { key, id } = created.body.data as { key: string; id: string };
    const listed = await api.get('/api/user/api-keys', owner.token);
    expect(listed.body.data).toEqual([{ id, name: 'spreadsheet', prefix: key.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    // The first use: the BFF exchanges the key at auth and keeps the exchange for at most a minute.
    const me = await withKey(key);
    expect(me.status).toBe(200);
    expect(((await me.json()) as Json).data).toMatchObject({ id: owner.user.id, email: owner.email, membershipTier: 'unlimited' });

    const write = await withKey(key, 'PUT', '/api/user/email-preferences', { emailNotifications: false });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ message: 'API keys can only be used for read requests', code: 'API_KEY_READ_ONLY' });
    expect((await api.get('/api/user/profile', owner.token)).status).toBe(200);

    const unknown = await withKey(`ks_live_${'x'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Invalid API key', code: 'INVALID_API_KEY' });

    expect(await s.bffRedis.exists(cacheKeyOf(key)), 'the exchange cached by the BFF').toBe(1);
    const revoked = await api.delete(`/api/user/api-keys/${id}`, undefined, owner.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ data: { message: 'API key revoked' } });
    expect((await api.get('/api/user/api-keys', owner.token)).body.data).toEqual([]);

    // user.api_key_revoked reaches the BFF through auth's outbox and Kafka; the cached exchange is dropped.
    const revokedAt = Date.now();
    const refused = await waitFor(
      async () => {
        const response = await withKey(key);
        return response.status === 401 ? response : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100, message: 'the revoked key to be refused' },
    );
    expect(Date.now() - revokedAt).toBeLessThan(10_000);
    expect(await refused.json()).toEqual({ message: 'Invalid API key', code: 'INVALID_API_KEY' });
    expect(await s.bffRedis.exists(cacheKeyOf(key))).toBe(0);
  });

  it('stop working within seconds when the owner leaves the Unlimited plan, though their exchange was cached', async () => {
    const owner = await unlimitedMember();
    const { key } = (await api.post('/api/user/api-keys', { name: 'dashboard' }, owner.token)).body.data as { key: string };
    expect((await withKey(key)).status).toBe(200);
    expect(await s.bffRedis.exists(cacheKeyOf(key)), 'the exchange cached by the BFF').toBe(1);

    await subscribe(owner.user.id, 'premium', { type: 'subscription.changed@1' });
    const refused = await waitFor(
      async () => {
        const response = await withKey(key);
        return response.status === 403 ? response : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100, message: 'the key of a member who left Unlimited to be refused' },
    );
    expect(await refused.json()).toEqual({ message: 'API access is available on the Unlimited plan.', code: 'PREMIUM_FEATURE' });
  });

  it('leave no cached exchange behind when the owner deletes the account', async () => {
    const owner = await unlimitedMember();
    const { key } = (await api.post('/api/user/api-keys', { name: 'export' }, owner.token)).body.data as { key: string };
    expect((await withKey(key)).status).toBe(200);
    expect(await s.bffRedis.sismember(`apikeys:user:${owner.user.id}`, cacheKeyOf(key).slice('apikey:'.length))).toBe(1);

    expect((await api.delete('/api/user', { password: owner.password }, owner.token)).status).toBe(200);
    await waitFor(async () => (await s.bffRedis.exists(cacheKeyOf(key), `apikeys:user:${owner.user.id}`)) === 0, {
      timeoutMs: 10_000,
      intervalMs: 100,
      message: 'the deleted account’s cached exchanges to be dropped',
    });
    const response = await withKey(key);
    expect(response.status).toBe(401);
  });

  it('refuses at once a revoked key the BFF has not used yet', async () => {
    const owner = await unlimitedMember();
    const created = (await api.post('/api/user/api-keys', { name: 'unused' }, owner.token)).body.data as { key: string; id: string };
    expect((await api.delete(`/api/user/api-keys/${created.id}`, undefined, owner.token)).status).toBe(200);
    const response = await withKey(created.key);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid API key', code: 'INVALID_API_KEY' });
    expect((await api.delete(`/api/user/api-keys/${created.id}`, undefined, owner.token)).status).toBe(404);
  });
});

describe('account deletion', () => {
  it('needs the password, then refuses the still-valid access token and the refresh token', async () => {
    const { tokens, password, email } = await register(api);
    // A route of another service: only the BFF's own check (the deleted-account list) can refuse it.
    const collections = () => fetch(`${s.bffUrl}/api/collections`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect((await collections()).status).toBe(200);

    const wrong = await api.delete('/api/user', { password: 'not-it' }, tokens.accessToken);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Current password is incorrect', code: 'INVALID_CURRENT_PASSWORD' });
    expect((await api.delete('/api/user', { password })).status).toBe(401);

    const deleted = await api.delete('/api/user', { password }, tokens.accessToken);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { message: 'Your account and all its data were deleted.' } });
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());

    const me = await api.get('/api/auth/me', tokens.accessToken);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: expect.any(String), code: 'ACCOUNT_DELETED' });
    // user.deleted reaches the BFF through the outbox and Kafka.
    const refused = await waitFor(
      async () => {
        const response = await collections();
        return response.status === 401 ? response : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, message: 'the deleted account to be refused at the edge' },
    );
    expect(await refused.json()).toEqual({ message: 'This account has been deleted', code: 'ACCOUNT_DELETED' });

    const refresh = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(refresh.status).toBe(401);
    expectErrorBody(refresh.body);
    expect((await api.post('/api/auth/login', { email, password })).body).toEqual(INVALID_CREDENTIALS);
  });
});

describe('security at the edge', () => {
  const forgedClaims = { email: 'mallory@example.com', name: 'Mallory', role: 'admin', tier: 'unlimited' };

  it('refuses a token signed with another key, an unsigned one and an edited one with 401', async () => {
    const { tokens } = await register(api);
    const kid = (JSON.parse(Buffer.from(tokens.accessToken.split('.')[0]!, 'base64url').toString()) as Json).kid as string;
    const { privateKey } = await generateKeyPair('ES256');
    const otherKey = await new SignJWT(forgedClaims).setProtectedHeader({ alg: 'ES256', kid }).setSubject(randomUUID()).setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setExpirationTime('1h').sign(privateKey);
    const unsigned = new UnsecuredJWT(forgedClaims).setSubject(randomUUID()).setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setExpirationTime('1h').encode();
    const [header, payload, signature] = tokens.accessToken.split('.');
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(tokens.accessToken), role: 'admin' })).toString('base64url')}.${signature}`;
    expect(payload).toBeDefined();

    const before = s.upstream.received.length;
    for (const [label, token] of [['another key', otherKey], ['alg none', unsigned], ['edited payload', edited]] as const) {
      for (const path of ['/api/auth/me', '/api/admin/users', '/api/collections']) {
        const response = await api.get(path, token);
        expect(response.status, `${label} ${path}`).toBe(401);
        expectErrorBody(response.body);
        expect(response.body).toEqual({ message: 'Invalid access token', code: 'UNAUTHORIZED' });
      }
    }
    expect(s.upstream.received.length).toBe(before);
    expect((await api.get('/api/auth/me', tokens.accessToken)).status).toBe(200);
  });

  it('refuses an expired token with 401 TOKEN_EXPIRED', async () => {
    const { email, password } = await register(api);
    s.authClock.advance(-2 * 60 * 60 * 1000);
    let expired: string;
    try {
      expired = (await api.post('/api/auth/login', { email, password })).body.data.tokens.accessToken;
    } finally {
      s.authClock.reset();
    }
    for (const path of ['/api/auth/me', '/api/user/profile', '/api/collections']) {
      const response = await api.get(path, expired);
      expect(response.status, path).toBe(401);
      expectErrorBody(response.body);
      expect(response.body).toEqual({ message: 'Your session has expired', code: 'TOKEN_EXPIRED' });
    }
  });

  it('answers SQL-injection strings with 4xx, never 5xx, and changes nothing', async () => {
    const { email, password } = await register(api);
    const attempts = [
      { email: "' OR '1'='1", password: "' OR '1'='1" },
      { email: `${email}' --`, password: 'x' },
      { email: "admin@example.com'; DROP TABLE users; --", password: 'x' },
      { email, password: "' OR 1=1; --" },
      { email: { $ne: '' }, password: { $ne: '' } },
    ];
    for (const body of attempts) {
      const response = await api.post('/api/auth/login', body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expectErrorBody(response.body);
    }
    const bobby = await api.post('/api/auth/register', { name: "Robert'); DROP TABLE users;--", email: uniqueEmail('bobby'), password: 'sneakers-123' });
    expect(bobby.status).toBe(201);
    expect(bobby.body.data.user.name).toBe("Robert'); DROP TABLE users;--");
    expect((await api.post('/api/auth/login', { email, password })).status).toBe(200);
  });

  it('answers an oversized body with 413 before it reaches auth', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(2_000_000), email: uniqueEmail('huge'), password: 'sneakers-123' });
    const response = await api.raw('POST', '/api/auth/register', huge);
    expect(response.status).toBe(413);
    expectErrorBody(response.body, 'PAYLOAD_TOO_LARGE');
    const bad = await api.raw('POST', '/api/auth/login', '{"email": ');
    expect(bad.status).toBe(400);
    expectErrorBody(bad.body, 'INVALID_JSON');
  });

  it('never writes a token, a password or a reset token to a log line', async () => {
    const { email, password, tokens } = await register(api);
    const login = (await api.post('/api/auth/login', { email, password })).body.data.tokens;
    await api.get('/api/auth/me', tokens.accessToken);
    // Collection is the recording upstream here, which mirrors the request instead of answering as collection does.
    await api.call('GET', '/api/collections', { token: login.accessToken, unchecked: true });
    await api.post('/api/auth/login', { email, password: 'wrong-password-1' });
    const refreshed = (await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).body.data.tokens;
    await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    await api.post('/api/auth/forgot-password', { email });
    const resetToken = await resetTokenFor(email);
    await api.get(`/api/auth/verify-reset-token?token=${resetToken}`);
    const newPassword = 'Another-pass-9!';
    await api.post('/api/auth/reset-password', { token: resetToken, password: newPassword });
    await api.post('/api/auth/reset-password', { token: resetToken, password: newPassword });

    // The event stream takes its token in the query string (a sign-in after the reset: the reset ended every one before it).
    const afterReset = (await api.post('/api/auth/login', { email, password: newPassword })).body.data.tokens;
    const controller = new AbortController();
    const stream = await fetch(`${s.bffUrl}/api/events?token=${afterReset.accessToken}`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    expect(stream.status).toBe(200);
    controller.abort();
    const streamLogged = await waitFor(() => s.bffLogs.some((line) => line.includes('/api/events')), { timeoutMs: 10_000, message: 'the event stream request in the logs' });
    expect(streamLogged).toBe(true);

    const secrets = { password, newPassword, accessToken: tokens.accessToken, loginAccessToken: login.accessToken, refreshToken: tokens.refreshToken, refreshedAccessToken: refreshed.accessToken, refreshedRefreshToken: refreshed.refreshToken, resetToken, afterResetAccessToken: afterReset.accessToken, afterResetRefreshToken: afterReset.refreshToken };
    expect(s.bffLogs.length).toBeGreaterThan(10);
    for (const [what, secret] of Object.entries(secrets)) {
      const bffLeaks = s.bffLogs.filter((line) => line.includes(secret));
      expect(bffLeaks, `${what} in a BFF log line`).toEqual([]);
      const authLeaks = s.authLogs.filter((line) => line.includes(secret));
      expect(authLeaks, `${what} in an auth log line`).toEqual([]);
    }
  });
});
