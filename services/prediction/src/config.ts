import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';

const schema = z.object({
  ...serviceEnv,
  PORT: envField.port(4005),
  INTERNAL_PORT: envField.port(4105),
  JWKS_URL: envField.url('http://127.0.0.1:4001/.well-known/jwks.json'),
  /** The catalog's internal port: daily series and recent sale prices. */
  CATALOG_INTERNAL_URL: envField.urls('http://127.0.0.1:4102'),
  /** Billing's internal port: whether a member may see predictions. */
  BILLING_INTERNAL_URL: envField.urls('http://127.0.0.1:4104'),
  /** How long a forecast stays fresh in the cache (unless a sale of its sneaker arrives first). */
  CACHE_TTL_SECONDS: envField.int(15 * 60),
  /** A cache call slower than this counts as a miss (the forecast is computed uncached). */
  CACHE_TIMEOUT_MS: envField.int(150),
  /** Days of daily sales the model is fitted on. */
  FIT_WINDOW_DAYS: z.coerce.number().int().min(20).max(730).default(180),
  /** Catalogue calls of a batch forecast at once (each brings up to 100 sneakers). */
  BATCH_CONCURRENCY: envField.int(2),
  /** How often a replica checks whether this period's track record is due (0 turns the job off). */
  TRACK_RECORD_CHECK_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** Days between two runs of the track record's backtest. */
  TRACK_RECORD_PERIOD_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** How long the broker waits for a silent consumer before giving its partitions to another. */
  CONSUMER_SESSION_MS: z.coerce.number().int().min(6_000).default(30_000),
});

export type Config = z.infer<typeof schema>;

/** The prediction service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
