import { CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { StockxCallFailed, StockxRateLimited, createStockxApiCall, type StockxLink } from '@kicksight/stockx';
import type { CallBudget } from './call-budget.ts';

/**
 * The calls of StockX's API v2 the adapter makes (developer.stockx.com, Catalog):
 *   GET /catalog/search?query=&pageNumber=&pageSize=   -> { count, pageSize, pageNumber, hasNextPage, products: SearchProduct[] }
 *   GET /catalog/products/{productId}/variants          -> ProductVariant[]
 *   GET /catalog/products/{productId}/variants/{variantId}/market-data
 *       -> { productId, variantId, currencyCode, lowestAskAmount, highestBidAmount, sellFasterAmount, earnMoreAmount, ... } (amounts as strings)
 * Every call sends the API key in `x-api-key` and the access token as a bearer.
 */

export interface SearchProduct {
  productId: string;
  styleId: string | null;
  title: string | null;
  brand: string | null;
}

export interface SearchAnswer {
  count: number;
  pageNumber: number;
  hasNextPage: boolean;
  products: SearchProduct[];
}

export interface ProductVariant {
  productId: string;
  variantId: string;
  variantValue: string | null;
  sizeChart?: { defaultConversion?: { size: string | null; type: string | null } };
}

export interface VariantMarketData {
  productId: string;
  variantId: string;
  currencyCode: string;
  lowestAskAmount?: string | null;
  highestBidAmount?: string | null;
  sellFasterAmount?: string | null;
  earnMoreAmount?: string | null;
}

export const CIRCUIT_STATE_NAMES: Record<CircuitState, 'closed' | 'open' | 'half-open' | 'isolated'> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'isolated',
};

export interface StockxClientSettings {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  circuitFailures: number;
  circuitHalfOpenMs: number;
  maxRetryAfterMs: number;
  /** StockX calls a minute, across pods (the call budget keeps to it). */
  ratePerMinute: number;
}

/**
 * StockX's API behind a circuit breaker (cockatiel): consecutive failures open it, and while it is open
 * no call leaves; after `circuitHalfOpenMs` one trial call decides. A 429 is not a failure of StockX:
 * it is answered with how long to wait. A 401 refreshes the access token once and tries again. Every
 * request (a retry after a 401 too) first takes a call from the budget of StockX's rate limit.
 */
export function createStockxClient({ settings, link, budget, now = () => new Date(), onOutcome }: { settings: StockxClientSettings; link: Pick<StockxLink, 'accessToken' | 'refresh'>; budget: Pick<CallBudget, 'take'>; now?: () => Date; onOutcome?: (ok: boolean) => void }) {
  const breaker: CircuitBreakerPolicy = circuitBreaker(
    handleWhen((err) => err instanceof StockxCallFailed),
    { halfOpenAfter: settings.circuitHalfOpenMs, breaker: new ConsecutiveBreaker(settings.circuitFailures) },
  );

  const call = createStockxApiCall({ settings, link, beforeCall: () => budget.take(), now });

  async function guarded<T>(path: string): Promise<T> {
    try {
      const answer = await breaker.execute(() => call<T>(path));
      onOutcome?.(true);
      return answer;
    } catch (err) {
      if (!(err instanceof StockxRateLimited)) onOutcome?.(false);
      throw err;
    }
  }

  return {
    breaker,
    circuitState: () => CIRCUIT_STATE_NAMES[breaker.state],
    search: (query: string, pageSize = 10) => guarded<SearchAnswer>(`/catalog/search?${new URLSearchParams({ query, pageNumber: '1', pageSize: String(pageSize) })}`),
    variants: (productId: string) => guarded<ProductVariant[]>(`/catalog/products/${encodeURIComponent(productId)}/variants`),
    marketData: (productId: string, variantId: string) => guarded<VariantMarketData>(`/catalog/products/${encodeURIComponent(productId)}/variants/${encodeURIComponent(variantId)}/market-data?currencyCode=USD`),
  };
}

export type StockxClient = ReturnType<typeof createStockxClient>;
