import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';

const schema = z.object({
  ...serviceEnv,
  PORT: envField.port(4002),
  INTERNAL_PORT: envField.port(4102),
  MONGO_URL: envField.url('mongodb://127.0.0.1:27017/catalog'),
});

export type Config = z.infer<typeof schema>;

/** The catalog service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
