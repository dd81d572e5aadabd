import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { commonEnv, envField, parseConfig } from '@kicksight/platform';

const schema = z.object({
  ...commonEnv,
  PORT: envField.port(5173),
  BFF_URL: envField.url('http://127.0.0.1:8080'),
  STATIC_DIR: envField.string(fileURLToPath(new URL('../dist', import.meta.url))),
});

export type Config = z.infer<typeof schema>;

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
