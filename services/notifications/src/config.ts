import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';

const schema = z.object({
  ...serviceEnv,
  PORT: envField.port(4006),
  INTERNAL_PORT: envField.port(4106),
  DATABASE_URL: envField.url('postgres://kicksight:kicksight@127.0.0.1:5432/notifications'),
});

export type Config = z.infer<typeof schema>;

/** The notifications service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
