import { z } from 'zod';
import { PRICE_REFUSAL_REASONS } from '../provenance.ts';
import type { Operation } from './operation.ts';
import { positiveInt } from './query-params.ts';

// ---------------------------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------------------------

/** US sizes 3.5 to 20 in half steps are valid everywhere on the server. */
export const SIZE_MIN = 3.5;
export const SIZE_MAX = 20;
export const SIZES: readonly number[] = Array.from({ length: (SIZE_MAX - SIZE_MIN) * 2 + 1 }, (_, i) => SIZE_MIN + i / 2);
export const INVALID_SIZE_MESSAGE = `Invalid size: sizes run from ${SIZE_MIN} to ${SIZE_MAX} in half steps`;

export const isValidSize = (size: number): boolean => Number.isFinite(size) && size >= SIZE_MIN && size <= SIZE_MAX && Number.isInteger(size * 2);

/** A size from a number or a query-string value ("10", "10.5"). */
export const sizeSchema = z.coerce.number({ error: INVALID_SIZE_MESSAGE }).min(SIZE_MIN, INVALID_SIZE_MESSAGE).max(SIZE_MAX, INVALID_SIZE_MESSAGE).multipleOf(0.5, INVALID_SIZE_MESSAGE);

// ---------------------------------------------------------------------------------------------
// Market rules (money in cents, percentages as plain numbers)
// ---------------------------------------------------------------------------------------------

export * from '../market.ts';

// ---------------------------------------------------------------------------------------------
// Constants of the calls
// ---------------------------------------------------------------------------------------------

export const SEARCH_BRANDS = ['Nike', 'Adidas', 'Jordan', 'New Balance', 'Puma', 'Converse', 'Vans'] as const;
export const SEARCH_SORTS = ['rank', 'release_date'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_MAX_PAGE_SIZE = 100;
export const SEARCH_MIN_QUERY_LENGTH = 2;
export const SEARCH_MAX_QUERY_LENGTH = 100;
export const SUGGESTIONS_LIMIT = 5;
export const DAILY_SALES_DAYS = [7, 30, 90, 365] as const;
export const DAILY_SALES_PAGE_SIZE = 30;
export const RECENT_SALES_PAGE_SIZE = 50;
export const PRICE_HISTORY_PERIODS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type PriceHistoryPeriod = keyof typeof PRICE_HISTORY_PERIODS;
export const RELATED_STRATEGIES = ['mixed', 'brand', 'category', 'price-range', 'trending'] as const;
export type RelatedStrategy = (typeof RELATED_STRATEGIES)[number];
export const RELATED_DEFAULT_LIMIT = 12;
export const TRENDING_TIMEFRAMES = { '24h': 1, '7d': 7, '30d': 30 } as const;
export const SAMPLE_SNEAKERS_LIMIT = 12;

export const SNEAKER_NOT_FOUND = 'Sneaker not found';
export const SEARCH_TOO_SHORT_MESSAGE = `Enter at least ${SEARCH_MIN_QUERY_LENGTH} characters or choose a brand to search`;
export const HISTORICAL_SALES_LOCKED_MESSAGE = 'Historical sales data is a premium feature. Upgrade to Pro or Expert to see sales history.';

// ---------------------------------------------------------------------------------------------
// Queries (parsed from query strings: every value arrives as a string)
// ---------------------------------------------------------------------------------------------

const plainString = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).max(max, `${name} must be at most ${max} characters`);

export const pageQuery = (defaultLimit: number, maxLimit: number) => ({
  page: positiveInt('page', 10_000, 1),
  limit: positiveInt('limit', maxLimit, defaultLimit),
});

/** A brand name in a list: at most 40 characters once trimmed (the empty name is skipped). */
const BRAND_NAME = String.raw`\s*(?:[^,\s](?:[^,]{0,38}[^,\s])?)?\s*`;
/** Comma-separated brand names, each at most 40 characters once trimmed: the rule the document states too. */
const BRAND_LIST = new RegExp(`^${BRAND_NAME}(?:,${BRAND_NAME})*$`);
const brandList = plainString('brands', 200).regex(BRAND_LIST, 'A brand name must be at most 40 characters');

