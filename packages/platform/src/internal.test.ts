import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from './internal.ts';
import { createHttpSurface } from './service.ts';
import { createLogger } from './logger.ts';
import { listen } from './http.ts';
import { AppError } from './errors.ts';

const TOKEN = 'internal-token-0123456789';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const { internalApp } = createHttpSurface({
    name: 'billing',
    logger: createLogger('test', 'silent'),
    checks: {},
    serviceToken: TOKEN,
    internalRoutes: (app) => {
      app.post('/internal/usage/consume', (req, res) => {
        if (req.body.action === 'fly') throw AppError.badRequest('Unknown action', 'UNKNOWN_ACTION');
        res.json({ data: { allowed: true, action: req.body.action } });
      });
      app.get('/internal/slow', async (_req, res) => {
        await new Promise((r) => setTimeout(r, 500));
        res.json({ data: 'late' });
      });
    },
  });
  ({ server, url: baseUrl } = await listen(internalApp!, 0, '127.0.0.1'));
});

afterAll(() => {
  server?.close();
});

describe('createServiceClient', () => {
  it('calls an internal route with the service token and returns its data', async () => {
    const billing = createServiceClient({ service: 'billing', baseUrl, serviceToken: TOKEN });
    expect(await billing.post('/internal/usage/consume', { action: 'search' })).toEqual({ allowed: true, action: 'search' });
  });

  it("passes the callee's 4xx status and code through", async () => {
    const billing = createServiceClient({ service: 'billing', baseUrl, serviceToken: TOKEN });
    await expect(billing.post('/internal/usage/consume', { action: 'fly' })).rejects.toMatchObject({ status: 400, code: 'UNKNOWN_ACTION' });
  });

  it('is refused without the right token', async () => {
    const intruder = createServiceClient({ service: 'billing', baseUrl, serviceToken: 'wrong-token-0123456789' });
    await expect(intruder.post('/internal/usage/consume', { action: 'search' })).rejects.toMatchObject({ status: 401 });
  });

  it('turns an unreachable or slow callee into 503 SERVICE_UNAVAILABLE', async () => {
    const gone = createServiceClient({ service: 'billing', baseUrl: 'http://127.0.0.1:9', serviceToken: TOKEN });
    await expect(gone.get('/internal/anything')).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    const slow = createServiceClient({ service: 'billing', baseUrl, serviceToken: TOKEN, timeoutMs: 100 });
    await expect(slow.get('/internal/slow')).rejects.toMatchObject({ status: 503, message: 'The billing service is unavailable. Please try again shortly.' });
  });

  it('sends a write a replica refused (it is down or restarting) to the next replica, once', async () => {
    // Nothing listens on a port just let go: the connection is refused before anything is sent.
    const probe = await listen(createHttpSurface({ name: 'gone', logger: createLogger('test', 'silent'), checks: {} }).app, 0, '127.0.0.1');
    await new Promise((resolve) => probe.server.close(resolve));
    const billing = createServiceClient({ service: 'billing', baseUrl: [probe.url, baseUrl], serviceToken: TOKEN });
    for (let i = 0; i < 4; i++) expect(await billing.post('/internal/usage/consume', { action: `search-${i}` })).toEqual({ allowed: true, action: `search-${i}` });
    const down = createServiceClient({ service: 'billing', baseUrl: [probe.url, probe.url], serviceToken: TOKEN });
    await expect(down.post('/internal/usage/consume', { action: 'search' })).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});
