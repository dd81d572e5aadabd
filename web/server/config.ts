import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { WEB_INTERNAL_PORT, WEB_PORT } from '@kicksight/contracts';
import { commonEnv, envField, parseConfig } from '@kicksight/platform';

const schema = z.object({
  ...commonEnv,
  PORT: envField.port(WEB_PORT),
  /** Prometheus' `/metrics`: never on the public origin. */
  INTERNAL_PORT: envField.port(WEB_INTERNAL_PORT),
  BFF_URL: envField.url('http://127.0.0.1:8080'),
  STATIC_DIR: envField.string(fileURLToPath(new URL('../dist', import.meta.url))),
  /** The analytics tag the build sends events to (the same variable as the build's): its hosts are allowed by the page's policy. */
  VITE_ANALYTICS_TAG_ID: z.string().default(''),
  /**
   * Hosts product images are loaded from (space-separated CSP sources). Sneaker pictures are served by the
   * catalogue's sources' image hosts.
   */
  IMAGE_SOURCES: z.string().default('https:'),
});

export type Config = z.infer<typeof schema>;

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
