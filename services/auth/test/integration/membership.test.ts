import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventProducer, createServiceClient, newEvent, type EventProducer } from '@kicksight/platform';
import { testKafka, waitFor } from '@kicksight/testkit';
import { SERVICE_TOKEN, client, register, startAuth, type AuthApp } from './auth-app.ts';

let auth: AuthApp;
let api: ReturnType<typeof client>;
let producer: EventProducer;

beforeAll(async () => {
  auth = await startAuth();
  api = client(auth.url);
  producer = createEventProducer(testKafka(inject('stack').kafkaBrokers), { prefix: auth.prefix });
  await producer.connect();
});
afterAll(async () => {
  await producer?.disconnect();
  await auth?.close();
});

async function subscribe(userId: string, tier: 'premium' | 'unlimited', at = new Date()) {
  const event = newEvent('subscription.started@1', { userId, tier, status: 'active', periodEnd: '2026-12-22T00:00:00.000Z', cancelAtPeriodEnd: false }, { clock: { now: () => at } });
  await producer.send([{ key: userId, envelope: event }, { key: userId, envelope: event }]);
}

const tierAfterRefresh = async (refreshToken: string) => {
  const response = await api.post('/api/auth/refresh', { refreshToken });
  return { tier: response.body.data.user.membershipTier as string, tokens: response.body.data.tokens };
};

describe('tier projection', () => {
  it('shows a new subscription in the next refresh (and in its token claims)', async () => {
    const { user, tokens } = await register(api);
    await subscribe(user.id, 'premium');
    let refreshToken = tokens.refreshToken;
    const result = await waitFor(async () => {
      const next = await tierAfterRefresh(refreshToken);
      refreshToken = next.tokens.refreshToken;
      return next.tier === 'premium' ? next : undefined;
    }, { message: 'the premium tier after refresh' });
    const claims = JSON.parse(Buffer.from(result.tokens.accessToken.split('.')[1], 'base64url').toString());
    expect(claims.tier).toBe('premium');
  });

  it('ignores an older event arriving after a newer one', async () => {
    const { user } = await register(api);
    await subscribe(user.id, 'unlimited', new Date('2026-11-20T10:00:00Z'));
    await waitFor(async () => (await auth.infra.pool!.query('SELECT tier FROM users WHERE id = $1', [user.id])).rows[0].tier === 'unlimited', { message: 'unlimited' });
    await subscribe(user.id, 'premium', new Date('2026-11-19T10:00:00Z'));
    await subscribe(user.id, 'unlimited', new Date('2026-11-20T10:00:01Z'));
    await waitFor(async () => (await auth.infra.pool!.query(`SELECT count(*)::int AS n FROM processed_event WHERE consumer = 'auth-membership'`)).rows[0].n >= 3, { message: 'three events applied' });
    expect((await auth.infra.pool!.query('SELECT tier FROM users WHERE id = $1', [user.id])).rows[0].tier).toBe('unlimited');
  });
});

