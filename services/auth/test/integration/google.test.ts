import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { randomUUID } from 'node:crypto';
import { client, register, startAuth, uniqueEmail, type AuthApp } from './auth-app.ts';

let oauth: OAuth2Server;
let auth: AuthApp;
let api: ReturnType<typeof client>;
const REDIRECT_URI = 'http://127.0.0.1:5173/auth/callback';

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const issuer = oauth.issuer.url!;
  auth = await startAuth({
    GOOGLE_CLIENT_ID: 'kicksight-web',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
  });
  api = client(auth.url);
});
afterAll(async () => {
  await auth?.close();
  await oauth?.stop();
});

/** The next userinfo answer of the provider. */
function googleProfile(profile: { sub: string; email: string; email_verified: boolean; name: string; picture?: string }) {
  oauth.service.once('beforeUserinfo', (response) => {
    response.body = profile;
  });
}

describe('Google sign-in', () => {
  it('creates an account without a password from a new Google identity, and signs the same identity in again', async () => {
    const email = uniqueEmail('google');
    const sub = randomUUID();
    googleProfile({ sub, email, email_verified: true, name: 'Gabi Google', picture: 'http://127.0.0.1/avatar.png' });
    const first = await api.post('/api/auth/google', { code: 'code-1', redirectUri: REDIRECT_URI });
    expect(first.status).toBe(200);
    expect(first.body.data.user).toEqual({ id: expect.any(String), email, name: 'Gabi Google', membershipTier: 'trial', avatarUrl: 'http://127.0.0.1/avatar.png', hasPassword: false });

    googleProfile({ sub, email, email_verified: true, name: 'Gabi Google' });
    const again = await api.post('/api/auth/google', { code: 'code-2', redirectUri: REDIRECT_URI });
    expect(again.body.data.user.id).toBe(first.body.data.user.id);

    const token = first.body.data.tokens.accessToken;
    const change = await api.put('/api/user/password', { currentPassword: 'x', newPassword: 'Str0ng!pass' }, token);
    expect(change.body).toEqual({ message: 'Cannot change password for Google OAuth users', code: 'OAUTH_USER' });
  });

  it('links a verified Google email to the existing account', async () => {
    const existing = await register(api);
    googleProfile({ sub: randomUUID(), email: existing.email, email_verified: true, name: 'Ana on Google' });
    const response = await api.post('/api/auth/google', { code: 'code-3', redirectUri: REDIRECT_URI });
    expect(response.body.data.user).toMatchObject({ id: existing.user.id, hasPassword: true, name: 'Ana Lima' });
  });

  it('does not link an unverified Google email', async () => {
    const existing = await register(api);
    googleProfile({ sub: randomUUID(), email: existing.email, email_verified: false, name: 'Impostor' });
    const response = await api.post('/api/auth/google', { code: 'code-4', redirectUri: REDIRECT_URI });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('answers a refused code with the spec message', async () => {
    oauth.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const response = await api.post('/api/auth/google', { code: 'expired-code', redirectUri: REDIRECT_URI });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Google login failed. Please try again.', code: 'GOOGLE_AUTH_FAILED' });
  });

  it('requires a code', async () => {
    const response = await api.post('/api/auth/google', { redirectUri: REDIRECT_URI });
    expect(response.body).toEqual({ message: 'No authorization code received', code: 'VALIDATION_ERROR' });
  });
});
