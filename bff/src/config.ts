import { z } from 'zod';
import { BFF_INTERNAL_PORT, BFF_PORT, SERVICES, SERVICE_NAMES, WEB_PORT, type ServiceName } from '@kicksight/contracts';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';

/** Each service's address, or the addresses of its replicas separated by commas (requests are spread over them in turn). */
const serviceUrls = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, envField.urls(`http://127.0.0.1:${SERVICES[name].port}`)])) as Record<
  `${Uppercase<ServiceName>}_URL`,
  ReturnType<typeof envField.urls>
>;

/** Secrets with a default that only a developer's machine may use. */
const DEV_SECRETS = {
  DEMO_PASSWORD: 'kicksight-demo',
  DEMO_TICKET_SECRET: 'development-only-demo-ticket-secret-0000',
} as const;

const schema = z
  .object({
    ...serviceEnv,
    PORT: envField.port(BFF_PORT),
    /** Prometheus' `/metrics` and the detailed health (`/health`): never on the public port. */
    INTERNAL_PORT: envField.port(BFF_INTERNAL_PORT),
    HEALTH_TIMEOUT_MS: envField.int(2_000),
    ...serviceUrls,
    AUTH_JWKS_URL: envField.url(`http://127.0.0.1:${SERVICES.auth.port}/.well-known/jwks.json`),
    AUTH_INTERNAL_URL: envField.urls(`http://127.0.0.1:${SERVICES.auth.internalPort}`),
    BILLING_INTERNAL_URL: envField.urls(`http://127.0.0.1:${SERVICES.billing.internalPort}`),
    CATALOG_INTERNAL_URL: envField.urls(`http://127.0.0.1:${SERVICES.catalog.internalPort}`),
    WEB_ORIGIN: envField.url(`http://127.0.0.1:${WEB_PORT}`),
    /** How long a service may take to start answering a proxied request. */
    UPSTREAM_TIMEOUT_MS: envField.int(15_000),
    /** How long each part of a dashboard aggregation may take before it is answered as missing. */
    DASHBOARD_TIMEOUT_MS: envField.int(3_000),
    /** Largest body of a proxied request, by its Content-Length. */
    BODY_LIMIT_BYTES: envField.int(1024 * 1024),
    /**
     * How many proxies stand in front of the BFF (the web server locally, the ingress in a cluster): the
     * client's address is the one the outermost of them saw, and an X-Forwarded-For a client wrote is ignored.
     */
    TRUST_PROXY_HOPS: envField.int(1),
    /** Requests per principal (or per address when signed out) per window. */
    RATE_LIMIT_POINTS: envField.int(600),
    RATE_LIMIT_DURATION_S: envField.int(60),
    /** Namespace of the rate-limit counters in Redis. */
    RATE_LIMIT_KEY_PREFIX: envField.string('bff:rl'),
    /** How often each pod shares its rate-limit counts through Redis (requests are judged from memory in between). */
    RATE_LIMIT_SYNC_MS: envField.int(100),
    /** Demo password attempts per address per window. */
    DEMO_ATTEMPTS: envField.int(10),
    DEMO_ATTEMPTS_WINDOW_S: envField.int(15 * 60),
    DEMO_PASSWORD: envField.string(DEV_SECRETS.DEMO_PASSWORD),
    DEMO_TICKET_SECRET: z.string().min(32, 'DEMO_TICKET_SECRET must be at least 32 characters').default(DEV_SECRETS.DEMO_TICKET_SECRET),
    /** Interval of the keep-alive comments of the event stream. */
    SSE_HEARTBEAT_MS: envField.int(25_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const [name, fallback] of Object.entries(DEV_SECRETS)) {
      if (env[name as keyof typeof DEV_SECRETS] === fallback) {
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} must be set in production (the development default is refused)` });
      }
    }
  })
  .transform((env) => ({
    ...env,
    serviceUrls: Object.fromEntries(SERVICE_NAMES.map((name) => [name, env[`${name.toUpperCase() as Uppercase<ServiceName>}_URL`]])) as Record<ServiceName, string[]>,
  }));

export type Config = z.infer<typeof schema>;

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