/** Brands as `brands=Nike,Jordan` or repeated `brands=Nike&brands=Jordan`; anything else is refused. */
export const brandsParamSchema = z
  .union([brandList, z.array(brandList).max(20, 'At most 20 brands')], { error: 'brands must be a list of brand names' })
  .optional()
  .transform((value) =>
    [...new Set((Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(',')).map((b) => b.trim()).filter(Boolean))],
  );

export const searchQuerySchema = z
  .object({
    q: plainString('Search query', SEARCH_MAX_QUERY_LENGTH).optional().transform((q) => (q ?? '').trim().replace(/\s+/g, ' ')),
    brands: brandsParamSchema,
    sortBy: z.enum(SEARCH_SORTS, { error: `sortBy must be one of ${SEARCH_SORTS.join(', ')}` }).default('rank'),
    ...pageQuery(SEARCH_PAGE_SIZE, SEARCH_MAX_PAGE_SIZE),
  })
  .refine((s) => s.q.length >= SEARCH_MIN_QUERY_LENGTH || s.brands.length > 0, { message: SEARCH_TOO_SHORT_MESSAGE });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const suggestionsQuerySchema = z.object({
  q: plainString('Search query', SEARCH_MAX_QUERY_LENGTH).optional().transform((q) => (q ?? '').trim().replace(/\s+/g, ' ')),
});

export const dailySalesQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be 7, 30, 90 or 365' })
    .refine((d) => (DAILY_SALES_DAYS as readonly number[]).includes(d), { message: 'days must be 7, 30, 90 or 365' })
    .default(30),
  size: sizeSchema.optional(),
  ...pageQuery(DAILY_SALES_PAGE_SIZE, 366),
});

export const recentSalesQuerySchema = z.object({ ...pageQuery(RECENT_SALES_PAGE_SIZE, 200) });

export const priceHistoryQuerySchema = z.object({
  period: z.enum(Object.keys(PRICE_HISTORY_PERIODS) as [PriceHistoryPeriod, ...PriceHistoryPeriod[]], { error: 'period must be one of 7d, 30d, 90d, 1y' }).default('30d'),
  size: sizeSchema.optional(),
});

export const relatedQuerySchema = z.object({
  strategy: z.enum(RELATED_STRATEGIES, { error: `strategy must be one of ${RELATED_STRATEGIES.join(', ')}` }).default('mixed'),
  limit: positiveInt('limit', 50, RELATED_DEFAULT_LIMIT),
});

export const sampleSneakersQuerySchema = z.object({ interests: brandsParamSchema, limit: positiveInt('limit', 50, SAMPLE_SNEAKERS_LIMIT) });

export const testSaleBodySchema = z.object({
  sneakerId: z.string({ error: 'sneakerId is required' }).min(1, 'sneakerId is required').max(64),
  size: sizeSchema,
  price: z.number({ error: 'price must be a number of cents' }).int('price must be whole cents').positive('price must be above 0').max(100_000_000),
  soldAt: z.iso.datetime().optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const cents = z.number().int();
const nullableCents = cents.nullable();

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function paginate(total: number, page: number, limit: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
}

export const marketStatusSchema = z.object({ label: z.string(), color: z.string(), description: z.string() });

/**
 * Where a price comes from and how much it rests on: its source ('stockx-api',
 * 'replay:stockx-2019-sales.csv', 'estimate:thesneakerdatabase', ...), the time of the observation
 * it rests on (not of the request), and `thin` when fewer than 3 sales fell in the last 90 days.
 * Catalog's answers give it with every price of a sneaker or a size.
 */
export const priceProvenanceSchema = z.object({ source: z.string(), asOf: z.string().nullable(), thin: z.boolean() });
export type PriceProvenance = z.infer<typeof priceProvenanceSchema>;

export const searchResultSneakerSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  sku: z.string().nullable(),
  imageUrl: z.string().nullable(),
  retailPrice: nullableCents,
  currentPrice: nullableCents,
  lowestPrice: nullableCents,
  highestPrice: nullableCents,
  priceChange24h: nullableCents,
  /** ISO date. */
  releaseDate: z.string().nullable(),
  availableSizes: z.array(z.number()),
  provenance: priceProvenanceSchema.optional(),
});
export type SearchResultSneaker = z.infer<typeof searchResultSneakerSchema>;

