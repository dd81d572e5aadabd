// Sneaker pictures through our own origin: `GET /images?src=<the catalogue's image URL>&w=<width>` fetches the
// source once from an allow-listed host, keeps it on disk, and serves it resized to the nearest configured
// width, as WebP where the browser takes it (JPEG otherwise). A source that cannot be had (down, slow, not an
// image, too large) is answered with a 1×1 transparent placeholder, so the browser never sees a failed request
// and the page shows its own placeholder; nothing of it is kept.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request } from 'express';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError, type Logger } from '@kicksight/platform';

export interface ImageSettings {
  /** Host names images may be fetched from (exactly; no other host is ever asked). */
  allowedHosts: string[];
  /** The widths served; a request is answered at the nearest one at or above what it asked (or the largest). */
  widths: number[];
  /** Where sources and their sized variants are kept. */
  cacheDir: string;
  /** Past this many bytes on disk, the least recently used sources (with their variants) are dropped. */
  cacheMaxBytes: number;
  /** A source larger than this is refused. */
  maxSourceBytes: number;
  /** How long a source may take to answer in full. */
  fetchTimeoutMs: number;
}

/** Why a source gave the placeholder, in the answer's `X-Image-Fallback` header. */
export type Fallback = 'unreachable' | 'not-image' | 'too-large';

class SourceRefused extends Error {
  readonly reason: Fallback;
  constructor(reason: Fallback) {
    super(reason);
    this.reason = reason;
  }
}

/** 1×1 transparent PNG: the page reads an image this small as "no picture" and shows its placeholder. */
export const PLACEHOLDER = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SOURCE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const MAX_REDIRECTS = 3;
/** A decoded source may hold at most this many pixels (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
const VARIANT_CACHE = 'public, max-age=604800';
const PLACEHOLDER_CACHE = 'public, max-age=300';

const querySchema = z.object({
  src: z.url({ protocol: /^https?$/, message: 'src must be an http(s) URL' }).max(2_000),
  w: z.coerce.number().int().min(1).max(4_000).optional(),
});

/** The source file and its variants, in one folder per source. */
const folderOf = (dir: string, src: string) => path.join(dir, createHash('sha256').update(src).digest('hex'));

/**
 * Remembers what is on disk, least recently used first, and drops whole sources past the byte limit.
 * It starts from what an earlier process left in the folder.
 */
function createDiskIndex(settings: ImageSettings, logger: Logger) {
  const sizes = new Map<string, number>();
  let total = 0;
  const ready = (async () => {
    await mkdir(settings.cacheDir, { recursive: true });
    for (const folder of await readdir(settings.cacheDir)) {
      const files = await readdir(path.join(settings.cacheDir, folder)).catch(() => []);
      let bytes = 0;
      for (const file of files) bytes += (await stat(path.join(settings.cacheDir, folder, file)).catch(() => ({ size: 0 }))).size;
      sizes.set(folder, bytes);
      total += bytes;
    }
  })();
  return {
    ready,
    touch(folder: string) {
      const bytes = sizes.get(path.basename(folder));
      if (bytes === undefined) return;
      sizes.delete(path.basename(folder));
      sizes.set(path.basename(folder), bytes);
    },
    async add(folder: string, bytes: number) {
      const name = path.basename(folder);
      sizes.set(name, (sizes.get(name) ?? 0) + bytes);
      total += bytes;
      for (const [oldest, size] of sizes) {
        if (total <= settings.cacheMaxBytes || oldest === name) break;
        sizes.delete(oldest);
        total -= size;
        await rm(path.join(settings.cacheDir, oldest), { recursive: true, force: true }).catch((err: unknown) => logger.warn({ err }, 'could not drop a cached image'));
      }
    },
  };
}

