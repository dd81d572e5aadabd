// The web server in front of several BFF replicas: a request a replica refused (it is stopping, restarting or
// not started) goes to another one, body and all, once; a read whose connection was dropped is sent again; a
// write whose connection was dropped after it went out is not (the replica may have acted on it).
import { createServer, type Server } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl } from '@kicksight/testkit';
import { serveApp, serveWeb, writeBuild, type Running } from './web-origin.ts';

interface Received {
  method: string;
  url: string;
  body: string;
}

let build: Awaited<ReturnType<typeof writeBuild>>;
let bff: Running;
const received: Received[] = [];
const running: Running[] = [];

/** A BFF replica that takes each connection and drops it as soon as a request arrives on it, unanswered. */
async function droppingReplica(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((socket) => {
    socket.once('data', () => {
      requests += 1;
      socket.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function web(bffUrls: string[]): Promise<string> {
  const started = await serveWeb({ STATIC_DIR: build.dir, BFF_URL: bffUrls.join(',') });
  running.push(started);
  return started.url;
}

beforeAll(async () => {
  build = await writeBuild({ 'index.html': '<!doctype html><div id="root"></div>' });
  const upstream = express()
    .use(express.text({ type: '*/*' }))
    .all('/api/{*rest}', (req, res) => {
      received.push({ method: req.method, url: req.originalUrl, body: typeof req.body === 'string' ? req.body : '' });
      res.json({ data: { ok: true } });
    });
  bff = await serveApp(upstream);
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
  await bff?.close();
  await build?.remove();
});

describe('the web server in front of several BFF replicas', () => {
  it('sends a write the first replica refused to the next one, with its body, exactly once', async () => {
    const url = await web([await deadUrl(), bff.url]);
    const before = received.length;
    for (let i = 0; i < 6; i++) {
      const answer = await fetch(`${url}/api/collections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Pair ${i}`, size: 10 }) });
      expect(answer.status).toBe(200);
      // Between tries, the refusing replica's time out runs down: a later write meets it again.
      if (i === 2) await new Promise((resolve) => setTimeout(resolve, 2_100));
    }
    expect(received.slice(before)).toEqual(Array.from({ length: 6 }, (_, i) => ({ method: 'POST', url: '/api/collections', body: JSON.stringify({ name: `Pair ${i}`, size: 10 }) })));
  });

  it('sends a read again to the next replica when the first dropped its connection', async () => {
    const dropping = await droppingReplica();
    try {
      const url = await web([dropping.url, bff.url]);
      const before = received.length;
      const answer = await fetch(`${url}/api/sneakers/search?q=jordan`);
      expect(answer.status).toBe(200);
      expect(dropping.requests()).toBe(1);
      expect(received.slice(before)).toEqual([{ method: 'GET', url: '/api/sneakers/search?q=jordan', body: '' }]);
    } finally {
      await dropping.close();
    }
  });

  it('does not send again a write whose connection was dropped after it went out: 503, and the other replica never sees it', async () => {
    const dropping = await droppingReplica();
    try {
      const url = await web([dropping.url, bff.url]);
      const before = received.length;
      const answer = await fetch(`${url}/api/collections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Once"}' });
      expect(answer.status).toBe(503);
      expect((await answer.json()) as unknown).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(dropping.requests()).toBe(1);
      expect(received.slice(before)).toEqual([]);
    } finally {
      await dropping.close();
    }
  });

  it('streams server-sent events from a replica as they come', async () => {
    let end: () => void = () => {};
    const events = express().get('/api/events', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: hello\ndata: {}\n\n');
      end = () => res.end();
    });
    const stream = await serveApp(events);
    try {
      const url = await web([await deadUrl(), stream.url]);
      const answer = await fetch(`${url}/api/events`);
      expect(answer.headers.get('content-type')).toBe('text/event-stream');
      // The first frame arrives while the stream is still open.
      const { value } = await answer.body!.getReader().read();
      expect(Buffer.from(value!).toString()).toBe('event: hello\ndata: {}\n\n');
    } finally {
      end();
      await stream.close();
    }
  });
});
