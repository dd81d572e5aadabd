import {
  PREDICTION_HORIZON_DAYS,
  PredictionErrorCode,
  VOLATILITY_WINDOW_DAYS,
  type PredictionOptions,
  type PredictionSummary,
  type PricePrediction,
  type SupportResistance,
  type Volatility,
} from '@kicksight/contracts';
import { AppError, type Clock } from '@kicksight/platform';
import type { CatalogClient } from '../clients/catalog.ts';
import type { CachedOutcome, ForecastCache } from '../store/forecast-cache.ts';
import { LEVELS_WINDOW_DAYS, supportResistanceOf } from './levels.ts';
import { insufficientData, predictPrice, summaryOf } from './prediction.ts';
import { cleanDailySeries, dayNumber, windowOf } from './series.ts';
import { volatilityOf } from './volatility.ts';

/** The summary's options: the 30-day forecast with volatility (spec 3 §2.2). */
export const SUMMARY_OPTIONS: PredictionOptions = { timeframe: PREDICTION_HORIZON_DAYS, includeVolatility: true, includeTrends: false, includeLevels: false, minDataPoints: 5 };

/** How long a replica's claim on a computation lasts, and how long the others wait for its answer. */
const CLAIM_MS = 5_000;
const CLAIM_WAIT_MS = 2_000;
const CLAIM_POLL_MS = 20;

/** Sneakers whose data one catalogue call of a batch brings. */
const BATCH_CHUNK = 100;

/**
 * What the cache keeps answers under: the sneaker (every size), or one size of it. A sale of a size
 * makes both the sneaker's and that size's answers stale, no other size's.
 */
export const cacheSubjectOf = (sneakerId: string, size?: number): string => (size === undefined ? sneakerId : `${sneakerId}:size:${size}`);

const optionsField = (o: PredictionOptions) => `p:${o.timeframe}:${+o.includeVolatility}${+o.includeTrends}${+o.includeLevels}:${o.minDataPoints}`;

export interface ForecastStats {
  hits: number;
  misses: number;
  computed: number;
  invalidations: number;
  insufficientData: number;
  computeMs: number;
}

export interface ForecastsDeps {
  catalog: CatalogClient;
  cache: ForecastCache;
  clock: Clock;
  fitWindowDays: number;
  batchConcurrency: number;
}

/**
 * Forecasts as the API serves them: read from the cache when fresh, otherwise computed from the
 * catalogue's data (one computation per sneaker and options at a time in this process, however
 * many callers wait) and stored. "Too little data" is an answer too, cached like a forecast.
 */
