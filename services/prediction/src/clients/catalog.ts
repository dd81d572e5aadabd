import type { DailySeries, ForecastInputs, RecentSalePrices, TradedSneakers } from '@kicksight/contracts';
import { createServiceClient } from '@kicksight/platform';

export interface CatalogClientOptions {
  /** Catalog's internal port (service token). */
  internalUrl: string | string[];
  serviceToken: string;
  timeoutMs?: number;
}

/** The catalogue as the forecast reads it, on its internal port: a sneaker's (or many sneakers') daily series and latest sales. */
export function createCatalogClient({ internalUrl, serviceToken, timeoutMs = 3_000 }: CatalogClientOptions) {
  const internal = createServiceClient({ service: 'catalog', baseUrl: internalUrl, serviceToken, timeoutMs });
  const id = (sneakerId: string) => encodeURIComponent(sneakerId);
  return {
    /** A sneaker's daily sales (every size, or one). */
    dailySeries: (sneakerId: string, days: number, requestId?: string, size?: number) =>
      internal.get<DailySeries>(`/internal/sneakers/${id(sneakerId)}/daily-series?days=${days}${size === undefined ? '' : `&size=${size}`}`, { requestId }),
    recentSales: (sneakerId: string, days: number, requestId?: string) => internal.get<RecentSalePrices>(`/internal/sneakers/${id(sneakerId)}/recent-sales?days=${days}`, { requestId }),
    /** Many sneakers' daily series and latest sales in one call (a batch forecast). */
    forecastInputs: (sneakerIds: string[], days: number, salesDays: number, requestId?: string) =>
      internal.post<ForecastInputs>('/internal/sneakers/forecast-inputs', { sneakerIds, days, salesDays }, { requestId }),
    /** A page of the sneakers that sold since a day (YYYY-MM-DD), with the sizes that did. */
    tradedSneakers: (since: string, after: string | undefined, limit: number) =>
      internal.get<TradedSneakers>(`/internal/sneakers/traded?since=${since}&limit=${limit}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`),
    /** Whether the catalog's internal port answers its readiness (one replica's is enough). */
    async ready(): Promise<boolean> {
      const answers = [internalUrl].flat().map((url) =>
        fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(1_000) }).then(
          (r) => r.ok,
          () => false,
        ),
      );
      return (await Promise.all(answers)).some(Boolean);
    },
  };
}

export type CatalogClient = ReturnType<typeof createCatalogClient>;
