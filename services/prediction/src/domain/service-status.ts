import type { Clock } from '@kicksight/platform';
import type { CatalogClient } from '../clients/catalog.ts';
import type { ForecastCache } from '../store/forecast-cache.ts';
import { SNEAKER_MODEL_NAME } from './size-pooling.ts';
import type { Forecasts } from './forecasts.ts';

/** The service's statistics and health: cache use, computations, and whether Redis and the catalogue answer. */
export function createServiceStatus({ forecasts, cache, catalog, clock, startedAt }: { forecasts: Forecasts; cache: ForecastCache; catalog: CatalogClient; clock: Clock; startedAt: Date }) {
  return {
    async stats() {
      const { hits, misses, computed, invalidations, insufficientData, computeMs } = forecasts.stats;
      const [entries, available] = await Promise.all([cache.entries(), cache.available()]);
      return {
        cache: { hits, misses, hitRate: hits + misses ? Math.round((hits / (hits + misses)) * 1000) / 10 : 0, entries: entries ?? null, available, ttlSeconds: Math.round(cache.ttlMs / 1000) },
        computed,
        invalidations,
        insufficientData,
        meanComputeMs: computed ? Math.round((computeMs / computed) * 100) / 100 : 0,
        uptimeSeconds: Math.round((clock.now().getTime() - startedAt.getTime()) / 1000),
      };
    },
    async health() {
      const [cacheUp, catalogUp] = await Promise.all([cache.available(), catalog.ready()]);
      return { status: cacheUp && catalogUp ? ('ok' as const) : ('degraded' as const), cache: cacheUp ? ('up' as const) : ('down' as const), catalog: catalogUp ? ('up' as const) : ('down' as const), model: SNEAKER_MODEL_NAME };
    },
    clearCache: async () => (await cache.clear()) ?? 0,
  };
}
