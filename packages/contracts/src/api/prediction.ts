import { z } from 'zod';
import { sizeSchema } from './catalog.ts';
import type { Operation } from './operation.ts';

// ---------------------------------------------------------------------------------------------
// Forecast rules (money in cents, percentages as plain numbers)
// ---------------------------------------------------------------------------------------------

/** Forecast and volatility inputs are kept when 0 < price < $10,000 (spec 3 §5 and §9). */
export const PREDICTION_PRICE_MIN_CENTS = 0;
export const PREDICTION_PRICE_MAX_CENTS = 1_000_000;
/** The history shown beside the forecast: the latest 20 days of daily sales (spec 3 §5). */
export const PREDICTION_HISTORY_DAYS = 20;
/** The forecast horizon of the summary (spec 3 §2.2). */
export const PREDICTION_HORIZON_DAYS = 30;
export const PREDICTION_MAX_HORIZON_DAYS = 90;
/** The confidence bands drawn around the forecast, in percent. */
export const BAND_LEVELS = [50, 80, 95] as const;
export type BandLevel = (typeof BAND_LEVELS)[number];

/** Volatility (spec 3 §9): last 30 days of sales, scaled by 2.5, clamped to 10..90, 35 as the fallback. */
export const VOLATILITY_WINDOW_DAYS = 30;
export const VOLATILITY_SCALE = 2.5;
export const VOLATILITY_MIN = 10;
export const VOLATILITY_MAX = 90;
export const VOLATILITY_FALLBACK = 35;
export const VOLATILITY_MIN_SALES = 3;
export const VOLATILITY_MIN_PRICES = 2;
export const VOLATILITY_LABELS = ['Low Risk', 'Medium Risk', 'High Risk'] as const;
export type VolatilityLabel = (typeof VOLATILITY_LABELS)[number];

/** Volatility label (spec 3 §2.2): Low Risk under 20, Medium Risk under 50, otherwise High Risk. */
export const volatilityLabel = (score: number): VolatilityLabel => (score < 20 ? 'Low Risk' : score < 50 ? 'Medium Risk' : 'High Risk');

export const PredictionErrorCode = {
  INSUFFICIENT_DATA: 'INSUFFICIENT_DATA',
  PREMIUM_FEATURE: 'PREMIUM_FEATURE',
} as const;

export const PREDICTIONS_LOCKED_MESSAGE = 'Price predictions are a premium feature. Upgrade to Pro or Expert to see forecasts.';
export const insufficientDataMessage = (found: number, needed: number): string =>
  `INSUFFICIENT_DATA: not enough historical data for an accurate prediction (${found} days of sales, ${needed} needed)`;

export const BATCH_MAX_SNEAKERS = 500;

// ---------------------------------------------------------------------------------------------
// Queries and bodies
// ---------------------------------------------------------------------------------------------

const flag = (name: string, fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === true || v === 'true' || v === '1'));

const TIMEFRAME_RANGE = `timeframe must be between 1 and ${PREDICTION_MAX_HORIZON_DAYS} days`;
const TIMEFRAME_FORMAT = 'timeframe must be a number of days such as 7d, 30d or 90d';
const timeframe = z
  .union(
    [
      z.number().int(TIMEFRAME_RANGE).min(1, TIMEFRAME_RANGE).max(PREDICTION_MAX_HORIZON_DAYS, TIMEFRAME_RANGE),
      z
        .string()
        .regex(/^\d{1,3}d?$/, TIMEFRAME_FORMAT)
        .refine((v) => {
          const days = Number(v.replace(/d$/, ''));
          return days >= 1 && days <= PREDICTION_MAX_HORIZON_DAYS;
        }, TIMEFRAME_RANGE)
        // The same rule, as the document states it: 1 to 90, with or without the `d`.
        .meta({ pattern: '^(?:0{0,2}[1-9]|0?[1-8][0-9]|0?90)d?$' }),
    ],
    { error: TIMEFRAME_FORMAT },
  )
  .optional()
  .transform((v) => (v === undefined ? PREDICTION_HORIZON_DAYS : Number(String(v).replace(/d$/, ''))));