/** Reads a body up to `limit` bytes; a longer one is refused without reading the rest. */
async function readLimited(response: Response, limit: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) throw new SourceRefused('too-large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > limit) throw new SourceRefused('too-large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function imagesRouter(settings: ImageSettings, logger: Logger): Router {
  const allowed = new Set(settings.allowedHosts.map((host) => host.toLowerCase()));
  const widths = [...settings.widths].sort((a, b) => a - b);
  const index = createDiskIndex(settings, logger);
  /** One fetch per source at a time: concurrent requests for it wait on the same one. */
  const fetching = new Map<string, Promise<Buffer>>();

  const isAllowed = (url: URL) => allowed.has(url.hostname.toLowerCase());

  /** The source's bytes from its host (following redirects only within the allow-list), checked to be an image of a kind we resize. */
  async function download(src: string): Promise<Buffer> {
    let url = new URL(src);
    const deadline = AbortSignal.timeout(settings.fetchTimeoutMs);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await fetch(url, { redirect: 'manual', signal: deadline, headers: { accept: 'image/*' } }).catch(() => {
        throw new SourceRefused('unreachable');
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        if (!isAllowed(url) || !/^https?:$/.test(url.protocol)) throw new SourceRefused('unreachable');
        continue;
      }
      if (!response.ok) throw new SourceRefused('unreachable');
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!SOURCE_TYPES.has(type)) throw new SourceRefused('not-image');
      const body = await readLimited(response, settings.maxSourceBytes).catch((err: unknown) => {
        throw err instanceof SourceRefused ? err : new SourceRefused('unreachable');
      });
      const format = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS })
        .metadata()
        .then((meta) => meta.format)
        .catch(() => undefined);
      if (!format) throw new SourceRefused('not-image');
      return body;
    }
    throw new SourceRefused('unreachable');
  }

  /** The source from disk, else fetched once and kept. */
  async function source(src: string, folder: string): Promise<Buffer> {
    const kept = await readFile(path.join(folder, 'source')).catch(() => undefined);
    if (kept) return kept;
    let pending = fetching.get(src);
    if (!pending) {
      pending = download(src).then(async (body) => {
        await mkdir(folder, { recursive: true });
        await writeFile(path.join(folder, 'source'), body);
        await index.add(folder, body.length);
        return body;
      });
      fetching.set(src, pending);
      void pending.finally(() => fetching.delete(src)).catch(() => {});
    }
    return pending;
  }

  /** The nearest configured width at or above the one asked for (the largest when none is). */
  const widthFor = (asked: number | undefined) => widths.find((w) => w >= (asked ?? widths[0]!)) ?? widths.at(-1)!;
  const takesWebp = (req: Request) => /\bimage\/webp\b/.test(req.headers.accept ?? '');

  const router = Router();
  router.get('/', async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) throw AppError.badRequest(query.error.issues[0]?.message ?? 'Invalid image request');
    const src = query.data.src;
    if (!isAllowed(new URL(src))) throw AppError.forbidden('Images are served only from the catalogue’s image hosts.', 'IMAGE_HOST_NOT_ALLOWED');
    await index.ready;
    res.setHeader('vary', 'Accept');
    const folder = folderOf(settings.cacheDir, src);
    const width = widthFor(query.data.w);
    const format = takesWebp(req) ? 'webp' : 'jpeg';
    const variantFile = path.join(folder, `${width}.${format}`);
    try {
      let variant = await readFile(variantFile).catch(() => undefined);
      if (!variant) {
        const original = await source(src, folder);
        const resized = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true });
        variant = await (format === 'webp' ? resized.webp({ quality: 78 }) : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }))
          .toBuffer()
          .catch(() => {
            throw new SourceRefused('not-image');
          });
        await writeFile(variantFile, variant);
        await index.add(folder, variant.length);
      }
      index.touch(folder);
      res.setHeader('cache-control', VARIANT_CACHE);
      res.type(format).send(variant);
    } catch (err) {
      if (!(err instanceof SourceRefused)) throw err;
      logger.info({ src, reason: err.reason }, 'image source gave the placeholder');
      res.setHeader('cache-control', PLACEHOLDER_CACHE);
      res.setHeader('x-image-fallback', err.reason);
      res.type('png').send(PLACEHOLDER);
    }
  });
  return router;
}
