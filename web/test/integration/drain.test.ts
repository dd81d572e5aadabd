// The web server after SIGTERM, as an ingress in front of it sees it: its port refuses new connections at once (the
// ingress goes to another replica), while a kept-alive connection the ingress holds is not cut while idle (a write
// sent on it at that moment would be lost): a request on it is answered, not ready, closing the connection, and
// the process exits.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { freePort, startProcess, type ServiceProcess } from '@kicksight/testkit';
import { serveApp, writeBuild, type Running } from './web-origin.ts';

let build: Awaited<ReturnType<typeof writeBuild>>;
let web: ServiceProcess;
let bff: Running;

/** One GET (on the agent's kept-alive connection, or a connection of its own): the status and the Connection header, or the error's code. */
const get = (url: string, agent?: Agent) =>
  new Promise<{ status: number; connection?: string } | { error: string }>((resolve) => {
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
      .end();
  });

beforeAll(async () => {
  build = await writeBuild({ 'index.html': '<!doctype html><div id="root"></div>' });
  // A BFF answering on kept-alive connections, as the real one does.
  bff = await serveApp(express().get('/api/ping', (_req, res) => res.json({ data: 'pong' })));
  const port = await freePort();
  web = await startProcess({
    name: 'web',
    entry: 'web/server/main.ts',
    port,
    env: { PORT: String(port), INTERNAL_PORT: String(await freePort()), STATIC_DIR: build.dir, BFF_URL: bff.url, LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '10000' },
  });
});
afterAll(async () => {
  await web?.stop();
  await bff?.close();
  await build?.remove();
});

describe('the web server draining', () => {
  it('refuses new connections, answers on a kept-alive one closing it, then exits', async () => {
    const ingress = new Agent({ keepAlive: true, maxSockets: 1 });
    const another = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(`${web.url}/livez`, ingress)).toEqual({ status: 200, connection: 'keep-alive' });
      expect(await get(`${web.url}/api/ping`, another)).toEqual({ status: 200, connection: 'keep-alive' });
      const stopped = web.stop(15_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await get(`${web.url}/livez`)).toEqual({ error: 'ECONNREFUSED' });
      expect(await get(`${web.url}/readyz`, ingress)).toEqual({ status: 503, connection: 'close' });
      // A proxied answer closes its connection too, whatever the BFF's own Connection header said.
      expect(await get(`${web.url}/api/ping`, another)).toEqual({ status: 200, connection: 'close' });
      // It exits by itself (connections other clients leave idle are cut at the end of its grace period).
      await stopped;
      expect(await get(`${web.url}/livez`, ingress)).toEqual({ error: 'ECONNREFUSED' });
    } finally {
      ingress.destroy();
      another.destroy();
    }
  });
});
