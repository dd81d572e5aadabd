import {
  ErrorCode,
  REQUEST_ID_HEADER,
  errorBodySchema,
  type DailySeries,
  type RelatedProduct,
  type RelatedStrategy,
  type SneakerDetail,
  type SneakerPrices,
} from '@kicksight/contracts';
import { AppError, createServiceClient } from '@kicksight/platform';
import type { SneakerFacts } from '../store/market.ts';
import type { TrendingSneaker } from '../domain/recommendations.ts';

export interface CatalogClientOptions {
  /** Catalog's internal port (service token). */
  internalUrl: string | string[];
  /** Catalog's public port, called with the member's own access token. */
  publicUrl: string;
  serviceToken: string;
  timeoutMs?: number;
}

/** The most sneaker ids a trending call excludes (the catalogue takes up to 5,000 characters of them). */
const MAX_EXCLUDED = 200;

/** What a call made on a member's behalf carries along. */
export interface OnBehalf {
  authorization: string | undefined;
  requestId?: string;
}

/**
 * The catalogue as collection uses it: prices (to seed the market projection) and daily series on
 * the internal port; a sneaker's facts, related products on the public port with the member's token;
 * trending on the internal port. Failures keep the catalog's status and message for 4xx answers and
 * become 503 otherwise.
 */
export function createCatalogClient({ internalUrl, publicUrl, serviceToken, timeoutMs = 3_000 }: CatalogClientOptions) {
  const internal = createServiceClient({ service: 'catalog', baseUrl: internalUrl, serviceToken, timeoutMs });

  async function publicGet<T>(path: string, who: OnBehalf): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (who.authorization) headers.authorization = who.authorization;
    if (who.requestId) headers[REQUEST_ID_HEADER] = who.requestId;
    let response: Response;
    try {
      response = await fetch(new URL(path, publicUrl), { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw AppError.unavailable('The catalog service is unavailable. Please try again shortly.', err);
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.ok) return (payload as { data: T }).data;
    const error = errorBodySchema.safeParse(payload);
    if (error.success && response.status < 500) throw new AppError(response.status, error.data.code, error.data.message);
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The catalog service could not answer. Please try again shortly.');
  }

  const id = (sneakerId: string) => encodeURIComponent(sneakerId);
  const prices = (sneakerId: string, requestId?: string) => internal.get<SneakerPrices>(`/internal/sneakers/${id(sneakerId)}/prices`, { requestId });

  return {
    prices,

    /**
     * A sneaker's facts and current prices. The facts come with the internal prices answer when the
     * catalogue gives them there; otherwise from the sneaker's public page, asked with the member's token.
     */
    async sneaker(sneakerId: string, who: OnBehalf): Promise<{ facts: SneakerFacts; prices: SneakerPrices }> {
      const current = await prices(sneakerId, who.requestId);
      if (current.name !== undefined && current.brand !== undefined) {
        const facts = { sneakerId, name: current.name, brand: current.brand, colorway: current.colorway ?? '', imageUrl: current.imageUrl ?? null, retailPrice: current.retailPrice };
        return { facts, prices: current };
      }
      const detail = await publicGet<SneakerDetail>(`/api/sneakers/${id(sneakerId)}`, who);
      return {
        facts: { sneakerId, name: detail.name, brand: detail.brand.name, colorway: detail.colorway, imageUrl: detail.imageUrl, retailPrice: detail.retailPrice ?? current.retailPrice },
        prices: current,
      };
    },

    related: (sneakerId: string, query: { strategy: RelatedStrategy; limit: number }, who: OnBehalf) =>
      publicGet<{ strategy: RelatedStrategy; products: RelatedProduct[] }>(`/api/sneakers/${id(sneakerId)}/related?strategy=${query.strategy}&limit=${query.limit}`, who),

    trending: (query: { limit: number; timeframe: string; exclude: string[] }, requestId?: string) => {
      const params = new URLSearchParams({ limit: String(query.limit), timeframe: query.timeframe });
      if (query.exclude.length > 0) params.set('exclude', query.exclude.slice(0, MAX_EXCLUDED).join(','));
      return internal.get<{ timeframe: string; sneakers: TrendingSneaker[] }>(`/internal/trending?${params}`, { requestId });
    },

    dailySeries: (sneakerId: string, query: { days: number; size?: number }, requestId?: string) => {
      const params = new URLSearchParams({ days: String(query.days) });
      if (query.size !== undefined) params.set('size', String(query.size));
      return internal.get<DailySeries>(`/internal/sneakers/${id(sneakerId)}/daily-series?${params}`, { requestId });
    },
  };
}

export type CatalogClient = ReturnType<typeof createCatalogClient>;