export const searchResponseSchema = z.object({
  sneakers: z.array(searchResultSneakerSchema),
  /** The results reachable across pages: every match, up to the caller's plan cap. */
  total: z.number().int(),
  /** Every match of the search, before the plan cap (more than `total` when the cap held some back). */
  available: z.number().int(),
});

export const suggestionSchema = z.object({ id: z.string(), name: z.string(), brand: z.string() });
export const suggestionsResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });

export const variantSchema = z.object({
  id: z.string(),
  size: z.number(),
  sizeType: z.string(),
  colorway: z.string(),
  currentPrice: nullableCents,
  lastSalePrice: nullableCents,
  lastSaleAt: z.string().nullable(),
  priceChange24h: nullableCents,
  /** 'available', anything else counts as sold out. */
  availability: z.enum(['available', 'sold_out']),
  /** Grows each time this size's market price changes (as in price.changed). */
  seq: z.number().int(),
  provenance: priceProvenanceSchema.optional(),
});
export type Variant = z.infer<typeof variantSchema>;

export const sneakerStatsSchema = z.object({
  averagePrice: nullableCents,
  priceRange: z.object({ min: nullableCents, max: nullableCents }),
  salesCount: z.number().int(),
  lastSaleAt: z.string().nullable(),
});

export const sneakerDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.object({ name: z.string() }),
  colorway: z.string(),
  modelCode: z.string().nullable(),
  sku: z.string().nullable(),
  model: z.string().nullable(),
  releaseDate: z.string().nullable(),
  retailPrice: nullableCents,
  category: z.string(),
  gender: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  currentPrice: nullableCents,
  lowestPrice: nullableCents,
  highestPrice: nullableCents,
  priceChange24h: nullableCents,
  marketStatus: marketStatusSchema,
  trending: z.boolean(),
  variants: z.array(variantSchema),
  stats: sneakerStatsSchema,
  /** Of the sneaker's price (its sizes' latest sale decides the source). */
  provenance: priceProvenanceSchema.optional(),
  /** Where the record came from: a data file's name, or 'generated'. */
  source: z.string(),
  /** The day the market data runs to (ISO date); real sales were moved by `dataShiftDays` to end there. */
  dataAsOf: z.string().nullable(),
  dataShiftDays: z.number().int().nullable(),
});
export type SneakerDetail = z.infer<typeof sneakerDetailSchema>;

export const sizesResponseSchema = z.object({
  sizes: z.array(
    z.object({ size: z.number(), currentPrice: nullableCents, lastSalePrice: nullableCents, availability: z.enum(['available', 'sold_out']), provenance: priceProvenanceSchema.optional() }),
  ),
  averagePrice: nullableCents,
  provenance: priceProvenanceSchema.optional(),
});

/** One day of sales (money in cents); the field names are the spec's. */
export const dailySalesRowSchema = z.object({
  date: z.string(),
  average_price: cents,
  sales_volume: z.number().int(),
  total_sales: cents,
});
export const dailySalesResponseSchema = paginationSchema.extend({ dailySales: z.array(dailySalesRowSchema), days: z.number().int(), size: z.number().nullable() });

export const recentSaleSchema = z.object({ id: z.string(), amount: cents, size: z.number(), size_type: z.string(), created_at: z.string() });
export const recentSalesResponseSchema = paginationSchema.extend({ sales: z.array(recentSaleSchema) });

export const priceHistoryResponseSchema = z.object({
  period: z.string(),
  size: z.number().nullable(),
  points: z.array(z.object({ date: z.string(), price: cents, volume: z.number().int() })),
});

export const relatedProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.string().nullable(),
  currentPrice: nullableCents,
  retailPrice: nullableCents,
  lowestPrice: nullableCents,
  highestPrice: nullableCents,
  priceChange24h: nullableCents,
  recommendationReason: z.string(),
  marketStatus: marketStatusSchema,
  provenance: priceProvenanceSchema.optional(),
});
export type RelatedProduct = z.infer<typeof relatedProductSchema>;
export const relatedResponseSchema = z.object({ strategy: z.enum(RELATED_STRATEGIES), products: z.array(relatedProductSchema) });

export const sampleSneakersResponseSchema = z.object({ sneakers: z.array(searchResultSneakerSchema) });

