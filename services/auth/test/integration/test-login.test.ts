import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startAuth, uniqueEmail, type AuthApp } from './auth-app.ts';

const ADMIN_EMAIL = uniqueEmail('admin');
let auth: AuthApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  auth = await startAuth({ TEST_LOGIN_ENABLED: 'true', SEED_ADMIN_EMAIL: ADMIN_EMAIL, SEED_ADMIN_PASSWORD: 'Admin-password-2026!' });
  api = client(auth.url);
});
afterAll(() => auth?.close());

describe('test sign-in, where enabled', () => {
  it('is announced by the public config, without a token', async () => {
    const config = await api.get('/api/config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ data: { testLogin: true } });
  });

  it('signs a member in without a password, creating the account once', async () => {
    const email = uniqueEmail();
    const first = await api.post('/api/auth/test-login', { email });
    expect(first.status).toBe(200);
    expect(first.body.data.user.membershipTier).toBe('trial');
    const again = await api.post('/api/auth/test-login', { email });
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
  });

  it('never signs in an administrator, who keeps signing in with the password', async () => {
    const refused = await api.post('/api/auth/test-login', { email: ADMIN_EMAIL });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Test sign-in is not available for administrator accounts.', code: 'TEST_LOGIN_NOT_ALLOWED' });
    const upper = await api.post('/api/auth/test-login', { email: ADMIN_EMAIL.toUpperCase() });
    expect(upper.status).toBe(403);
    const withPassword = await api.post('/api/auth/login', { email: ADMIN_EMAIL, password: 'Admin-password-2026!' });
    expect(withPassword.status).toBe(200);
    expect(withPassword.body.data.user.membershipTier).toBe('admin');
  });
});