const minDataPoints = z.coerce
  .number({ error: 'minDataPoints must be a number' })
  .int('minDataPoints must be a whole number')
  .min(3, 'minDataPoints must be at least 3')
  .max(365, 'minDataPoints must be at most 365')
  .optional()
  .transform((v) => v ?? 5);

export const predictionOptionsSchema = z.object({
  timeframe,
  includeVolatility: flag('includeVolatility', true),
  includeTrends: flag('includeTrends', true),
  includeLevels: flag('includeLevels', true),
  minDataPoints,
});
export type PredictionOptions = z.output<typeof predictionOptionsSchema>;

/** One size of the sneaker (absent: every size together), validated as the catalogue validates sizes. */
export const predictionSizeQuerySchema = z.object({ size: sizeSchema.optional() });
/** The forecast's query: its options and, optionally, one size. */
export const predictionQuerySchema = predictionOptionsSchema.extend(predictionSizeQuerySchema.shape);

export const batchPredictionBodySchema = z.object({
  sneakerIds: z
    .array(z.string({ error: 'sneakerIds must be a list of sneaker ids' }).min(1).max(100), { error: 'sneakerIds must be a list of sneaker ids' })
    .min(1, 'sneakerIds must name at least one sneaker')
    .max(BATCH_MAX_SNEAKERS, `sneakerIds may name at most ${BATCH_MAX_SNEAKERS} sneakers`),
  options: predictionOptionsSchema.optional().transform((o) => o ?? predictionOptionsSchema.parse({})),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const cents = z.number().int();
const band = z.object({ lower: cents, upper: cents });

export const forecastPointSchema = z.object({
  date: z.string(),
  /** Days after the last observed sale day. */
  horizon: z.number().int(),
  price: cents,
  bands: z.object({ '50': band, '80': band, '95': band }),
});
export type ForecastPoint = z.infer<typeof forecastPointSchema>;

export const historyPointSchema = z.object({ date: z.string(), averagePrice: cents, salesVolume: z.number().int() });

export const volatilitySchema = z.object({
  score: z.number(),
  label: z.enum(VOLATILITY_LABELS),
  salesCount: z.number().int(),
  pricesUsed: z.number().int(),
  windowDays: z.number().int(),
  fallback: z.boolean(),
});
export type Volatility = z.infer<typeof volatilitySchema>;

export const trendSchema = z.object({
  direction: z.enum(['up', 'down', 'stable']),
  /** Least-squares slope over the window, cents per day. */
  slopePerDay: z.number(),
  changePercent: z.number(),
  windowDays: z.number().int(),
});
export type Trend = z.infer<typeof trendSchema>;

export const priceLevelSchema = z.object({ price: cents, touches: z.number().int(), lastSeen: z.string() });
export const supportResistanceSchema = z.object({
  currentPrice: cents,
  windowDays: z.number().int(),
  support: z.array(priceLevelSchema),
  resistance: z.array(priceLevelSchema),
  nearestSupport: cents.nullable(),
  nearestResistance: cents.nullable(),
});
export type SupportResistance = z.infer<typeof supportResistanceSchema>;

export const modelInfoSchema = z.object({
  name: z.string(),
  /** Days of daily sales the model was fitted on (the history shown is the latest 20). */
  fitWindowDays: z.number().int(),
  observations: z.number().int(),
  smoothing: z.number(),
  description: z.string(),
});

/**
 * How a one-size forecast was made: from the size's own sales when it has enough ('own'), or from the
 * sneaker's level with the size's premium over it shrunk towards it by how few sales the size has ('pooled').
 */
export const sizeBasisSchema = z.object({
  size: z.number(),
  method: z.enum(['own', 'pooled']),
  /** The size's sales within the fit window. */
  sales: z.number().int(),
  /** The weight of the size's own evidence, 0..1 (1 when 'own'). */
  weight: z.number(),
});
export type SizeBasis = z.infer<typeof sizeBasisSchema>;

export const predictionDirectionSchema = z.enum(['up', 'down', 'stable']);

export const pricePredictionSchema = z.object({
  sneakerId: z.string(),
  asOf: z.string(),
  lastSaleDate: z.string(),
  currentPrice: cents,
  horizonDays: z.number().int(),
  predictedPrice: cents,
  expectedChange: cents,
  expectedChangePercent: z.number(),
  predictedDirection: predictionDirectionSchema,
  confidence: z.number(),
  priceRange: z.object({ min: cents, max: cents }),
  path: z.array(forecastPointSchema),
  history: z.array(historyPointSchema),
  model: modelInfoSchema,
  /** Present on a one-size forecast. */
  sizeBasis: sizeBasisSchema.optional(),
  volatility: volatilitySchema.optional(),
  trend: trendSchema.optional(),
  levels: supportResistanceSchema.optional(),
  warnings: z.array(z.string()),
  generatedAt: z.string(),
});
export type PricePrediction = z.infer<typeof pricePredictionSchema>;

export const predictionSummarySchema = pricePredictionSchema.pick({
  sneakerId: true,
  asOf: true,
  currentPrice: true,
  predictedPrice: true,
  expectedChange: true,
  expectedChangePercent: true,
  predictedDirection: true,
  confidence: true,
  priceRange: true,
  warnings: true,
  horizonDays: true,
  path: true,
  history: true,
  model: true,
  sizeBasis: true,
  volatility: true,
});
export type PredictionSummary = z.infer<typeof predictionSummarySchema>;

export const batchPredictionResponseSchema = z.object({
  results: z.array(
    z.object({
      sneakerId: z.string(),
      prediction: pricePredictionSchema.optional(),
      error: z.object({ message: z.string(), code: z.string() }).optional(),
    }),
  ),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

export const predictionStatsSchema = z.object({
  cache: z.object({ hits: z.number().int(), misses: z.number().int(), hitRate: z.number(), entries: z.number().int().nullable(), available: z.boolean(), ttlSeconds: z.number().int() }),
  computed: z.number().int(),
  invalidations: z.number().int(),
  insufficientData: z.number().int(),
  meanComputeMs: z.number(),
  uptimeSeconds: z.number(),
});

export const predictionHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  cache: z.enum(['up', 'down']),
  catalog: z.enum(['up', 'down']),
  model: z.string(),
});

/** The forecasts' track record: the last year of 30-day forecasts of a sneaker (or one size), backtested weekly. */
export const TRACK_RECORD_WINDOW_DAYS = 365;
export const forecastAccuracySchema = z.object({
  sneakerId: z.string(),
  size: z.number().nullable(),
  /** Whether the sneaker (or size) had enough history to be judged; the figures are null when not. */
  enoughHistory: z.boolean(),
  windowDays: z.number().int(),
  horizonDays: z.number().int(),
  /** Forecasts judged (origins a week apart with a realised price in the horizon's last week). */
  forecasts: z.number().int(),
  /** Mean absolute percentage error of the 30-day forecasts, of the last price alone, and the share of prices inside the 80% band (percent). */
  mape: z.number().nullable(),
  naiveMape: z.number().nullable(),
  coverage80: z.number().nullable(),
  computedAt: z.string(),
});
export type ForecastAccuracy = z.infer<typeof forecastAccuracySchema>;
export const trackRecordRunSchema = z.object({ sneakers: z.number().int(), records: z.number().int(), milliseconds: z.number() });

export const cacheClearResponseSchema = z.object({ cleared: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Operations (the BFF's OpenAPI document)
// ---------------------------------------------------------------------------------------------

const premium = ['PREMIUM_FEATURE', 'INSUFFICIENT_DATA', 'SERVICE_UNAVAILABLE'];

export const predictionOperations: Operation[] = [
  { method: 'get', path: '/api/sneakers/{id}/price-prediction', summary: 'Price forecast with 50/80/95% bands, volatility, trend and levels, of every size or one (premium)', tag: 'predictions', access: 'token', query: predictionQuerySchema, response: pricePredictionSchema, errors: premium },
  { method: 'get', path: '/api/sneakers/{id}/prediction-summary', summary: 'The 30-day forecast summary with its bands, of every size or one (premium)', tag: 'predictions', access: 'token', query: predictionSizeQuerySchema, response: predictionSummarySchema, errors: premium },
  { method: 'get', path: '/api/sneakers/{id}/forecast-accuracy', summary: "The forecasts' track record over the past year, of every size or one (premium)", tag: 'predictions', access: 'token', query: predictionSizeQuerySchema, response: forecastAccuracySchema, errors: ['PREMIUM_FEATURE', 'SERVICE_UNAVAILABLE'] },
  { method: 'get', path: '/api/sneakers/{id}/volatility', summary: 'Volatility of the last 30 days of sales (premium)', tag: 'predictions', access: 'token', response: volatilitySchema, errors: premium },
  { method: 'get', path: '/api/sneakers/{id}/support-resistance', summary: 'Support and resistance price levels (premium)', tag: 'predictions', access: 'token', response: supportResistanceSchema, errors: premium },
  { method: 'post', path: '/api/predictions/batch', summary: 'Forecasts of up to 500 sneakers (premium)', tag: 'predictions', access: 'token', body: batchPredictionBodySchema, response: batchPredictionResponseSchema, errors: ['PREMIUM_FEATURE'] },
  { method: 'get', path: '/api/predictions/stats', summary: 'Cache and model statistics of the prediction service', tag: 'predictions', access: 'token', response: predictionStatsSchema },
  { method: 'post', path: '/api/predictions/track-record/run', summary: "Backtest every sneaker's forecasts now and store their track record (administrators)", tag: 'predictions', access: 'admin', response: trackRecordRunSchema },
  { method: 'post', path: '/api/predictions/cache/clear', summary: 'Clear the forecast cache (administrators)', tag: 'predictions', access: 'admin', response: cacheClearResponseSchema },
  { method: 'get', path: '/api/predictions/health', summary: 'Health of the prediction service', tag: 'predictions', access: 'token', response: predictionHealthSchema },
];

// ---------------------------------------------------------------------------------------------
// The catalogue's internal answer the forecast reads (service token, internal port)
// ---------------------------------------------------------------------------------------------

export const recentSalePricesQuerySchema = z.object({
  days: z.coerce.number({ error: 'days must be a number' }).int().min(1, 'days must be at least 1').max(365, 'days must be at most 365').default(30),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1_000, 'limit must be at most 1000').default(500),
});
export const recentSalePricesSchema = z.object({
  sneakerId: z.string(),
  sales: z.array(z.object({ price: cents, size: z.number(), soldAt: z.string() })),
});
export type RecentSalePrices = z.infer<typeof recentSalePricesSchema>;

/** The inputs of many forecasts in one call: each sneaker's daily series and its latest sales (or why not). */
export const forecastInputsBodySchema = z.object({
  sneakerIds: z.array(z.string().min(1).max(100)).min(1, 'sneakerIds must name at least one sneaker').max(BATCH_MAX_SNEAKERS, `sneakerIds may name at most ${BATCH_MAX_SNEAKERS} sneakers`),
  days: z.number().int().min(1).max(730),
  salesDays: z.number().int().min(1).max(365),
});
export const forecastInputsSchema = z.object({
  sneakers: z.array(
    z.object({
      sneakerId: z.string(),
      days: z.array(z.object({ date: z.string(), averagePrice: cents, salesVolume: z.number().int(), totalSales: cents })).optional(),
      sales: z.array(z.object({ price: cents, size: z.number(), soldAt: z.string() })).optional(),
      error: z.object({ message: z.string(), code: z.string() }).optional(),
    }),
  ),
});
export type ForecastInputs = z.infer<typeof forecastInputsSchema>;

/** A page of the sneakers that sold since a day, in id order, with the sizes that did (the track record's list). */
export const tradedSneakersQuerySchema = z.object({
  since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'since must be a date (YYYY-MM-DD)'),
  after: z.string().max(100).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1_000, 'limit must be at most 1000').default(500),
});
export const tradedSneakersSchema = z.object({
  sneakers: z.array(z.object({ sneakerId: z.string(), sizes: z.array(z.number()) })),
  /** The `after` of the next page, or null on the last. */
  next: z.string().nullable(),
});
export type TradedSneakers = z.infer<typeof tradedSneakersSchema>;
