import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { envField, parseConfig, serviceEnv, type InfraSpec } from '@kicksight/platform';

const schema = z
  .object({
    ...serviceEnv,
    PORT: envField.port(4004),
    INTERNAL_PORT: envField.port(4104),
    /** worker-main.ts serves its health and metrics here. */
    WORKER_PORT: envField.port(4204),
    /**
     * Runs the workers (the outbox relay and the usage-ledger follower) inside the API process too;
     * set false when worker-main.ts runs them apart, which keeps their work off the metering path.
     */
    RUN_WORKERS: envField.bool(true),
    DATABASE_URL: envField.url('postgres://kicksight:kicksight@127.0.0.1:5432/billing'),
    JWKS_URL: envField.url('http://127.0.0.1:4001/.well-known/jwks.json'),
    /** The web app's origin: checkout returns to /admin/membership there. */
    WEB_URL: envField.url('http://127.0.0.1:5173'),
    /** The public API base as browsers reach it (the local payment pages live under it). */
    PUBLIC_API_URL: envField.url('http://127.0.0.1:5173/api'),
    PAYMENT_GATEWAY: z.enum(['stripe', 'local']).default('local'),
    /** Signs the links of the local payment pages. */
    LOCAL_GATEWAY_SECRET: z.string().min(16).default('local-gateway-development-secret'),
    STRIPE_SECRET_KEY: z.string().default('sk_test_kicksight'),
    /** Where stripe-node sends requests (stripe-mock locally); empty for Stripe itself. */
    STRIPE_API_BASE: z.string().default(''),
    STRIPE_WEBHOOK_SECRET: z.string().default('whsec_kicksight_development'),
    STRIPE_PRICE_PREMIUM_MONTHLY: z.string().default('price_premium_monthly'),
    STRIPE_PRICE_PREMIUM_YEARLY: z.string().default('price_premium_yearly'),
    STRIPE_PRICE_UNLIMITED_MONTHLY: z.string().default('price_unlimited_monthly'),
    STRIPE_PRICE_UNLIMITED_YEARLY: z.string().default('price_unlimited_yearly'),
    /** How often the scheduled jobs (trial expiry, local renewals) run; 0 turns them off. */
    JOBS_INTERVAL_MS: envField.int(60_000),
  })
  .refine((c) => !(c.NODE_ENV === 'production' && c.PAYMENT_GATEWAY === 'local'), {
    message: 'PAYMENT_GATEWAY=local is for development and tests; production takes payments through stripe',
    path: ['PAYMENT_GATEWAY'],
  })
  .refine((c) => !(c.NODE_ENV === 'production' && (c.STRIPE_SECRET_KEY === 'sk_test_kicksight' || c.STRIPE_WEBHOOK_SECRET === 'whsec_kicksight_development')), {
    message: 'production needs real STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    path: ['STRIPE_SECRET_KEY'],
  });

export type Config = z.infer<typeof schema>;

/** The billing service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);

/** What billing's processes open: its database (migrated), Redis and Kafka; `outbox` runs the relay there. */
export const billingInfra = (config: Config, name: string, { outbox }: { outbox: NonNullable<InfraSpec['outbox']> }): InfraSpec => ({
  name,
  logLevel: config.LOG_LEVEL,
  postgres: { url: config.DATABASE_URL, migrationsDir: fileURLToPath(new URL('./store/migrations', import.meta.url)) },
  redisUrl: config.REDIS_URL,
  kafka: { brokers: config.KAFKA_BROKERS, prefix: config.KAFKA_TOPIC_PREFIX },
  outbox,
});
