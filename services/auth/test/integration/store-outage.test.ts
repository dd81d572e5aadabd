import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDegraded, expectNotReady, expectUnavailable, waitUntilReady } from '@kicksight/testkit';
import { client, register, startAuth, uniqueEmail, type AuthApp } from './auth-app.ts';

let auth: AuthApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  auth = await startAuth({}, ['postgres', 'redis']);
  api = client(auth.url);
});
afterAll(async () => {
  await auth?.proxies.postgres?.enable();
  await auth?.proxies.redis?.enable();
  await auth?.close();
});

const newMember = () => ({ name: 'Ana Lima', email: uniqueEmail(), password: 'sneakers-123' });

describe('with PostgreSQL away', () => {
  it('answers 503 with Retry-After within a second, says so in readiness, and serves again once it is back', async () => {
    const member = await register(api);
    await auth.proxies.postgres!.disable();
    try {
      await expectUnavailable(() => api.post('/api/auth/register', newMember()), 'register');
      await expectUnavailable(() => api.post('/api/auth/login', { email: member.email, password: member.password }), 'login');
      await expectUnavailable(() => api.get('/api/auth/verify', member.tokens.accessToken), 'verify');
      await expectUnavailable(() => api.get('/api/user/profile', member.tokens.accessToken), 'profile');
      await expectNotReady(auth.url, ['postgres']);
    } finally {
      await auth.proxies.postgres!.enable();
    }
    await waitUntilReady(auth.url);
    expect((await api.post('/api/auth/register', newMember())).status).toBe(201);
  });
});

describe('with Redis away', () => {
  it('refuses sign-ups and sign-ins (their attempt limits live in Redis) within a second; signed-in calls go on, and it stays ready, degraded', async () => {
    const member = await register(api);
    await auth.proxies.redis!.disable();
    try {
      await expectUnavailable(() => api.post('/api/auth/register', newMember()), 'register');
      await expectUnavailable(() => api.post('/api/auth/login', { email: member.email, password: member.password }), 'login');
      const verify = await api.get('/api/auth/verify', member.tokens.accessToken);
      expect(verify.status).toBe(200);
      await expectDegraded(auth.url, ['redis']);
    } finally {
      await auth.proxies.redis!.enable();
    }
    await waitUntilReady(auth.url);
    expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
  });
});