export const testSaleResponseSchema = z.object({ saleId: z.string(), sneakerId: z.string(), size: z.number(), price: cents, seq: z.number().int(), previous: nullableCents });

// Internal answers (service token, internal port).

export const dailySeriesSchema = z.object({
  sneakerId: z.string(),
  size: z.number().nullable(),
  days: z.array(z.object({ date: z.string(), averagePrice: cents, salesVolume: z.number().int(), totalSales: cents })),
});
export type DailySeries = z.infer<typeof dailySeriesSchema>;

export const trendingItemSchema = searchResultSneakerSchema.extend({
  premiumPercent: z.number().nullable(),
  marketStatus: marketStatusSchema,
  trending: z.boolean(),
  lastSaleAt: z.string().nullable(),
});
export type TrendingItem = z.infer<typeof trendingItemSchema>;
export const trendingResponseSchema = z.object({ timeframe: z.string(), sneakers: z.array(trendingItemSchema) });

export const marketOverviewSchema = z.object({
  asOf: z.string().nullable(),
  totalSneakers: z.number().int(),
  totalSales: z.number().int(),
  averagePrice: nullableCents,
  averagePremiumPercent: z.number().nullable(),
  trendingCount: z.number().int(),
  gainers: z.array(trendingItemSchema),
  losers: z.array(trendingItemSchema),
  brands: z.array(z.object({ brand: z.string(), sneakers: z.number().int(), averagePrice: nullableCents, averageChange24h: nullableCents })),
});
export type MarketOverview = z.infer<typeof marketOverviewSchema>;

export const sneakerPricesSchema = z.object({
  sneakerId: z.string(),
  averagePrice: nullableCents,
  retailPrice: nullableCents,
  sizes: z.array(
    z.object({
      size: z.number(),
      currentPrice: nullableCents,
      seq: z.number().int(),
      /** What price.changed tells of the size (added compatibly: older answers lack them): the price its sales set, with the latest sale's source and time ... */
      sale: z.object({ price: cents, source: z.string(), asOf: z.string().nullable() }).nullable().optional(),
      /** ... its latest market reading (bid, ask, source, time), and its latest sales' times, newest first. */
      reading: z.object({ highestBid: nullableCents, lowestAsk: nullableCents, source: z.string(), asOf: z.string() }).nullable().optional(),
      latestSales: z.array(z.string()).optional(),
    }),
  ),
  /** The sneaker's facts, so a caller tracking it needs no (metered) product view; optional: older answers lack them. */
  name: z.string().optional(),
  brand: z.string().optional(),
  colorway: z.string().optional(),
  imageUrl: z.string().nullable().optional(),
});
export type SneakerPrices = z.infer<typeof sneakerPricesSchema>;

export const internalTrendingQuerySchema = z.object({
  limit: positiveInt('limit', 100, 10),
  timeframe: z.enum(Object.keys(TRENDING_TIMEFRAMES) as [keyof typeof TRENDING_TIMEFRAMES, ...(keyof typeof TRENDING_TIMEFRAMES)[]], { error: 'timeframe must be 24h, 7d or 30d' }).default('7d'),
  exclude: z
    .union([plainString('exclude', 5_000), z.array(plainString('exclude', 100)).max(500)])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)),
});

export const dailySeriesQuerySchema = z.object({
  days: z.coerce.number({ error: 'days must be a number' }).int().min(1, 'days must be at least 1').max(730, 'days must be at most 730').default(90),
  size: sizeSchema.optional(),
});


// The price guard's quarantine (administrators)

export const DATA_QUALITY_PAGE_SIZE = 50;
export const dataQualityQuerySchema = z.object({
  ...pageQuery(DATA_QUALITY_PAGE_SIZE, 200),
  reason: z.enum(PRICE_REFUSAL_REASONS, { error: `reason must be one of ${PRICE_REFUSAL_REASONS.join(', ')}` }).optional(),
  status: z.enum(['quarantined', 'released'], { error: 'status must be quarantined or released' }).default('quarantined'),
});

