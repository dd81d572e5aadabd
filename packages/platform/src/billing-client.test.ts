import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { createBillingClient, ENTITLEMENTS_TTL_MS } from './billing-client.ts';
import { listen } from './http.ts';

let server: Server;
let baseUrl: string;
let calls = 0;

beforeAll(async () => {
  const app = express();
  app.get('/internal/entitlements/:id', (_req, res) => {
    calls += 1;
    res.json({ data: { plan: 'trial', calls } });
  });
  app.post('/internal/usage/consume', (_req, res) => {
    res.status(403).json({ message: "You've reached your search limit", code: 'SEARCH_LIMIT' });
  });
  ({ server, url: baseUrl } = await listen(app, 0, '127.0.0.1'));
});
afterAll(() => server?.close());

describe('createBillingClient', () => {
  it('caches entitlements per user for at most 30 seconds', async () => {
    let now = 1_000_000;
    const billing = createBillingClient({ baseUrl, serviceToken: 'token-0123456789abcdef', now: () => now });
    const who = { id: 'u1', role: 'member' as const };
    const first = await billing.entitlements(who);
    expect(await billing.entitlements(who)).toEqual(first);
    now += ENTITLEMENTS_TTL_MS + 1;
    expect(await billing.entitlements(who)).not.toEqual(first);
    expect(calls).toBe(2);
  });

  it("passes billing's refusal through with its code", async () => {
    const billing = createBillingClient({ baseUrl, serviceToken: 'token-0123456789abcdef' });
    await expect(billing.consume({ id: 'u1', role: 'member' }, 'search', 'k')).rejects.toMatchObject({ status: 403, code: 'SEARCH_LIMIT' });
  });

  it('answers 503 when billing is unreachable', async () => {
    const billing = createBillingClient({ baseUrl: 'http://127.0.0.1:9', serviceToken: 'token-0123456789abcdef' });
    await expect(billing.consume({ id: 'u1', role: 'member' }, 'search', 'k')).rejects.toMatchObject({ status: 503 });
  });
});