export function createForecasts({ catalog, cache, clock, fitWindowDays, batchConcurrency }: ForecastsDeps) {
  const stats: ForecastStats = { hits: 0, misses: 0, computed: 0, invalidations: 0, insufficientData: 0, computeMs: 0 };
  const inFlight = new Map<string, Promise<CachedOutcome<unknown>>>();

  async function compute<T>(make: () => Promise<T>): Promise<CachedOutcome<T>> {
    const startedAt = clock.now().getTime();
    const started = performance.now();
    let outcome: CachedOutcome<T>;
    try {
      outcome = { at: startedAt, value: await make() };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== PredictionErrorCode.INSUFFICIENT_DATA) throw err;
      stats.insufficientData += 1;
      outcome = { at: startedAt, error: { status: err.status, code: err.code, message: err.message } };
    }
    stats.computed += 1;
    stats.computeMs += performance.now() - started;
    return outcome;
  }

  /**
   * Computes an answer once across replicas: the replica that claims it computes; the others wait
   * for it in the cache for a moment and compute themselves only if it does not come (or Redis is away).
   */
  async function computeClaimed<T>(sneakerId: string, field: string, make: () => Promise<T>): Promise<{ outcome: CachedOutcome<T>; store: boolean; claim?: string }> {
    const claim = await cache.claim(sneakerId, field, CLAIM_MS);
    if (claim === false) {
      const deadline = performance.now() + CLAIM_WAIT_MS;
      while (performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
        const stored = await cache.get<T>(sneakerId, field);
        if (stored) return { outcome: stored, store: false };
      }
    }
    try {
      return { outcome: await compute(make), store: true, claim: claim || undefined };
    } catch (err) {
      if (claim) await cache.release(sneakerId, field, claim);
      throw err;
    }
  }

  /**
   * The answer of one computation for every caller of the same sneaker and field in this process
   * (and, through a claim in Redis, across replicas). Callers get it as soon as it is computed; it
   * stays shared until it is stored, so a call arriving meanwhile does not compute it again.
   */
  function computeOnce<T>(sneakerId: string, field: string, make: () => Promise<T>): Promise<CachedOutcome<T>> {
    const key = `${sneakerId}\n${field}`;
    const pending = inFlight.get(key) as Promise<CachedOutcome<T>> | undefined;
    if (pending) return pending;
    const computing = computeClaimed(sneakerId, field, make).then(
      ({ outcome, store, claim }) => {
        const stored = store ? cache.set(sneakerId, field, outcome, outcome.at) : Promise.resolve(true);
        void stored
          .then(async () => {
            if (claim) await cache.release(sneakerId, field, claim);
          })
          .finally(() => inFlight.delete(key));
        return outcome;
      },
      (err: unknown) => {
        inFlight.delete(key);
        throw err;
      },
    );
    inFlight.set(key, computing);
    return computing;
  }

  const unwrap = <T>(outcome: CachedOutcome<T>): T => {
    if ('error' in outcome) throw new AppError(outcome.error.status, outcome.error.code, outcome.error.message);
    return outcome.value;
  };

  async function cached<T>(sneakerId: string, field: string, make: () => Promise<T>, known?: CachedOutcome<T>): Promise<T> {
    const hit = known ?? (await cache.get<T>(sneakerId, field));
    if (hit) {
      stats.hits += 1;
      return unwrap(hit);
    }
    stats.misses += 1;
    return unwrap(await computeOnce(sneakerId, field, make));
  }

  /** A sneaker's forecast, of every size or of one (`size`). */
  async function prediction(sneakerId: string, options: PredictionOptions, requestId?: string, size?: number, known?: CachedOutcome<PricePrediction>): Promise<PricePrediction> {
    return cached(
      cacheSubjectOf(sneakerId, size),
      optionsField(options),
      async () => {
        const [series, sizeSeries, recent] = await Promise.all([
          catalog.dailySeries(sneakerId, fitWindowDays, requestId),
          size === undefined ? undefined : catalog.dailySeries(sneakerId, fitWindowDays, requestId, size),
          options.includeVolatility ? catalog.recentSales(sneakerId, VOLATILITY_WINDOW_DAYS, requestId) : undefined,
        ]);
        const input = { sneakerId, days: series.days, sales: recent?.sales ?? [], now: clock.now(), ...(sizeSeries && size !== undefined ? { size: { size, days: sizeSeries.days } } : {}) };
        return predictPrice(input, options, fitWindowDays);
      },
      known,
    );
  }

  return {
    stats,
    prediction,

    summary: async (sneakerId: string, requestId?: string, size?: number): Promise<PredictionSummary> => summaryOf(await prediction(sneakerId, SUMMARY_OPTIONS, requestId, size)),

    volatility: (sneakerId: string, requestId?: string): Promise<Volatility> =>
      cached(sneakerId, 'volatility', async () => volatilityOf((await catalog.recentSales(sneakerId, VOLATILITY_WINDOW_DAYS, requestId)).sales, clock.now())),

    supportResistance: (sneakerId: string, requestId?: string): Promise<SupportResistance> =>
      cached(sneakerId, 'levels', async () => {
        const series = cleanDailySeries((await catalog.dailySeries(sneakerId, LEVELS_WINDOW_DAYS, requestId)).days);
        const recent = windowOf(series, dayNumber(clock.now().toISOString()), LEVELS_WINDOW_DAYS);
        if (recent.length < 2) throw insufficientData(recent.length, 2);
        return supportResistanceOf(recent);
      }),

    /**
     * Forecasts of many sneakers; each fails on its own. Cached ones are read in one round trip, the
     * others' data comes from the catalogue in a few calls of up to 100 sneakers, a few at a time.
     */
    async batch(sneakerIds: string[], options: PredictionOptions, requestId?: string) {
      const unique = [...new Set(sneakerIds)];
      const field = optionsField(options);
      const known = await cache.getMany<PricePrediction>(unique, field);
      const outcomes = new Map<string, CachedOutcome<PricePrediction> | { notFound: { message: string; code: string } }>(known);
      stats.hits += known.size;
      const missing = unique.filter((id) => !known.has(id));
      stats.misses += missing.length;
      const chunks = Array.from({ length: Math.ceil(missing.length / BATCH_CHUNK) }, (_, i) => missing.slice(i * BATCH_CHUNK, (i + 1) * BATCH_CHUNK));
      let next = 0;
      const worker = async () => {
        while (next < chunks.length) {
          const chunk = chunks[next++]!;
          const inputs = await catalog.forecastInputs(chunk, fitWindowDays, VOLATILITY_WINDOW_DAYS, requestId);
          const now = clock.now();
          for (const input of inputs.sneakers) {
            if (input.error || !input.days) {
              outcomes.set(input.sneakerId, { notFound: input.error ?? { message: 'Sneaker not found', code: 'NOT_FOUND' } });
              continue;
            }
            const days = input.days;
            const sales = input.sales ?? [];
            outcomes.set(input.sneakerId, await computeOnce(input.sneakerId, field, async () => predictPrice({ sneakerId: input.sneakerId, days, sales, now }, options, fitWindowDays)));
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(batchConcurrency, chunks.length) }, worker));
      const results = unique.map((sneakerId) => {
        const outcome = outcomes.get(sneakerId);
        if (!outcome) return { sneakerId, error: { message: 'Sneaker not found', code: 'NOT_FOUND' } };
        if ('notFound' in outcome) return { sneakerId, error: outcome.notFound };
        if ('error' in outcome) return { sneakerId, error: { message: outcome.error.message, code: outcome.error.code } };
        return { sneakerId, prediction: outcome.value };
      });
      const failed = results.filter((r) => r.error).length;
      return { results, succeeded: results.length - failed, failed };
    },

    /** A sale of the sneaker arrived: its cached answers (every size's and the sold size's) are dropped. */
    async saleRecorded(sneakerId: string, size?: number): Promise<void> {
      const subjects = size === undefined ? [cacheSubjectOf(sneakerId)] : [cacheSubjectOf(sneakerId), cacheSubjectOf(sneakerId, size)];
      if (await cache.invalidate(subjects, clock.now().getTime())) stats.invalidations += 1;
    },
  };
}

export type Forecasts = ReturnType<typeof createForecasts>;
