import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createLogger } from './logger.ts';
import { createHttpSurface } from './service.ts';
import { AppError } from './errors.ts';
import { READINESS_TIMEOUT_MS } from './health.ts';
import { watchQueue } from './flow-metrics.ts';

const logger = createLogger('test', 'silent');
const TOKEN = 'a-service-token-of-length';

function surface(checks: Record<string, () => Promise<unknown>>, degradable?: string[]) {
  return createHttpSurface({
    name: 'demo',
    logger,
    checks,
    degradable,
    serviceToken: TOKEN,
    routes: (app) => {
      app.post('/api/echo', (req, res) => {
        res.json({ data: req.body });
      });
      app.get('/api/boom', () => {
        throw AppError.conflict('Already there', 'ALREADY_THERE');
      });
    },
    internalRoutes: (app) => {
      app.get('/internal/ping', (_req, res) => {
        res.json({ data: 'pong' });
      });
    },
  });
}

describe('createHttpSurface', () => {
  it('adds the flow figures to /readyz?flow where it serves its metrics, never on a public port that does not', async () => {
    const unwatch = watchQueue({ name: 'demo-jobs', getJobCounts: async () => ({ waiting: 3, active: 1, delayed: 2, failed: 1 }) });
    try {
      const { app } = surface({ postgres: async () => {} });
      const { body } = await request(app).get('/readyz?flow').expect(200);
      expect(body.flow.queues).toContainEqual({ name: 'demo-jobs', waiting: 3, delayed: 2, failed: 1 });
      expect((await request(app).get('/readyz').expect(200)).body.flow).toBeUndefined();

      // The BFF's kind: metrics (and flow) on the internal port only.
      const edge = createHttpSurface({ name: 'edge', logger, checks: {}, metricsPort: 'internal' });
      expect((await request(edge.app).get('/readyz?flow').expect(200)).body.flow).toBeUndefined();
      expect((await request(edge.internalApp!).get('/readyz?flow').expect(200)).body.flow.queues).toContainEqual(expect.objectContaining({ name: 'demo-jobs' }));
    } finally {
      unwatch();
    }
  });

  it('is live even when a dependency is down, but not ready', async () => {
    const { app } = surface({ postgres: async () => {}, kafka: async () => Promise.reject(new Error('broker unreachable')) });
    await request(app).get('/livez').expect(200, { status: 'ok' });
    const ready = await request(app).get('/readyz').expect(503);
    expect(ready.body.status).toBe('not_ready');
    expect(ready.body.checks.postgres.ok).toBe(true);
    expect(ready.body.checks.kafka).toMatchObject({ ok: false, error: 'broker unreachable' });
  });

  it('answers its probe within its own time-out when a check hangs, naming the check that did not answer', async () => {
    const { app } = surface({ postgres: async () => {}, redis: () => new Promise(() => {}) });
    const started = performance.now();
    const ready = await request(app).get('/readyz').expect(503);
    expect(performance.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 250);
    expect(ready.body.checks.redis).toMatchObject({ ok: false, error: `redis did not answer within ${READINESS_TIMEOUT_MS} ms` });
  });

  it('stays ready without a store it can serve without, and names it as degraded', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    const { app } = surface({ postgres: async () => {}, redis: async () => Promise.reject(refused) }, ['redis']);
    const ready = await request(app).get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', degraded: ['redis'], checks: { redis: { ok: false, error: 'redis is unavailable (connect ECONNREFUSED 127.0.0.1:6379)' } } });
    const { app: strict } = surface({ postgres: async () => Promise.reject(refused), redis: async () => Promise.reject(refused) }, ['redis']);
    expect((await request(strict).get('/readyz').expect(503)).body.degraded).toEqual(['redis']);
  });

  it('answers bad JSON with 400 and an unknown route with 404, both as { message, code }', async () => {
    const { app } = surface({});
    const bad = await request(app).post('/api/echo').set('content-type', 'application/json').send('{"a":').expect(400);
    expect(bad.body).toEqual({ message: 'Request body is not valid JSON', code: 'INVALID_JSON' });
    const missing = await request(app).get('/api/nothing').expect(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    await request(app).get('/api/boom').expect(409, { message: 'Already there', code: 'ALREADY_THERE' });
  });

  it('counts requests in the Prometheus metrics by route', async () => {
    const { app } = surface({});
    await request(app).post('/api/echo').send({ a: 1 }).expect(200);
    const metrics = await request(app).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/http_requests_total\{[^}]*route="\/api\/echo"[^}]*status="200"[^}]*\} 1/);
  });

  it('keeps internal routes behind the service token', async () => {
    const { internalApp } = surface({});
    await request(internalApp!).get('/internal/ping').expect(401);
    await request(internalApp!).get('/internal/ping').set('x-service-token', 'wrong-token-of-same-size').expect(401);
    await request(internalApp!).get('/internal/ping').set('x-service-token', TOKEN).expect(200, { data: 'pong' });
  });

  it('gives public answers an ETag for revalidation, and internal answers none', async () => {
    const { app, internalApp } = surface({});
    const publicAnswer = await request(app).get('/livez').expect(200);
    expect(publicAnswer.headers.etag).toMatch(/^W\/"/);
    await request(app).get('/livez').set('if-none-match', publicAnswer.headers.etag!).expect(304);
    const internalAnswer = await request(internalApp!).get('/internal/ping').set('x-service-token', TOKEN).expect(200, { data: 'pong' });
    expect(internalAnswer.headers.etag).toBeUndefined();
  });

  it('echoes a request id, or makes one', async () => {
    const { app } = surface({});
    const given = await request(app).get('/livez').set('x-request-id', 'req-123');
    expect(given.headers['x-request-id']).toBe('req-123');
    const made = await request(app).get('/livez');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
