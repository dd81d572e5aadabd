// @vitest-environment node
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInfra } from '@kicksight/platform';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';

let dir: string;
let base: string;
let close: () => Promise<void>;

async function serve(env: Record<string, string>) {
  const config = loadConfig({ STATIC_DIR: dir, BFF_URL: 'http://127.0.0.1:9', ...env });
  const { infra } = await openInfra({ name: 'web', logLevel: 'silent' });
  const { app } = createApp({ infra, config });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-build-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  ({ url: base, close } = await serve({}));
});
afterAll(async () => {
  await close?.();
  await rm(dir, { recursive: true, force: true });
});

describe('the web origin', () => {
  it('shows no metrics; its internal port does', async () => {
    const config = loadConfig({ STATIC_DIR: dir, BFF_URL: 'http://127.0.0.1:9' });
    const { infra } = await openInfra({ name: 'web', logLevel: 'silent' });
    const { internalApp } = createApp({ infra, config });
    const internal = internalApp!.listen(0, '127.0.0.1');
    await new Promise((resolve) => internal.once('listening', resolve));
    try {
      const shown = await (await fetch(`${base}/metrics`)).text();
      expect(shown).not.toContain('http_requests_total');
      const metrics = await fetch(`http://127.0.0.1:${(internal.address() as AddressInfo).port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^# TYPE http_requests_total counter$/m);
    } finally {
      internal.close();
    }
  });

  it.each(['/', '/admin/membership', '/login', '/assets/index-abc123.js'])('sends the security headers on %s', async (route) => {
    const response = await fetch(`${base}${route}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    // Members' own photos are shown from object URLs made of what the API sent.
    expect(csp).toMatch(/img-src 'self' data: blob:[ ;]/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // The Google sign-in popup answers its opener from our /auth/callback page.
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('allows the analytics tag only when the build sends events', async () => {
    expect((await fetch(base)).headers.get('content-security-policy')).not.toContain('googletagmanager');
    const tagged = await serve({ VITE_ANALYTICS_TAG_ID: 'G-TEST' });
    try {
      const csp = (await fetch(tagged.url)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self' https://www.googletagmanager.com");
      expect(csp).toContain('https://*.google-analytics.com');
    } finally {
      await tagged.close();
    }
  });
});

describe('the /api proxy', () => {
  it("appends the address it saw to the client's X-Forwarded-For, for the BFF to take", async () => {
    const seen: (string | undefined)[] = [];
    const bff = createServer((req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.setHeader('content-type', 'application/json');
      res.end('{"data":{}}');
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => bff.once('listening', resolve));
    const web = await serve({ BFF_URL: `http://127.0.0.1:${(bff.address() as AddressInfo).port}` });
    try {
      expect((await fetch(`${web.url}/api/health`, { headers: { 'x-forwarded-for': '198.51.100.77' } })).status).toBe(200);
      expect((await fetch(`${web.url}/api/health`)).status).toBe(200);
      expect(seen).toEqual(['198.51.100.77,127.0.0.1', '127.0.0.1']);
    } finally {
      await web.close();
      await new Promise((resolve) => bff.close(resolve));
    }
  });
});
