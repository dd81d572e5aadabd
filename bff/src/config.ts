import { z } from 'zod';
import { SERVICES, SERVICE_NAMES, type ServiceName } from '@kicksight/contracts';
import { commonEnv, envField, parseConfig } from '@kicksight/platform';

const serviceUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, envField.url(`http://127.0.0.1:${SERVICES[name].port}`)]),
) as Record<`${Uppercase<ServiceName>}_URL`, ReturnType<typeof envField.url>>;

const schema = z
  .object({
    ...commonEnv,
    PORT: envField.port(8080),
    REDIS_URL: envField.url('redis://127.0.0.1:6379'),
    HEALTH_TIMEOUT_MS: envField.int(2_000),
    ...serviceUrls,
  })
  .transform((env) => ({
    ...env,
    serviceUrls: Object.fromEntries(SERVICE_NAMES.map((name) => [name, env[`${name.toUpperCase() as Uppercase<ServiceName>}_URL`]])) as Record<ServiceName, string>,
  }));

export type Config = z.infer<typeof schema>;

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
