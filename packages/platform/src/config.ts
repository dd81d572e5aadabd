import { z } from 'zod';

/** Raised at boot when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Parses the environment once with a zod schema; every problem is listed in one message. */
export function parseConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

const DURATION_UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Small, reusable pieces of env schemas. */
export const envField = {
  /** A duration in milliseconds, written '90s', '30m', '6h', '2d' or as milliseconds. */
  duration: (name: string, fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((v, ctx) => {
        const match = /^(\d+)(ms|s|m|h|d)?$/.exec(v.trim());
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `${name} must be a duration such as '30m', '6h' or '2d'` });
          return z.NEVER;
        }
        return Number(match[1]) * DURATION_UNITS_MS[(match[2] ?? 'ms') as keyof typeof DURATION_UNITS_MS];
      }),
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: (fallback?: string) => (fallback === undefined ? z.url() : z.url().default(fallback)),
  string: (fallback?: string) => (fallback === undefined ? z.string().min(1) : z.string().min(1).default(fallback)),
  int: (fallback: number) => z.coerce.number().int().default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  /** A service's address, or its replicas' addresses separated by commas (callers spread requests over them). */
  urls: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((value) => value.split(',').map((url) => url.trim()))
      .pipe(z.array(z.url('each address must be a URL')).min(1)),
  list: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
};

/** Settings every backend process shares. */
export const commonEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: envField.int(10_000),
  /**
   * The interface the process listens on: this machine only unless told otherwise. A container sets
   * 0.0.0.0 (the chart's ConfigMap and the images do), so that probes and Services reach the pod.
   */
  HOST: envField.string('127.0.0.1'),
};