/** A price the guard refused, with its reason and where it came from (a data file's row, or a source call). */
export const quarantinedPriceSchema = z.object({
  id: z.string(),
  kind: z.enum(['sale', 'market']),
  reason: z.enum(PRICE_REFUSAL_REASONS),
  detail: z.string(),
  sneakerId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  size: z.number().nullable(),
  /** Hundredths of `currency` (a value is kept in its own currency). */
  amount: z.number().int(),
  currency: z.string(),
  source: z.string(),
  file: z.string().nullable(),
  row: z.number().int().nullable(),
  call: z.string().nullable(),
  observedAt: z.string(),
  status: z.enum(['quarantined', 'released']),
  quarantinedAt: z.string(),
  releasedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
});
export type QuarantinedPrice = z.infer<typeof quarantinedPriceSchema>;

export const dataQualityResponseSchema = z.object({
  /** Values still in the quarantine, by reason (every reason, 0 included). */
  counts: z.record(z.enum(PRICE_REFUSAL_REASONS), z.number().int()),
  released: z.number().int(),
  entries: z.array(quarantinedPriceSchema),
  pagination: paginationSchema,
});

/** A released value: a sale is recorded then (its id); a market price counts as accepted from then on. */
export const releaseResponseSchema = z.object({ entry: quarantinedPriceSchema, saleId: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// The market per size, its sources, and the StockX link (administrators)
// ---------------------------------------------------------------------------------------------

/** Where a price comes from: `stockx-api`, or `replay:<data file>` (real public sales replayed to end today). */
const priceSource = z.string();

/** Which number a pair's value rests on: a fresh reading's highest bid (what it sells for now), else its lowest ask, else the last sale. */
export const VALUE_BASES = ['highest_bid', 'lowest_ask', 'last_sale'] as const;
export type ValueBasis = (typeof VALUE_BASES)[number];

/** One size's market: StockX's lowest ask and highest bid when read, the last (replayed) sale, and the source and time of the observation. */
export const sizeMarketSchema = z.object({
  size: z.number(),
  lowestAsk: nullableCents,
  highestBid: nullableCents,
  lastSale: nullableCents,
  source: priceSource,
  /** When the observation was made (not when it was asked for); null when the size has none. */
  asOf: z.string().nullable(),
  /** What a pair of this size is worth now, and the number it rests on. */
  value: nullableCents,
  valueBasis: z.enum(VALUE_BASES).nullable(),
  /** The size's reading is older than MARKET_STALE_AFTER (its value fell back to the last sale). */
  stale: z.boolean(),
});
export const sneakerMarketSchema = z.object({
  sneakerId: z.string(),
  /** The sneaker's own: the lowest ask and highest bid across sizes, its latest sale, and its freshest observation's source and time. */
  lowestAsk: nullableCents,
  highestBid: nullableCents,
  lastSale: nullableCents,
  source: priceSource.nullable(),
  asOf: z.string().nullable(),
  /** The freshest observation is older than MARKET_STALE_AFTER. */
  stale: z.boolean(),
  sizes: z.array(sizeMarketSchema),
});
export type SneakerMarket = z.infer<typeof sneakerMarketSchema>;

export const MARKET_SOURCE_STATES = ['closed', 'open', 'half-open', 'isolated'] as const;
export const marketSourceSchema = z.object({
  name: z.enum(['replay', 'stockx']),
  active: z.boolean(),
  status: z.string(),
  lastSyncAt: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
  errorRate: z.number().min(0).max(1).nullable(),
  circuit: z.enum(MARKET_SOURCE_STATES).nullable(),
  mappedProducts: z.number().int().nullable(),
});
export const marketSourcesSchema = z.object({ sources: z.array(marketSourceSchema), stockxLinked: z.boolean() });
export type MarketSourcesView = z.infer<typeof marketSourcesSchema>;

export const stockxLinkSchema = z.object({ authorizationUrl: z.url() });
export const stockxCallbackQuerySchema = z.object({
  code: plainString('code', 2_000).pipe(z.string().min(1, 'code is required')),
  state: plainString('state', 200).pipe(z.string().min(1, 'state is required')),
});
export const stockxLinkedSchema = z.object({ linked: z.literal(true), linkedAt: z.string() });
export const stockxUnlinkedSchema = z.object({ linked: z.literal(false) });

// ---------------------------------------------------------------------------------------------
// Operations (the BFF's OpenAPI document)
// ---------------------------------------------------------------------------------------------

const meteredErrors = ['SEARCH_LIMIT', 'PRODUCT_VIEW_LIMIT', 'TRIAL_EXPIRED', 'SERVICE_UNAVAILABLE'];

export const catalogOperations: Operation[] = [
  { method: 'get', path: '/api/sneakers/search', summary: 'Search the catalogue (metered: page 1 of a distinct search per day)', tag: 'sneakers', access: 'token', query: searchQuerySchema, response: searchResponseSchema, errors: meteredErrors },
  { method: 'get', path: '/api/sneakers/suggestions', summary: 'Name suggestions while typing', tag: 'sneakers', access: 'token', query: suggestionsQuerySchema, response: suggestionsResponseSchema },
  { method: 'get', path: '/api/sneakers/{id}', summary: 'A sneaker with its size variants (metered: first view per sneaker per day)', tag: 'sneakers', access: 'token', response: sneakerDetailSchema, errors: meteredErrors },
  { method: 'get', path: '/api/sneakers/{id}/sizes', summary: 'Current price of each size', tag: 'sneakers', access: 'token', response: sizesResponseSchema },
  { method: 'get', path: '/api/sneakers/{id}/sales/daily', summary: 'Daily sales (premium)', tag: 'sneakers', access: 'token', query: dailySalesQuerySchema, response: dailySalesResponseSchema, errors: ['PREMIUM_FEATURE'] },
  { method: 'get', path: '/api/sneakers/{id}/sales/recent', summary: 'Recent sales, newest first (premium)', tag: 'sneakers', access: 'token', query: recentSalesQuerySchema, response: recentSalesResponseSchema, errors: ['PREMIUM_FEATURE'] },
  { method: 'get', path: '/api/sneakers/{id}/price-history', summary: 'Daily average price over a period (premium)', tag: 'sneakers', access: 'token', query: priceHistoryQuerySchema, response: priceHistoryResponseSchema, errors: ['PREMIUM_FEATURE'] },
  { method: 'get', path: '/api/sneakers/{id}/related', summary: 'Related sneakers with a reason and a market status', tag: 'sneakers', access: 'token', query: relatedQuerySchema, response: relatedResponseSchema },
  { method: 'get', path: '/api/sneakers/{id}/market', summary: 'The market of each size (lowest ask, highest bid, last sale) with its source and time, and the sneaker’s own', tag: 'sneakers', access: 'token', response: sneakerMarketSchema },
  { method: 'get', path: '/api/admin/market/sources', summary: 'The market sources: status, last and next sync, error rate, circuit, mapped products (administrators)', tag: 'admin', access: 'admin', response: marketSourcesSchema },
  { method: 'post', path: '/api/admin/integrations/stockx/link', summary: 'Starts linking the operator’s StockX account: StockX’s consent page (administrators)', tag: 'admin', access: 'admin', response: stockxLinkSchema, errors: ['STOCKX_NOT_CONFIGURED'] },
  { method: 'get', path: '/api/admin/integrations/stockx/callback', summary: 'Completes the StockX link from StockX’s redirect (code and state) (administrators)', tag: 'admin', access: 'admin', query: stockxCallbackQuerySchema, response: stockxLinkedSchema, errors: ['STOCKX_NOT_CONFIGURED', 'STOCKX_LINK_STATE_INVALID', 'STOCKX_LINK_REFUSED'] },
  { method: 'delete', path: '/api/admin/integrations/stockx', summary: 'Unlinks StockX: its tokens are forgotten (administrators)', tag: 'admin', access: 'admin', response: stockxUnlinkedSchema, errors: ['STOCKX_NOT_CONFIGURED'] },
  { method: 'get', path: '/api/admin/data-quality', summary: "The price guard's quarantine: counts by reason and a page of refused values", tag: 'admin', access: 'admin', query: dataQualityQuerySchema, response: dataQualityResponseSchema },
  { method: 'post', path: '/api/admin/data-quality/{id}/release', summary: 'Release a wrongly refused value (a sale is recorded)', tag: 'admin', access: 'admin', response: releaseResponseSchema, errors: ['CONFLICT'] },
  { method: 'get', path: '/api/onboarding/sample-sneakers', summary: 'Popular sneakers for the interests chosen at onboarding', tag: 'onboarding', access: 'token', query: sampleSneakersQuerySchema, response: sampleSneakersResponseSchema },
];
