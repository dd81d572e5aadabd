import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawGet, serveApp, serveWeb, writeBuild, type Running } from './web-origin.ts';

const MAX_SOURCE_BYTES = 200_000;
/** A picture host on this machine (this machine reaches no image CDN), counting what it is asked. */
const hits = new Map<string, number>();
let pictures: Running;
let build: Awaited<ReturnType<typeof writeBuild>>;
let cacheDir: string;
let web: Running;
/** The size of each test picture's source file. */
let shoeBytes = 0;

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
/** Noise compresses badly: a PNG well over the source limit. */
const noise = (side: number) =>
  sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

function webWith(env: Record<string, string> = {}) {
  return serveWeb({
    STATIC_DIR: build.dir,
    IMAGE_ALLOWED_HOSTS: '127.0.0.1',
    IMAGE_WIDTHS: '160,320,640',
    IMAGE_CACHE_DIR: cacheDir,
    IMAGE_MAX_SOURCE_BYTES: String(MAX_SOURCE_BYTES),
    IMAGE_FETCH_TIMEOUT_MS: '2000',
    ...env,
  });
}

const imageUrl = (src: string, width?: number) => `${web.url}/images?src=${encodeURIComponent(src)}${width ? `&w=${width}` : ''}`;
const WEBP = { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' };

beforeAll(async () => {
  const shoe = await picture(1200, 800);
  shoeBytes = shoe.length;
  const huge = await noise(400);
  expect(huge.length).toBeGreaterThan(MAX_SOURCE_BYTES);
  const host = express();
  host.use((req, _res, next) => {
    hits.set(req.path, (hits.get(req.path) ?? 0) + 1);
    next();
  });
  host.get('/shoe.png', (_req, res) => void res.type('png').send(shoe));
  host.get('/other.png', (_req, res) => void res.type('png').send(shoe));
  host.get('/huge.png', (_req, res) => void res.type('png').send(huge));
  host.get('/page.png', (_req, res) => void res.type('html').send('<html>not a picture</html>'));
  host.get('/broken.png', (_req, res) => void res.type('png').send(Buffer.from('these bytes are no PNG at all')));
  pictures = await serveApp(host);
  build = await writeBuild({ 'index.html': '<!doctype html><div id="root"></div>' });
  cacheDir = await mkdtemp(path.join(tmpdir(), 'web-images-'));
  web = await webWith();
});
afterAll(async () => {
  await web?.close();
  await pictures?.close();
  await build?.remove();
  await rm(cacheDir, { recursive: true, force: true });
});
beforeEach(() => hits.clear());

describe('sneaker pictures through our origin', () => {
  it('fetches a source once, keeps it, and serves each width from the cache, WebP where the browser takes it', async () => {
    const src = `${pictures.url}/shoe.png`;
    const first = await rawGet(imageUrl(src, 300), WEBP);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers.vary).toMatch(/accept/i);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(await sharp(first.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });

    const again = await rawGet(imageUrl(src, 300), WEBP);
    expect(again.body.equals(first.body)).toBe(true);
    const wider = await rawGet(imageUrl(src, 640), WEBP);
    expect(await sharp(wider.body).metadata()).toMatchObject({ format: 'webp', width: 640 });
    // Without WebP in Accept: JPEG. Above the largest width: the largest.
    const jpeg = await rawGet(imageUrl(src, 4000), { accept: 'image/png,image/*' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: 'jpeg', width: 640 });
    expect(hits.get('/shoe.png')).toBe(1);

    // Another process over the same folder serves it without asking the host again.
    const restarted = await webWith();
    try {
      const fromDisk = await rawGet(`${restarted.url}/images?src=${encodeURIComponent(src)}&w=160`, WEBP);
      expect(await sharp(fromDisk.body).metadata()).toMatchObject({ width: 160 });
      expect(hits.get('/shoe.png')).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('asks the host once for requests that arrive together', async () => {
    const src = `${pictures.url}/other.png`;
    const answers = await Promise.all([160, 320, 640, 160, 320].map((w) => rawGet(imageUrl(src, w), WEBP)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(hits.get('/other.png')).toBe(1);
  });

  it('refuses a host off the allow-list without asking it', async () => {
    const offList = `${pictures.url.replace('127.0.0.1', 'localhost')}/shoe.png`;
    const answer = await fetch(imageUrl(offList, 320));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ code: 'IMAGE_HOST_NOT_ALLOWED', message: 'Images are served only from the catalogue’s image hosts.' });
    expect(hits.size).toBe(0);
  });

  it.each([
    ['/huge.png', 'too-large'],
    ['/page.png', 'not-image'],
    ['/broken.png', 'not-image'],
  ])('refuses %s (%s): the placeholder goes out and nothing is kept', async (file, reason) => {
    const before = await readdir(cacheDir);
    const answer = await rawGet(imageUrl(`${pictures.url}${file}`, 320), WEBP);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-image-fallback']).toBe(reason);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(await sharp(answer.body).metadata()).toMatchObject({ width: 1, height: 1 });
    expect(await readdir(cacheDir)).toEqual(before);
  });

  it('answers the placeholder, not an error, when the source host is down', async () => {
    const gone = await serveApp(express());
    await gone.close();
    const answer = await rawGet(imageUrl(`${gone.url}/shoe.png`, 320), WEBP);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-image-fallback']).toBe('unreachable');
    expect(await sharp(answer.body).metadata()).toMatchObject({ width: 1, height: 1 });
  });

  it('answers 400 with a code and message for a request that names no picture', async () => {
    for (const query of ['', '?src=not-a-url', `?src=${encodeURIComponent('javascript:alert(1)')}`, `?src=${encodeURIComponent(`${pictures.url}/shoe.png`)}&w=wide`]) {
      const answer = await fetch(`${web.url}/images${query}`);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });

  it('drops the least recently used pictures past the cache limit', async () => {
    const smallDir = await mkdtemp(path.join(tmpdir(), 'web-images-small-'));
    // Room for one source with its variant, not two.
    const small = await webWith({ IMAGE_CACHE_DIR: smallDir, IMAGE_CACHE_MAX_BYTES: String(Math.round(shoeBytes * 1.5)) });
    try {
      const get = (file: string) => rawGet(`${small.url}/images?src=${encodeURIComponent(`${pictures.url}/${file}`)}&w=160`, WEBP);
      await get('shoe.png');
      await get('other.png');
      // The two do not both fit: the first, used least recently, was dropped.
      expect((await readdir(smallDir)).length).toBe(1);
      await get('shoe.png');
      expect(hits.get('/shoe.png')).toBe(2);
      expect(hits.get('/other.png')).toBe(1);
    } finally {
      await small.close();
      await rm(smallDir, { recursive: true, force: true });
    }
  });
});
