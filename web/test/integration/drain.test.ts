// The web server after SIGTERM, as an ingress in front of it sees it: for SHUTDOWN_DRAIN_DELAY_MS it still answers,
// not ready, every answer closing its connection (so no kept-alive connection is cut while idle); then its port
// refuses connections and the process exits.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl, freePort, startProcess, type ServiceProcess } from '@kicksight/testkit';
import { writeBuild } from './web-origin.ts';

const DRAIN_DELAY_MS = 1_500;

let build: Awaited<ReturnType<typeof writeBuild>>;
let web: ServiceProcess;

/** One GET on a connection of its own: the status and the Connection header, or the connection error's code. */
const get = (url: string) =>
  new Promise<{ status: number; connection?: string } | { error: string }>((resolve) => {
    request(url, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
    })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
      .end();
  });

beforeAll(async () => {
  build = await writeBuild({ 'index.html': '<!doctype html><div id="root"></div>' });
  const port = await freePort();
  web = await startProcess({
    name: 'web',
    entry: 'web/server/main.ts',
    port,
    env: { PORT: String(port), INTERNAL_PORT: String(await freePort()), STATIC_DIR: build.dir, BFF_URL: await deadUrl(), LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) },
  });
});
afterAll(async () => {
  await web?.stop();
  await build?.remove();
});

describe('the web server draining', () => {
  it('answers, not ready and closing each connection, for its drain delay, then refuses connections and exits', async () => {
    expect(await get(`${web.url}/livez`)).toEqual({ status: 200, connection: 'keep-alive' });
    const stopped = web.stop(10_000);
    const termed = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await get(`${web.url}/readyz`)).toEqual({ status: 503, connection: 'close' });
    expect(await get(`${web.url}/`)).toEqual({ status: 200, connection: 'close' });
    await stopped;
    expect(performance.now() - termed).toBeGreaterThanOrEqual(DRAIN_DELAY_MS);
    expect(await get(`${web.url}/livez`)).toEqual({ error: 'ECONNREFUSED' });
  });
});
