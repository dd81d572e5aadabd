import { z } from 'zod';
import { envField } from '@kicksight/platform';

/** StockX's real hosts: production reads the market from these and refuses anything else (the sandbox). */
export const STOCKX_API_HOST = 'api.stockx.com';
export const STOCKX_ACCOUNTS_HOST = 'accounts.stockx.com';

/** A 32-byte key as base64 (AES-256-GCM). */
const tokenKey = z
  .string()
  .refine((v) => Buffer.from(v, 'base64').length === 32, { message: 'STOCKX_TOKEN_KEY must be 32 bytes as base64 (openssl rand -base64 32)' })
  .optional();

/** The StockX adapter's settings (StockX's developer portal issues the application id, secret and API key). */
export const stockxEnv = {
  STOCKX_API_URL: envField.url(`https://${STOCKX_API_HOST}/v2`),
  STOCKX_AUTHORIZE_URL: envField.url(`https://${STOCKX_ACCOUNTS_HOST}/authorize`),
  STOCKX_TOKEN_URL: envField.url(`https://${STOCKX_ACCOUNTS_HOST}/oauth/token`),
  STOCKX_CLIENT_ID: z.string().min(1).optional(),
  STOCKX_CLIENT_SECRET: z.string().min(1).optional(),
  STOCKX_API_KEY: z.string().min(1).optional(),
  /** Where StockX sends the operator back after consent: the admin panel's callback page. */
  STOCKX_REDIRECT_URL: envField.url('http://127.0.0.1:5173/admin/integrations/stockx/callback'),
  /** Encrypts the OAuth tokens at rest. */
  STOCKX_TOKEN_KEY: tokenKey,
  /** Calls to StockX's API per minute, at most (the queue's rate limit). */
  STOCKX_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** How often a sync round plans the reads. */
  STOCKX_SYNC_INTERVAL_MS: z.coerce.number().int().min(1_000).default(300_000),
  /** The most variants one round reads. */
  STOCKX_SYNC_MAX_VARIANTS: z.coerce.number().int().min(1).default(1_000),
  /** Tries of a read, with exponential backoff from STOCKX_BACKOFF_MS. */
  STOCKX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  STOCKX_BACKOFF_MS: z.coerce.number().int().min(10).default(2_000),
  /** Consecutive failures that open the circuit, and how long it stays open before a trial call. */
  STOCKX_CIRCUIT_FAILURES: z.coerce.number().int().min(1).default(5),
  STOCKX_CIRCUIT_HALF_OPEN_MS: z.coerce.number().int().min(100).default(30_000),
  /** Time-out of one call to StockX. */
  STOCKX_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** The longest Retry-After honoured (a longer one waits this long). */
  STOCKX_MAX_RETRY_AFTER_MS: z.coerce.number().int().min(100).default(120_000),
};

interface StockxSettings {
  NODE_ENV: string;
  MARKET_SOURCES: readonly string[];
  STOCKX_API_URL: string;
  STOCKX_AUTHORIZE_URL: string;
  STOCKX_TOKEN_URL: string;
  STOCKX_CLIENT_ID?: string;
  STOCKX_CLIENT_SECRET?: string;
  STOCKX_API_KEY?: string;
  STOCKX_TOKEN_KEY?: string;
}

/** With `stockx` among the sources its credentials and key are required; production talks to StockX's own hosts only. */
export function refineStockx(c: StockxSettings, ctx: z.RefinementCtx): void {
  if (c.MARKET_SOURCES.includes('stockx')) {
    for (const key of ['STOCKX_CLIENT_ID', 'STOCKX_CLIENT_SECRET', 'STOCKX_API_KEY', 'STOCKX_TOKEN_KEY'] as const) {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when MARKET_SOURCES includes stockx` });
    }
  }
  if (c.NODE_ENV !== 'production') return;
  const hosts: [keyof StockxSettings, string][] = [
    ['STOCKX_API_URL', STOCKX_API_HOST],
    ['STOCKX_AUTHORIZE_URL', STOCKX_ACCOUNTS_HOST],
    ['STOCKX_TOKEN_URL', STOCKX_ACCOUNTS_HOST],
  ];
  for (const [key, host] of hosts) {
    const url = new URL(String(c[key]));
    if (url.protocol !== 'https:' || url.hostname !== host) ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be https://${host} in production (the StockX sandbox is refused)` });
  }
}
