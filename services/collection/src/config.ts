import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';
import { refineStockxHosts, stockxAccountEnv } from '@kicksight/stockx';

const schema = z.object({
  ...serviceEnv,
  PORT: envField.port(4003),
  INTERNAL_PORT: envField.port(4103),
  DATABASE_URL: envField.url('postgres://kicksight:kicksight@127.0.0.1:5432/collection'),
  JWKS_URL: envField.url('http://127.0.0.1:4001/.well-known/jwks.json'),
  /** The catalog's public port (a sneaker's page and related products, asked with the member's token). */
  CATALOG_URL: envField.url('http://127.0.0.1:4002'),
  /** The catalog's internal port: prices, trending, daily series. */
  CATALOG_INTERNAL_URL: envField.urls('http://127.0.0.1:4102'),
  /** Billing's internal port: entitlements (collection limit, advanced analytics). */
  BILLING_INTERNAL_URL: envField.urls('http://127.0.0.1:4104'),
  /** How often the valuation snapshot job stores today's valuations; 0 turns scheduled jobs off. */
  JOBS_INTERVAL_MS: envField.int(60 * 60_000),
  POOL_SIZE: envField.int(10),
  /** A market reading older than this no longer values a pair (it falls back to the size's sales) and is shown as stale ('30m', '6h', '2d'). */
  MARKET_STALE_AFTER: envField.duration('MARKET_STALE_AFTER', '6h'),
  /** How long the broker waits for a silent consumer before giving its partitions to another. */
  CONSUMER_SESSION_MS: z.coerce.number().int().min(6_000).default(30_000),
  /** Members' own StockX accounts (their order history): the application's credentials, shared with catalog's link. */
  ...stockxAccountEnv,
  /** Where StockX sends a member back after consent: the Sales page's callback. */
  STOCKX_MEMBER_REDIRECT_URL: envField.url('http://127.0.0.1:5173/admin/sales/stockx/callback'),
  /** The longest Retry-After an import waits out before answering 503 (StockX's order history, per member). */
  STOCKX_IMPORT_MAX_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
}).superRefine(refineStockxHosts);

export type Config = z.infer<typeof schema>;

/** The collection service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
