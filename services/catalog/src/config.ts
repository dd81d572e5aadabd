import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';
import { MARKET_SOURCE_NAMES } from './market/source-names.ts';
import { refineStockx, stockxEnv } from './market/stockx/stockx-config.ts';

/** `../shared/data` beside the repository's root. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../shared/data', import.meta.url));

const schema = z
  .object({
    ...serviceEnv,
    PORT: envField.port(4002),
    INTERNAL_PORT: envField.port(4102),
    MONGO_URL: envField.url('mongodb://127.0.0.1:27017/catalog'),
    JWKS_URL: envField.url('http://127.0.0.1:4001/.well-known/jwks.json'),
    /** Billing's internal port: metering and entitlements. */
    BILLING_INTERNAL_URL: envField.urls('http://127.0.0.1:4104'),
    /** Collection's internal port: what members hold, watch and set alerts on (the sizes whose market StockX reads). */
    COLLECTION_INTERNAL_URL: envField.urls('http://127.0.0.1:4103'),
    /** How often the sizes members care about are reconciled with collection's records (one pod at a time). */
    DEMAND_RECONCILE_EVERY: envField.duration('DEMAND_RECONCILE_EVERY', '24h'),
    /** The real data files the import reads in place (never copied into the repository). */
    DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    /** Enables `POST /internal/test/sales` on the internal port (records a sale at a given price); refused in production. */
    TEST_ROUTES_ENABLED: envField.bool(false),
    /** How often the outbox relay looks for unpublished sales and product changes. */
    RELAY_INTERVAL_MS: envField.int(1_000),
    /** One relay per catalog store publishes; another pod takes over this long after its holder died. */
    RELAY_LEASE_TTL_MS: z.coerce.number().int().min(300).default(15_000),
    /** A sale left half-applied (a crash) is completed by the relay after this long. */
    RELAY_RECOVER_AFTER_MS: envField.int(30_000),
    /** Runs the live market in this process (one process at a time holds its lease). */
    MARKET_FEED_ENABLED: envField.bool(true),
    /** Real time between two rounds of live sales. */
    MARKET_FEED_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
    /** Market time per real time (60: an hour of trading every minute). */
    MARKET_FEED_SPEED: z.coerce.number().positive().default(60),
    /** The most sales one round records. */
    MARKET_FEED_MAX_SALES: z.coerce.number().int().min(1).default(20),
    /** Sneakers this pod keeps in memory between reads (kept as fresh as its search index). */
    SNEAKER_CACHE_SIZE: z.coerce.number().int().min(1).default(5_000),
    /** Session time-out of this pod's search-index consumer (its group is its own). */
    SEARCH_CONSUMER_SESSION_MS: envField.int(10_000),
    /** A market reading older than this is shown as stale, and a pair's value falls back to its last sale ('90s', '30m', '6h', '2d', or milliseconds). */
    MARKET_STALE_AFTER: envField.duration('MARKET_STALE_AFTER', '6h'),
    /** The market sources this catalog reads: `replay` (the live market replaying real sales), `stockx` (StockX's API v2). */
    MARKET_SOURCES: envField.list('replay').pipe(z.array(z.enum(MARKET_SOURCE_NAMES, { error: `MARKET_SOURCES takes ${MARKET_SOURCE_NAMES.join(', ')}` }))),
    ...stockxEnv,
  })
  .refine((c) => !(c.NODE_ENV === 'production' && c.TEST_ROUTES_ENABLED), {
    message: 'TEST_ROUTES_ENABLED records sales at any price and is refused in production',
    path: ['TEST_ROUTES_ENABLED'],
  })
  .superRefine(refineStockx);

export type Config = z.infer<typeof schema>;

/** The catalog service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