describe('personal API keys', () => {
  const internal = () => createServiceClient({ service: 'auth', baseUrl: auth.internalUrl, serviceToken: SERVICE_TOKEN });

  it('are for Unlimited members only', async () => {
    const { tokens } = await register(api);
    const response = await api.post('/api/user/api-keys', { name: 'spreadsheet' }, tokens.accessToken);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('PREMIUM_FEATURE');
  });

  it('are shown once, listed without the secret, exchanged for a token, and dead once revoked', async () => {
    const { user, tokens } = await register(api);
    await subscribe(user.id, 'unlimited');
    await waitFor(async () => (await auth.infra.pool!.query('SELECT tier FROM users WHERE id = $1', [user.id])).rows[0].tier === 'unlimited', { message: 'unlimited' });

    const created = await api.post('/api/user/api-keys', { name: 'spreadsheet' }, tokens.accessToken);
    expect(created.status).toBe(201);
    const { key, id } = created.body.data;
    expect(key).toMatch(/^ks_live_[\w-]{43}$/);

    const listed = await api.get('/api/user/api-keys', tokens.accessToken);
    expect(listed.body.data).toEqual([{ id, name: 'spreadsheet', prefix: key.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    const exchanged = await internal().post<{ accessToken: string; userId: string }>('/internal/api-keys/verify', { key });
    expect(exchanged.userId).toBe(user.id);
    expect((await api.get('/api/auth/me', exchanged.accessToken)).body.data.id).toBe(user.id);

    expect((await api.delete(`/api/user/api-keys/${id}`, undefined, tokens.accessToken)).status).toBe(200);
    await expect(internal().post('/internal/api-keys/verify', { key })).rejects.toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
    expect((await api.delete(`/api/user/api-keys/${id}`, undefined, tokens.accessToken)).status).toBe(404);
    // Ids shaped like a UUID but not one are no key either, never a database error.
    for (const notAnId of ['-'.repeat(36), 'a'.repeat(36), `${'0'.repeat(34)}--`]) {
      expect((await api.delete(`/api/user/api-keys/${notAnId}`, undefined, tokens.accessToken)).body, notAnId).toEqual({ message: 'No such API key', code: 'NOT_FOUND' });
    }
  });

  it('publish user.api_key_revoked through the outbox when a key is revoked, naming it by its hash', async () => {
    const { user, tokens } = await register(api);
    await subscribe(user.id, 'unlimited');
    await waitFor(async () => (await auth.infra.pool!.query('SELECT tier FROM users WHERE id = $1', [user.id])).rows[0].tier === 'unlimited', { message: 'unlimited' });
    const { key, id } = (await api.post('/api/user/api-keys', { name: 'spreadsheet' }, tokens.accessToken)).body.data;
    const revokedEvents = async () =>
      (await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = 'user.api_key_revoked@1' AND message_key = $1 ORDER BY seq`, [user.id])).rows.map((r) => r.envelope);
    expect(await revokedEvents()).toEqual([]);

    const revoked = await fetch(`${auth.url}/api/user/api-keys/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${tokens.accessToken}`, 'x-request-id': 'revoke-1' } });
    expect(revoked.status).toBe(200);
    const events = await revokedEvents();
    expect(events).toEqual([
      {
        id: expect.any(String),
        type: 'user.api_key_revoked',
        version: 1,
        occurredAt: expect.any(String),
        correlationId: 'revoke-1',
        data: { userId: user.id, keyHash: createHash('sha256').update(key).digest('hex') },
      },
    ]);
    // The hash is the one auth stored for the key.
    expect((await auth.infra.pool!.query('SELECT key_hash FROM api_keys WHERE id = $1', [id])).rows[0].key_hash).toBe(events[0].data.keyHash);
    // A revocation that finds no active key changes nothing and publishes nothing.
    expect((await api.delete(`/api/user/api-keys/${id}`, undefined, tokens.accessToken)).status).toBe(404);
    expect(await revokedEvents()).toHaveLength(1);
    await waitFor(
      async () => (await auth.infra.pool!.query(`SELECT status FROM outbox WHERE id = $1`, [events[0].id])).rows[0]?.status === 'published',
      { message: 'user.api_key_revoked published' },
    );
  });

  it("cannot revoke another member's key", async () => {
    const owner = await register(api);
    await subscribe(owner.user.id, 'unlimited');
    await waitFor(async () => (await api.post('/api/user/api-keys', { name: 'k' }, owner.tokens.accessToken)).status === 201, { message: 'a key' });
    const [key] = (await api.get('/api/user/api-keys', owner.tokens.accessToken)).body.data;
    const other = await register(api);
    expect((await api.delete(`/api/user/api-keys/${key.id}`, undefined, other.tokens.accessToken)).status).toBe(404);
    expect((await api.get('/api/user/api-keys', owner.tokens.accessToken)).body.data).toHaveLength(1);
  });

  it('refuses the internal exchange without the service token', async () => {
    const response = await fetch(`${auth.internalUrl}/internal/api-keys/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"key":"ks_live_x"}' });
    expect(response.status).toBe(401);
  });
});

describe('admin', () => {
  it('lists the newest users for administrators only', async () => {
    const member = await register(api);
    expect((await api.get('/api/admin/users', member.tokens.accessToken)).status).toBe(403);
    const admin = await register(api);
    await auth.infra.pool!.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    const token = (await api.post('/api/auth/refresh', { refreshToken: admin.tokens.refreshToken })).body.data.tokens.accessToken;
    const response = await api.get('/api/admin/users?limit=2', token);
    expect(response.status).toBe(200);
    expect(response.body.data.users).toHaveLength(2);
    expect(response.body.data.users[0]).toEqual({ id: admin.user.id, name: 'Ana Lima', email: admin.email, membershipTier: 'admin', membershipStatus: 'trial', createdAt: expect.any(String) });
    expect((await api.get('/api/admin/users?limit=500', token)).status).toBe(400);
  });
});
