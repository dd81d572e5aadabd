import { z } from 'zod';
import { envField } from '@kicksight/platform';
import { STOCKX_CREDENTIALS, refineStockxHosts, stockxAccountEnv, type StockxAccountSettings } from '@kicksight/stockx';

/** The StockX adapter's settings (StockX's developer portal issues the application id, secret and API key). */
export const stockxEnv = {
  ...stockxAccountEnv,
  /** Where StockX sends the operator back after consent: the admin panel's callback page. */
  STOCKX_REDIRECT_URL: envField.url('http://127.0.0.1:5173/admin/integrations/stockx/callback'),
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
};

interface StockxSettings extends StockxAccountSettings {
  MARKET_SOURCES: readonly string[];
}

/** With `stockx` among the sources its credentials and key are required; production talks to StockX's own hosts only. */
export function refineStockx(c: StockxSettings, ctx: z.RefinementCtx): void {
  if (c.MARKET_SOURCES.includes('stockx')) {
    for (const key of STOCKX_CREDENTIALS) {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when MARKET_SOURCES includes stockx` });
    }
  }
  refineStockxHosts(c, ctx);
}
