/** StockX answered 429: wait `retryAfterMs` before the next call. */
export class StockxRateLimited extends Error {
  override name = 'StockxRateLimited';
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super(`StockX asked to wait ${retryAfterMs} ms`);
    this.retryAfterMs = retryAfterMs;
  }
}

/** StockX failed a call (5xx, a time-out, a refused connection, or a 4xx the caller cannot recover from). */
export class StockxCallFailed extends Error {
  override name = 'StockxCallFailed';
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

/** Retry-After as seconds or an HTTP date, bounded; a missing or unreadable one waits `fallbackMs`. */
export function retryAfterMsOf(header: string | null, now: Date, fallbackMs: number, maxMs: number): number {
  let ms = fallbackMs;
  if (header !== null && header.trim() !== '') {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) ms = seconds * 1000;
    else if (!Number.isNaN(Date.parse(header))) ms = Date.parse(header) - now.getTime();
  }
  return Math.min(maxMs, Math.max(0, Math.round(ms)));
}

export interface StockxApiSettings {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetryAfterMs: number;
}

/**
 * GET calls of StockX's API v2 for one linked account: the API key in `x-api-key`, the account's access
 * token as a bearer. A 401 refreshes the access token once and tries again; a 429 throws
 * `StockxRateLimited` with how long to wait; any other failure throws `StockxCallFailed`. `beforeCall`
 * runs before every request (a retry after a 401 too): a call budget takes its call there.
 */
export function createStockxApiCall({ settings, link, beforeCall, now = () => new Date() }: { settings: StockxApiSettings; link: { accessToken(): Promise<string>; refresh(stale?: string): Promise<string> }; beforeCall?: () => Promise<void>; now?: () => Date }) {
  async function send(path: string, token: string): Promise<Response> {
    await beforeCall?.();
    try {
      return await fetch(`${settings.apiUrl}${path}`, {
        headers: { 'x-api-key': settings.apiKey, authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      throw new StockxCallFailed(`StockX could not be reached (${(err as Error).name})`, null);
    }
  }

  return async function call<T>(path: string): Promise<T> {
    const token = await link.accessToken();
    let response = await send(path, token);
    if (response.status === 401) response = await send(path, await link.refresh(token));
    if (response.status === 429) throw new StockxRateLimited(retryAfterMsOf(response.headers.get('retry-after'), now(), 1_000, settings.maxRetryAfterMs));
    if (!response.ok) throw new StockxCallFailed(`StockX answered ${response.status} to GET ${path.split('?')[0]}`, response.status);
    return (await response.json()) as T;
  };
}

export type StockxApiCall = ReturnType<typeof createStockxApiCall>;
