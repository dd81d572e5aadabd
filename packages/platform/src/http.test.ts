import { request as httpRequest, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createLogger } from './logger.ts';
import { createHttpApp, finishHttpApp, listen } from './http.ts';
import { AppError } from './errors.ts';

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number | null };
  responseTime?: number;
  err?: { message: string };
  [key: string]: unknown;
}

function capture(level = 'info') {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { logger: createLogger('test', level, sink), lines };
}

function demoApp(level = 'info') {
  const { logger, lines } = capture(level);
  const app = createHttpApp({ logger });
  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/api/hello', (req, res) => {
    req.log.info({ extra: 1 }, 'handler line');
    res.json({ data: 'hi' });
  });
  app.get('/api/quiet', (_req, res) => {
    res.json({ data: 'quiet' });
  });
  app.get('/api/taken', () => {
    throw AppError.conflict('Already there');
  });
  app.get('/api/boom', () => {
    throw new Error('kaput');
  });
  app.get('/api/slow', (_req, res) => {
    setTimeout(() => {
      if (!res.destroyed) res.json({ data: 'late' });
    }, 200);
  });
  finishHttpApp(app, logger);
  return { app, lines };
}

/** The completion line of a request (written when its response closes). */
async function completion(lines: Line[], id: string): Promise<Line> {
  for (let i = 0; i < 100; i++) {
    const line = lines.find((l) => l.req?.id === id && l.res !== undefined);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no request log line for ${id}`);
}

describe('unsafe text', () => {
  function echoApp() {
    const { logger } = capture('silent');
    const app = createHttpApp({ logger });
    app.all('/api/echo', (req, res) => {
      res.json({ data: { query: req.query, body: req.body as unknown } });
    });
    finishHttpApp(app, logger);
    return app;
  }

  it('refuses a NUL in the query with a 400 naming the parameter', async () => {
    const response = await request(echoApp()).get('/api/echo?q=a%00b');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'q contains a character that is not allowed', code: 'VALIDATION_ERROR' });
  });

  it('refuses control characters and lone surrogates anywhere in a JSON body', async () => {
    const nul = await request(echoApp()).post('/api/echo').set('content-type', 'application/json').send('{"items":[{"notes":"ok"},{"notes":"x\\u0000y"}]}');
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe('items[1].notes contains a character that is not allowed');
    const surrogate = await request(echoApp()).post('/api/echo').set('content-type', 'application/json').send('{"interests":["Nike","\\ud800"]}');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.message).toBe('interests[1] contains a character that is not allowed');
  });

  it('passes ordinary text, new lines and emoji through', async () => {
    const response = await request(echoApp()).post('/api/echo?q=air%20max').set('content-type', 'application/json').send({ notes: 'line one\nline two 👟', name: 'Zoë' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ query: { q: 'air max' }, body: { notes: 'line one\nline two 👟', name: 'Zoë' } });
  });
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id and replaces anything else with a UUID', async () => {
    const { app } = demoApp();
    const given = await request(app).get('/api/quiet').set('x-request-id', 'edge-1.a:b');
    expect(given.headers['x-request-id']).toBe('edge-1.a:b');
    const invalid = await request(app).get('/api/quiet').set('x-request-id', 'has spaces/and slashes');
    expect(invalid.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request logs', () => {
  it('writes one line per request: the request, its status and how long it took', async () => {
    const { app, lines } = demoApp();
    await request(app).get('/api/quiet').set('x-request-id', 'r-ok').set('authorization', 'Bearer secret-token').expect(200);
    const line = await completion(lines, 'r-ok');
    expect(line).toMatchObject({ level: 30, msg: 'request completed', service: 'test', req: { id: 'r-ok', method: 'GET', url: '/api/quiet' }, res: { statusCode: 200 } });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
    expect(lines.filter((l) => l.req?.id === 'r-ok')).toHaveLength(1);
  });

  it('logs 4xx at warn and 5xx at error with the failure', async () => {
    const { app, lines } = demoApp();
    await request(app).get('/api/taken').set('x-request-id', 'r-409').expect(409);
    await request(app).get('/api/boom').set('x-request-id', 'r-500').expect(500);
    expect(await completion(lines, 'r-409')).toMatchObject({ level: 40, msg: 'request completed', res: { statusCode: 409 } });
    expect(await completion(lines, 'r-500')).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 }, err: { message: 'failed with status code 500' } });
  });

  it('leaves out probes and scrapes', async () => {
    const { app, lines } = demoApp();
    await request(app).get('/livez').set('x-request-id', 'r-probe').expect(200);
    await request(app).get('/api/quiet').set('x-request-id', 'r-after').expect(200);
    await completion(lines, 'r-after');
    expect(lines.some((l) => l.req?.id === 'r-probe')).toBe(false);
  });

  it('never writes a token carried in the query string', async () => {
    const { app, lines } = demoApp();
    await request(app).get('/api/quiet?token=eyJ.secret.sig&page=2').set('x-request-id', 'r-query').expect(200);
    expect((await completion(lines, 'r-query')).req?.url).toBe('/api/quiet?token=[redacted]&page=2');
    expect(JSON.stringify(lines)).not.toContain('eyJ.secret.sig');
  });

  it("binds a handler's own lines (req.log) to the request", async () => {
    const { app, lines } = demoApp();
    await request(app).get('/api/hello').set('x-request-id', 'r-handler').expect(200);
    await completion(lines, 'r-handler');
    expect(lines.find((l) => l.msg === 'handler line')).toMatchObject({ level: 30, extra: 1, req: { id: 'r-handler', method: 'GET', url: '/api/hello' } });
  });

  it('makes a request its bound logger only when a line is written through it', async () => {
    const { logger } = capture();
    let bound = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof logger.child>) => {
      bound += 1;
      return child(...args);
    }) as typeof logger.child;
    const app = createHttpApp({ logger });
    app.get('/api/quiet', (_req, res) => void res.json({ data: 'quiet' }));
    app.get('/api/hello', (req, res) => {
      req.log.info('first');
      req.log.info('second');
      res.json({ data: 'hi' });
    });
    finishHttpApp(app, logger);
    await request(app).get('/api/quiet').expect(200);
    expect(bound).toBe(0);
    await request(app).get('/api/hello').expect(200);
    expect(bound).toBe(1);
  });

  it('writes nothing for a successful request below the configured level', async () => {
    const { app, lines } = demoApp('warn');
    await request(app).get('/api/quiet').set('x-request-id', 'r-info').expect(200);
    await request(app).get('/api/taken').set('x-request-id', 'r-warn').expect(409);
    await completion(lines, 'r-warn');
    expect(lines.some((l) => l.req?.id === 'r-info')).toBe(false);
  });

  describe('over a real connection', () => {
    let server: Server | undefined;
    afterEach(async () => {
      await new Promise((resolve) => server?.close(resolve));
      server = undefined;
    });

    it('logs a request whose caller left before the answer as aborted, without a status', async () => {
      const { app, lines } = demoApp();
      const listening = await listen(app, 0, '127.0.0.1');
      server = listening.server;
      await new Promise<void>((resolve) => {
        const call = httpRequest(`${listening.url}/api/slow`, { headers: { 'x-request-id': 'r-gone' } });
        call.on('error', () => resolve());
        call.end();
        setTimeout(() => call.destroy(), 30);
      });
      expect(await completion(lines, 'r-gone')).toMatchObject({ level: 30, msg: 'request aborted', res: { statusCode: null } });
    });
  });
});
