import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';

const schema = z.object({
  ...serviceEnv,
  PORT: envField.port(4006),
  INTERNAL_PORT: envField.port(4106),
  /** The health and metrics port of a process that only runs the email workers (worker-main.ts). */
  WORKER_PORT: envField.port(4206),
  DATABASE_URL: envField.url('postgres://kicksight:kicksight@127.0.0.1:5432/notifications'),
  JWKS_URL: envField.url('http://127.0.0.1:4001/.well-known/jwks.json'),
  /** Catalog's internal port: trending sneakers for the market movers. */
  CATALOG_INTERNAL_URL: envField.urls('http://127.0.0.1:4102'),
  /** Collection's internal port: a member's collection value and its change. */
  COLLECTION_INTERNAL_URL: envField.urls('http://127.0.0.1:4103'),
  /** The web app's origin: every link of an email points into it. */
  WEB_URL: envField.url('http://127.0.0.1:5173'),
  SMTP_HOST: envField.string('127.0.0.1'),
  SMTP_PORT: envField.port(1025),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: envField.bool(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Kicksight <hello@kicksight.app>'),
  /** Runs the email workers inside the API process too; set false when worker-main.ts runs them apart. */
  RUN_WORKERS: envField.bool(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  /** BullMQ's key prefix in Redis (one per environment). */
  QUEUE_PREFIX: z.string().min(1).default('bull'),
  /** Tries of one email before its job is kept as failed, and the first retry's delay (doubling after). */
  EMAIL_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  EMAIL_BACKOFF_MS: z.coerce.number().int().min(10).default(5_000),
  /** How often the scheduled jobs (digest, trial warnings, re-engagement) run; 0 turns them off. */
  JOBS_INTERVAL_MS: envField.int(15 * 60_000),
  /** The UTC hour from which the day's digest goes out. */
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(8),
  CONSUMER_SESSION_MS: z.coerce.number().int().min(6_000).default(30_000),
});

export type Config = z.infer<typeof schema>;

/** The notifications service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
