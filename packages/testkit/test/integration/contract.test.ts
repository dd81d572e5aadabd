import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '@kicksight/platform';
import { ContractViolation, assertNoStubBreaches, jsonClient, operationOf, sendOutsideContract, stubApp } from '../../src/index.ts';

// A real HTTP server standing in for a service whose answers drift from the contract (the fixtures).
const answers: Record<string, { status: number; body: unknown }> = {
  'GET /api/user/profile': { status: 200, body: { data: { name: 'Ana', email: 'ana@example.com', hasPassword: 'yes', emailNotifications: true } } },
  'GET /api/auth/me': { status: 200, body: { user: { id: 'u1' } } },
  'POST /api/auth/login': { status: 401, body: { error: 'nope' } },
  'GET /api/membership/plans': { status: 200, body: { data: [] } },
  'POST /api/auth/logout': { status: 200, body: { data: { message: 'Signed out' } } },
  'GET /readyz': { status: 200, body: { anything: true } },
};
let server: Server;
let api: ReturnType<typeof jsonClient>;

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = answers[`${req.method} ${req.url?.split('?')[0]}`] ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  api = jsonClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('answers checked against the API contract', () => {
  it('fails a test whose answer breaks the operation’s response schema, naming the operation and the field', async () => {
    const broken = api.get('/api/user/profile', 'token');
    await expect(broken).rejects.toThrow(ContractViolation);
    await expect(api.get('/api/user/profile', 'token')).rejects.toThrow(/GET \/api\/user\/profile answered 200 with data that breaks its response schema: hasPassword: /);
  });

  it('fails a success without { data }, and an error without the shared error body', async () => {
    await expect(api.get('/api/auth/me', 'token')).rejects.toThrow('GET /api/auth/me answered 200 without { data }');
    await expect(api.post('/api/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toThrow(/POST \/api\/auth\/login answered 401 with a body that is not the error body/);
  });

  it('passes answers that keep the contract, and paths the contract does not cover', async () => {
    expect((await api.get('/api/membership/plans')).body).toEqual({ data: [] });
    expect((await api.post('/api/auth/logout', {})).status).toBe(200);
    expect((await api.get('/readyz')).body).toEqual({ anything: true });
    expect((await api.get('/api/nothing-here')).status).toBe(404);
    expect((await api.call('GET', '/api/auth/me', { token: 't', unchecked: true })).status).toBe(200);
  });

  it('matches literal paths before templated ones, and ignores the query string', () => {
    expect(operationOf('GET', '/api/sneakers/search?q=jordan')?.path).toBe('/api/sneakers/search');
    expect(operationOf('GET', '/api/sneakers/abc123')?.path).toBe('/api/sneakers/{id}');
    expect(operationOf('DELETE', '/api/nowhere')).toBeUndefined();
  });
});

describe('stubs answering through the contract', () => {
  let stub: string;
  let close: () => Promise<void>;
  const entitlements = { plan: 'trial', limits: { searches: 10, productViews: 20, searchResults: 10, collectionItems: 10 }, features: { historicalSales: false, predictions: false, advancedAnalytics: false, apiAccess: false, resultValidation: false, prioritySupport: false }, expired: false, trialEndsAt: null, periodEndsAt: null };

  beforeAll(async () => {
    // A stand-in for billing and the catalog whose answers drift from the contract (the fixtures).
    const app = stubApp();
    app.get('/internal/entitlements/:userId', (req, res) => void res.json({ data: req.params.userId === 'drifted' ? { ...entitlements, plan: 'gold' } : entitlements }));
    app.get('/internal/trending', (_req, res) => void res.json({ data: { timeframe: '7d', sneakers: [{ id: 's1', name: 'Only a name' }] } }));
    app.get('/api/sneakers/:id', (_req, res) => void res.status(404).json({ error: 'missing' }));
    app.get('/internal/market-overview', (_req, res) => sendOutsideContract(res, { data: { malformed: true } }));
    const started = await listen(app, 0, '127.0.0.1');
    stub = started.url;
    close = () => closeServer(started.server, 100);
  });
  afterAll(() => close());

  const get = async (path: string) => {
    const response = await fetch(`${stub}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('sends an answer that keeps the contract as it is', async () => {
    expect(await get('/internal/entitlements/ana')).toEqual({ status: 200, body: { data: entitlements } });
    expect(() => assertNoStubBreaches()).not.toThrow();
  });

  it("refuses to send an internal answer that breaks its schema, and fails the test that provoked it", async () => {
    const answer = await get('/internal/entitlements/drifted');
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ code: 'CONTRACT_VIOLATION', message: expect.stringMatching(/^GET \/internal\/entitlements\/\{userId\} answered 200 with data that breaks its response schema: plan: /) });
    expect(() => assertNoStubBreaches()).toThrow(ContractViolation);
    expect(() => assertNoStubBreaches()).not.toThrow();
  });

  it('refuses a list item that lacks its fields, and an error without the shared error body', async () => {
    expect((await get('/internal/trending')).status).toBe(500);
    expect((await get('/api/sneakers/abc')).body).toMatchObject({ code: 'CONTRACT_VIOLATION', message: expect.stringContaining('not the error body') });
    expect(() => assertNoStubBreaches()).toThrow(/trending answered 200 with data that breaks its response schema[\s\S]*GET \/api\/sneakers\/\{id\} answered 404/);
  });

  it('sends a malformed answer a test asks for on purpose', async () => {
    expect(await get('/internal/market-overview')).toEqual({ status: 200, body: { data: { malformed: true } } });
    expect(() => assertNoStubBreaches()).not.toThrow();
  });
});
