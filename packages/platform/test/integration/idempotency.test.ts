import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testLogger, uniqueName } from '@kicksight/testkit';
import { createHttpApp, createRedis, finishHttpApp, idempotency, listen, type Redis } from '../../src/index.ts';
import type { Server } from 'node:http';

const stack = inject('stack');
let redis: Redis;
let server: Server;
let base: string;
let runs = 0;

beforeAll(async () => {
  redis = createRedis(stack.redis);
  const logger = testLogger();
  const app = createHttpApp({ logger });
  app.use(idempotency({ redis, namespace: uniqueName('idem') }));
  app.post('/api/items', (req, res) => {
    runs += 1;
    res.status(201).json({ data: { id: runs, name: req.body.name } });
  });
  app.post('/api/fails', (_req, res) => {
    runs += 1;
    res.status(503).json({ message: 'try later', code: 'SERVICE_UNAVAILABLE' });
  });
  finishHttpApp(app, logger);
  ({ server, url: base } = await listen(app, 0, '127.0.0.1'));
});

afterAll(async () => {
  server?.close();
  await redis?.quit();
});

const post = (path: string, body: unknown, key?: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });

describe('Idempotency-Key', () => {
  it('answers a retry with the stored answer instead of running it again', async () => {
    const before = runs;
    const first = await post('/api/items', { name: 'AJ1' }, 'key-1');
    const retry = await post('/api/items', { name: 'AJ1' }, 'key-1');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(runs).toBe(before + 1);
  });

  it('refuses the same key for a different request with 422', async () => {
    await post('/api/items', { name: 'Dunk' }, 'key-2');
    const reused = await post('/api/items', { name: 'Something else' }, 'key-2');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('runs again after a server error, and always without a key', async () => {
    const before = runs;
    await post('/api/fails', {}, 'key-3');
    await post('/api/fails', {}, 'key-3');
    await post('/api/items', { name: 'x' });
    await post('/api/items', { name: 'x' });
    expect(runs).toBe(before + 4);
  });

  it('rejects a malformed key with 400', async () => {
    const response = await post('/api/items', { name: 'x' }, 'x'.repeat(300));
    expect(response.status).toBe(400);
  });
});
