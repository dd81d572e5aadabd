import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, register, startAuth, type AuthApp } from './auth-app.ts';
import { waitFor } from '@kicksight/testkit';

let auth: AuthApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  auth = await startAuth({ TEST_LOGIN_ENABLED: 'true' });
  api = client(auth.url);
});
afterAll(() => auth?.close());

describe('account deletion', () => {
  it('needs the password, then erases the account, publishes user.deleted and refuses the old tokens', async () => {
    const { tokens, user, password, email } = await register(api);
    const missing = await api.delete('/api/user', {}, tokens.accessToken);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Current password is required', code: 'VALIDATION_ERROR' });
    const wrong = await api.delete('/api/user', { password: 'not-it' }, tokens.accessToken);
    expect(wrong.body).toEqual({ message: 'Current password is incorrect', code: 'INVALID_CURRENT_PASSWORD' });

    expect((await api.delete('/api/user', { password }, tokens.accessToken)).status).toBe(200);
    const event = await waitFor(
      async () => (await auth.infra.pool!.query(`SELECT envelope, status FROM outbox WHERE type = 'user.deleted@1' AND message_key = $1 AND status = 'published'`, [user.id])).rows[0],
      { message: 'user.deleted published' },
    );
    expect(event.envelope.data).toEqual({ userId: user.id });
    const me = await api.get('/api/auth/me', tokens.accessToken);
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('ACCOUNT_DELETED');
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect((await api.post('/api/auth/login', { email, password })).status).toBe(401);
  });

  it('lets a passwordless account delete itself only right after a sign-in', async () => {
    const session = (await api.post('/api/auth/test-login', { email: 'oauth-only@example.com' })).body.data;
    expect(session.user.hasPassword).toBe(false);
    auth.clock.advance(11 * 60 * 1000);
    try {
      const stale = await api.delete('/api/user', {}, session.tokens.accessToken);
      expect(stale.status).toBe(403);
      expect(stale.body.code).toBe('RECENT_SIGN_IN_REQUIRED');
    } finally {
      auth.clock.reset();
    }
    const fresh = (await api.post('/api/auth/test-login', { email: 'oauth-only@example.com' })).body.data;
    expect((await api.delete('/api/user', {}, fresh.tokens.accessToken)).status).toBe(200);
  });

  it('lets a passwordless account ask for a new email only right after a sign-in', async () => {
    const session = (await api.post('/api/auth/test-login', { email: 'oauth-email-change@example.com' })).body.data;
    const body = { name: 'Oauth Member', email: 'oauth-new-address@example.com' };
    auth.clock.advance(11 * 60 * 1000);
    try {
      const stale = await api.put('/api/user/profile', body, session.tokens.accessToken);
      expect(stale.status).toBe(403);
      expect(stale.body).toEqual({ message: 'Please sign in with Google again to confirm changing your email.', code: 'RECENT_SIGN_IN_REQUIRED' });
    } finally {
      auth.clock.reset();
    }
    const fresh = (await api.post('/api/auth/test-login', { email: 'oauth-email-change@example.com' })).body.data;
    const asked = await api.put('/api/user/profile', body, fresh.tokens.accessToken);
    expect(asked.body).toEqual({ data: { name: 'Oauth Member', email: 'oauth-email-change@example.com', pendingEmail: 'oauth-new-address@example.com' } });
  });
});
