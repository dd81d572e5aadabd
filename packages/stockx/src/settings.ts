import { z } from 'zod';
import { envField } from '@kicksight/platform';

/** StockX's real hosts: production talks to these and refuses anything else (the sandbox). */
export const STOCKX_API_HOST = 'api.stockx.com';
export const STOCKX_ACCOUNTS_HOST = 'accounts.stockx.com';

/** A 32-byte key as base64 (AES-256-GCM). */
const tokenKey = z
  .string()
  .refine((v) => Buffer.from(v, 'base64').length === 32, { message: 'STOCKX_TOKEN_KEY must be 32 bytes as base64 (openssl rand -base64 32)' })
  .optional();

/** What any service that links StockX accounts reads (StockX's developer portal issues the application id, secret and API key). */
export const stockxAccountEnv = {
  STOCKX_API_URL: envField.url(`https://${STOCKX_API_HOST}/v2`),
  STOCKX_AUTHORIZE_URL: envField.url(`https://${STOCKX_ACCOUNTS_HOST}/authorize`),
  STOCKX_TOKEN_URL: envField.url(`https://${STOCKX_ACCOUNTS_HOST}/oauth/token`),
  STOCKX_CLIENT_ID: z.string().min(1).optional(),
  STOCKX_CLIENT_SECRET: z.string().min(1).optional(),
  STOCKX_API_KEY: z.string().min(1).optional(),
  /** Encrypts the OAuth tokens at rest. */
  STOCKX_TOKEN_KEY: tokenKey,
  /** Time-out of one call to StockX. */
  STOCKX_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** The longest Retry-After honoured (a longer one waits this long). */
  STOCKX_MAX_RETRY_AFTER_MS: z.coerce.number().int().min(100).default(120_000),
};

export interface StockxAccountSettings {
  NODE_ENV: string;
  STOCKX_API_URL: string;
  STOCKX_AUTHORIZE_URL: string;
  STOCKX_TOKEN_URL: string;
  STOCKX_CLIENT_ID?: string;
  STOCKX_CLIENT_SECRET?: string;
  STOCKX_API_KEY?: string;
  STOCKX_TOKEN_KEY?: string;
}

export const STOCKX_CREDENTIALS = ['STOCKX_CLIENT_ID', 'STOCKX_CLIENT_SECRET', 'STOCKX_API_KEY', 'STOCKX_TOKEN_KEY'] as const;

/** Whether the application's credentials and the token key are all set. */
export const stockxConfigured = (c: StockxAccountSettings): boolean => STOCKX_CREDENTIALS.every((key) => Boolean(c[key]));

/** In production StockX is reached at its own hosts over https only: the sandbox is refused. */
export function refineStockxHosts(c: StockxAccountSettings, ctx: z.RefinementCtx): void {
  if (c.NODE_ENV !== 'production') return;
  const hosts: [keyof StockxAccountSettings, string][] = [
    ['STOCKX_API_URL', STOCKX_API_HOST],
    ['STOCKX_AUTHORIZE_URL', STOCKX_ACCOUNTS_HOST],
    ['STOCKX_TOKEN_URL', STOCKX_ACCOUNTS_HOST],
  ];
  for (const [key, host] of hosts) {
    const url = new URL(String(c[key]));
    if (url.protocol !== 'https:' || url.hostname !== host) ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be https://${host} in production (the StockX sandbox is refused)` });
  }
}
