import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';

const schema = z.object({
  ...serviceEnv,
  PORT: envField.port(4005),
  INTERNAL_PORT: envField.port(4105),
});

export type Config = z.infer<typeof schema>;

/** The prediction service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
