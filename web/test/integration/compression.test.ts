import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, serveApp, serveWeb, writeBuild, type Running } from './web-origin.ts';

const SCRIPT = `console.log(${JSON.stringify('kicksight '.repeat(200))});`;
const PAGE = `<!doctype html><html><body><div id="root"></div>${'<!-- page -->'.repeat(50)}</body></html>`;
const API_ANSWER = JSON.stringify({ data: { sneakers: Array.from({ length: 50 }, (_, i) => ({ id: i, name: 'Air Jordan 1' })) } });

let build: Awaited<ReturnType<typeof writeBuild>>;
let bff: Running;
let web: Running;
const bffSaw: (string | undefined)[] = [];

beforeAll(async () => {
  build = await writeBuild({ 'index.html': PAGE, 'assets/index-abc123.js': SCRIPT });
  // A BFF that answers gzip when asked, as a compressing upstream does.
  const upstream = express().get('/api/sneakers/search', (req, res) => {
    bffSaw.push(req.headers['accept-encoding']);
    res.setHeader('content-type', 'application/json');
    if (String(req.headers['accept-encoding'] ?? '').includes('gzip')) {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(API_ANSWER));
    } else res.end(API_ANSWER);
  });
  bff = await serveApp(upstream);
  web = await serveWeb({ STATIC_DIR: build.dir, BFF_URL: bff.url });
});
afterAll(async () => {
  await web?.close();
  await bff?.close();
  await build?.remove();
});

describe('the web origin sends its build compressed', () => {
  it('sends a hashed asset as brotli to a browser that takes it, cached for good', async () => {
    const answer = await rawGet(`${web.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('sends gzip to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gzipped = await rawGet(`${web.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(`${web.url}/assets/index-abc123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it.each(['/', '/admin/collection', '/login'])('sends the index page at %s compressed and never cached stale', async (route) => {
    const answer = await rawGet(`${web.url}${route}`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE);
  });

  it('answers a missing asset 404, not the index page', async () => {
    expect((await rawGet(`${web.url}/assets/gone-000.js`, { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('the /api proxy', () => {
  it("passes the BFF's compressed answer through as it came, with the browser's Accept-Encoding", async () => {
    const answer = await rawGet(`${web.url}/api/sneakers/search`, { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(bffSaw.at(-1)).toBe('gzip, br');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.equals(gzipSync(API_ANSWER))).toBe(true);
    expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual(JSON.parse(API_ANSWER));
  });
});
