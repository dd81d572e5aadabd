import { jsonClient } from '@kicksight/testkit';

export const WEB = process.env.KS_WEB_URL ?? 'http://127.0.0.1:5173';
const web = jsonClient(WEB);

/** A JSON call through the web origin, as the browser makes it (mutations carry an Idempotency-Key). */
export const api = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  web.call(method, path, { ...options, headers: options.body === undefined ? {} : { 'idempotency-key': crypto.randomUUID() } });

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
