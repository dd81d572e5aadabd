import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { WEB_INTERNAL_PORT, WEB_PORT } from '@kicksight/contracts';
import { commonEnv, envField, parseConfig } from '@kicksight/platform';

const schema = z.object({
  ...commonEnv,
  PORT: envField.port(WEB_PORT),
  /** Prometheus' `/metrics`: never on the public origin. */
  INTERNAL_PORT: envField.port(WEB_INTERNAL_PORT),
  /** The BFF's replicas (comma-separated addresses): requests go to each in turn. */
  BFF_URL: envField.urls('http://127.0.0.1:8080'),
  STATIC_DIR: envField.string(fileURLToPath(new URL('../dist', import.meta.url))),
  /** The analytics tag the build sends events to (the same variable as the build's): its hosts are allowed by the page's policy. */
  VITE_ANALYTICS_TAG_ID: z.string().default(''),
  /** Hosts sneaker pictures are fetched from (comma-separated host names): the catalogue's sources' image hosts. */
  IMAGE_ALLOWED_HOSTS: envField.list('stockx.imgix.net,images.stockx.com,stockx-assets.imgix.net,image.goat.com'),
  /** Widths the pictures are served at (comma-separated pixels); a request takes the nearest at or above it. */
  IMAGE_WIDTHS: envField
    .list('160,320,480,640,960')
    .transform((widths) => widths.map(Number))
    .pipe(z.array(z.number().int().min(16).max(4_000)).min(1, 'IMAGE_WIDTHS needs at least one width')),
  /** Where fetched pictures and their sized variants are kept. */
  IMAGE_CACHE_DIR: envField.string(path.join(tmpdir(), 'kicksight-images')),
  /** Past this many bytes on disk, the least recently used pictures are dropped (within the chart's 64 MiB of /tmp). */
  IMAGE_CACHE_MAX_BYTES: envField.int(48 * 1024 * 1024),
  /** A source picture larger than this is refused (the placeholder shows instead). */
  IMAGE_MAX_SOURCE_BYTES: envField.int(8 * 1024 * 1024),
  /** How long a source host may take to send a picture. */
  IMAGE_FETCH_TIMEOUT_MS: envField.int(5_000),
});

export type Config = z.infer<typeof schema>;

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
