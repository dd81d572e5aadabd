import { z } from 'zod';
import { RELATED_STRATEGIES, TRENDING_TIMEFRAMES, VALUE_BASES, brandsParamSchema, marketStatusSchema, pageQuery, paginationSchema, sizeSchema } from './catalog.ts';
import type { Operation } from './operation.ts';
import { MAX_PRICE_CENTS, PRICE_TOO_HIGH } from '../market.ts';
import { FEE_PLATFORMS, SALE_PLATFORMS } from '../fees.ts';

// ---------------------------------------------------------------------------------------------
// Constants (money in cents, percentages as plain numbers)
// ---------------------------------------------------------------------------------------------

export const COLLECTION_PAGE_SIZE = 20;
export const COLLECTION_MAX_PAGE_SIZE = 100;
export const COLLECTION_SORTS = ['newest', 'oldest', 'value-high', 'value-low', 'gain-high', 'gain-low', 'date_added'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_COLLECTION_SORT: CollectionSort = 'date_added';

/** The brand filter's keys: a brand's name in lower case without spaces or punctuation ('New Balance' -> 'newbalance'). */
/** An item is owned, listed for sale on a platform at an ask, or sold. */
export const ITEM_STATUSES = ['owned', 'listed', 'sold'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Market value (gross), or what selling today would pay out after a platform's fees (net). */
export const VALUATIONS = ['market', 'net'] as const;
export type ValuationBasis = (typeof VALUATIONS)[number];

export const COLLECTION_BRAND_FILTERS = ['all', 'nike', 'adidas', 'jordan', 'newbalance', 'puma'] as const;
export const brandKeyOf = (brand: string): string => brand.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The union of the add and edit dialogs' conditions. */
export const CONDITIONS = ['deadstock', 'new', 'used', 'near_mint', 'very_good', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const DEFAULT_CONDITION: Condition = 'new';
export const DEFAULT_COLORWAY = 'Default';
export const DEFAULT_ITEM_SIZE = 10;

/** A catalogue sneaker id: 24 lowercase hex characters. */
export const SNEAKER_ID_PATTERN = /^[0-9a-f]{24}$/;
/** What collection events carry as `sneakerId` for an item added by hand (no catalogue sneaker). */
export const MANUAL_ITEM_SNEAKER_ID = 'manual';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTOS_PER_ITEM = 5;
/** The largest upload request: a photo of PHOTO_MAX_BYTES and its multipart framing (the BFF lets this much through on the upload path). */
export const PHOTO_UPLOAD_MAX_BODY_BYTES = PHOTO_MAX_BYTES + 64 * 1024;
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

export const BULK_ADD_MAX_ITEMS = 100;
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 2_000;
export const PRICE_ALERTS_PER_USER = 100;
export const WATCHLIST_ENTRIES_PER_USER = 200;
export const ACTIVITY_FEED_SIZE = 10;
export const PORTFOLIO_RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type PortfolioRange = keyof typeof PORTFOLIO_RANGES;
export const DEFAULT_PORTFOLIO_RANGE: PortfolioRange = '30d';

/** Related products of the collection: catalog's strategies plus the user's own behaviour. */
export const COLLECTION_RELATED_STRATEGIES = [...RELATED_STRATEGIES, 'user-behavior'] as const;
export type CollectionRelatedStrategy = (typeof COLLECTION_RELATED_STRATEGIES)[number];
export const COLLECTION_RELATED_LIMIT = 12;
/** Recommendations are served from the cache while fresh, and kept as a fallback for an hour. */
export const RECOMMENDATIONS_FRESH_MS = 30 * 60_000;
export const RECOMMENDATIONS_KEPT_MS = 60 * 60_000;
export const DEFAULT_TRENDING_TIMEFRAME: keyof typeof TRENDING_TIMEFRAMES = '7d';

/**
 * The columns of the collection's CSV file, in order. Money is in US dollars with two decimals
 * (`120.00`), dates are `YYYY-MM-DD`, sizes US sizes. An import reads the columns marked `import`
 * (name, brand, size and purchasePriceUsd are required; sneakerId links a catalogue sneaker) and
 * ignores the others, so an exported file imports as it is.
 */
export const COLLECTION_CSV_COLUMNS = [
  { name: 'sneakerId', import: true, description: 'Catalogue sneaker id (24 hex characters); empty for an item added by hand' },
  { name: 'name', import: true, description: 'Sneaker name (required)' },
  { name: 'brand', import: true, description: 'Brand (required)' },
  { name: 'colorway', import: true, description: "Colorway (default 'Default')" },
  { name: 'size', import: true, description: 'US size, 3.5 to 20 in half steps (required)' },
  { name: 'condition', import: true, description: `One of ${CONDITIONS.join(', ')} (default new)` },
  { name: 'purchasePriceUsd', import: true, description: 'Purchase price in US dollars, 0 or more (required)' },
  { name: 'purchaseDate', import: true, description: 'Purchase date, YYYY-MM-DD (default: the day of the import)' },
  { name: 'purchaseShippingUsd', import: true, description: 'Shipping paid on the purchase, in US dollars (part of the cost basis; default 0)' },
  { name: 'purchaseTaxUsd', import: true, description: 'Sales tax paid on the purchase, in US dollars (part of the cost basis; default 0)' },
  { name: 'purchasedFrom', import: true, description: 'Where the pair was bought' },
  { name: 'sku', import: true, description: 'Style code (SKU)' },
  { name: 'notes', import: true, description: 'Free text' },
  { name: 'imageUrl', import: true, description: 'Picture address (http or https)' },
  { name: 'currentValueUsd', import: false, description: 'Market value when exported' },
  { name: 'gainLossUsd', import: false, description: 'Current value minus purchase price when exported' },
  { name: 'gainLossPercent', import: false, description: 'Gain or loss over the purchase price, in percent' },
  { name: 'addedAt', import: false, description: 'When the item was added (ISO time)' },
] as const;
export type CollectionCsvColumn = (typeof COLLECTION_CSV_COLUMNS)[number]['name'];

// ---------------------------------------------------------------------------------------------
// Error codes and the messages the web app matches (spec 2 §8)
// ---------------------------------------------------------------------------------------------

export const CollectionErrorCode = {
  COLLECTION_LIMIT: 'COLLECTION_LIMIT',
  TRIAL_EXPIRED: 'TRIAL_EXPIRED',
  PREMIUM_FEATURE: 'PREMIUM_FEATURE',
  PHOTO_LIMIT: 'PHOTO_LIMIT',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_IMPORT: 'INVALID_IMPORT',
  ALERT_LIMIT: 'ALERT_LIMIT',
  WATCHLIST_LIMIT: 'WATCHLIST_LIMIT',
  ALREADY_ON_WATCHLIST: 'ALREADY_ON_WATCHLIST',
  TARGET_AT_CURRENT_PRICE: 'TARGET_AT_CURRENT_PRICE',
} as const;

export const INVALID_SNEAKER_ID_MESSAGE = 'Invalid sneaker ID format';
export const MISSING_FIELDS_MESSAGE = 'Missing required fields';
export const INVALID_ADD_PRICE_MESSAGE = 'Invalid purchase price: enter a whole number of cents, 0 or more';
export const INVALID_EDIT_PRICE_MESSAGE = 'Invalid purchase price: enter a whole number of cents greater than 0';
export const INVALID_CONDITION_MESSAGE = `Invalid condition: choose one of ${CONDITIONS.join(', ')}`;
export const INVALID_TARGET_PRICE_MESSAGE = 'Invalid target price: enter a whole number of cents greater than 0';
export const INVALID_PURCHASE_DATE_MESSAGE = 'Invalid purchase date: use YYYY-MM-DD';
export const INVALID_COST_MESSAGE = (field: string): string => `Invalid ${field}: enter a whole number of cents, 0 or more`;
export const INVALID_PLATFORM_MESSAGE = `Unknown platform: choose one of ${SALE_PLATFORMS.join(', ')}`;
export const INVALID_VALUATION_PLATFORM_MESSAGE = `Unknown platform: choose one of ${FEE_PLATFORMS.join(', ')}`;
export const ITEM_SOLD_MESSAGE = 'This pair is sold: undo the sale to change it';
export const SOLD_ITEM_REMOVE_MESSAGE = 'This pair is sold and its sale is in your sales: undo the sale to remove it';
export const collectionLimitMessage = (limit: number): string =>
  `You have reached your collection limit of ${limit} item${limit === 1 ? '' : 's'}. Upgrade your plan to add more.`;
/** Several items that would take a collection with room left past its limit (an import, a bulk add). */
export const collectionRoomMessage = (limit: number, held: number, adding: number): string =>
  `Adding ${adding} items would take your collection past its collection limit of ${limit} items: it holds ${held}, so there is room for ${limit - held} more. Upgrade your plan to add more.`;
export const TRIAL_EXPIRED_ADD_MESSAGE = 'Your plan has ended, so items cannot be added. Choose a plan to keep growing your collection.';
export const ADVANCED_ANALYTICS_LOCKED_MESSAGE = 'Advanced analytics is an Expert feature. Upgrade to Expert to see it.';
export const PHOTO_TOO_LARGE_MESSAGE = `The photo is too large: at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB`;
export const PHOTO_TYPE_MESSAGE = 'Only JPEG, PNG or WebP images can be uploaded';
export const PHOTO_LIMIT_MESSAGE = `An item can have at most ${PHOTOS_PER_ITEM} photos`;
export const ITEM_NOT_FOUND_MESSAGE = 'Collection item not found';

// ---------------------------------------------------------------------------------------------
// Bodies and queries
// ---------------------------------------------------------------------------------------------

const missing = (field: string) => `${MISSING_FIELDS_MESSAGE}: ${field}`;
const isoDate = z.iso.date({ error: INVALID_PURCHASE_DATE_MESSAGE });
const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).trim().min(1, `${name} must not be empty`).max(max, `${name} must be at most ${max} characters`);
const price = (message: string, min: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? missing('purchasePrice') : message) })
    .int(message)
    .min(min, message)
    .max(MAX_PRICE_CENTS, `Invalid purchase price: ${PRICE_TOO_HIGH}`);
const sneakerIdSchema = z.string({ error: INVALID_SNEAKER_ID_MESSAGE }).regex(SNEAKER_ID_PATTERN, INVALID_SNEAKER_ID_MESSAGE);
const requiredSneakerId = z.string({ error: (issue) => (issue.input === undefined ? missing('sneakerId') : INVALID_SNEAKER_ID_MESSAGE) }).regex(SNEAKER_ID_PATTERN, INVALID_SNEAKER_ID_MESSAGE);
const conditionSchema = z.enum(CONDITIONS, { error: INVALID_CONDITION_MESSAGE });
const imageUrlSchema = z.url({ protocol: /^https?$/, error: 'imageUrl must be an http or https address' }).max(2_000);
/** An amount of the cost basis besides the price: whole cents, 0 or more. */
const costCents = (field: string) =>
  z.number({ error: INVALID_COST_MESSAGE(field) }).int(INVALID_COST_MESSAGE(field)).min(0, INVALID_COST_MESSAGE(field)).max(MAX_PRICE_CENTS, `Invalid ${field}: ${PRICE_TOO_HIGH}`);
const purchasedFromSchema = z.string({ error: 'purchasedFrom must be text' }).trim().max(100, 'purchasedFrom must be at most 100 characters');
const skuSchema = z.string({ error: 'sku must be text' }).trim().min(1, 'sku must not be empty').max(40, 'sku must be at most 40 characters');
/** Where a pair is listed for sale, and at what ask. */
export const listingBodySchema = z.object({
  platform: z.enum(SALE_PLATFORMS, { error: INVALID_PLATFORM_MESSAGE }),
  askPrice: z.number({ error: 'Invalid ask price: enter a whole number of cents greater than 0' }).int('Invalid ask price: enter a whole number of cents greater than 0').min(1, 'Invalid ask price: enter a whole number of cents greater than 0').max(MAX_PRICE_CENTS, `Invalid ask price: ${PRICE_TOO_HIGH}`),
});
export type ListingBody = z.infer<typeof listingBodySchema>;
const notesSchema = z.string({ error: 'notes must be text' }).max(1_000, 'notes must be at most 1000 characters');
/** A query flag: exactly `true` or `false` (the document lists both). */
const queryFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((flag) => flag === 'true');
const positiveInt = (name: string, max: number, fallback: number) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`).default(fallback);

/**
 * `POST /collections`: a catalogue sneaker (`sneakerId`; the server takes its name, brand, picture
 * and prices from the catalogue) or an item added by hand (`name` and `brand`).
 */
export const createItemBodySchema = z
  .object({
    sneakerId: sneakerIdSchema.optional(),
    name: text('name', 200).optional(),
    brand: text('brand', 100).optional(),
    colorway: text('colorway', 200).optional(),
    size: sizeSchema.default(DEFAULT_ITEM_SIZE),
    purchasePrice: price(INVALID_ADD_PRICE_MESSAGE, 0),
    purchaseDate: isoDate.optional(),
    /** The rest of the cost basis: where it was bought, what shipping and sales tax cost (cents). */
    purchasedFrom: purchasedFromSchema.optional(),
    purchaseShipping: costCents('purchaseShipping').default(0),
    purchaseTax: costCents('purchaseTax').default(0),
    /** The style code, as the marketplaces name it (matches StockX's orders with the size). */
    sku: skuSchema.optional(),
    condition: conditionSchema.default(DEFAULT_CONDITION),
    notes: notesSchema.default(''),
    imageUrl: imageUrlSchema.optional(),
  })
  .refine((body) => body.sneakerId !== undefined || (body.name !== undefined && body.brand !== undefined), {
    message: missing('name and brand, or a catalogue sneakerId'),
  })
  // The same rule, as the document states it.
  .meta({ anyOf: [{ required: ['sneakerId'] }, { required: ['name', 'brand'] }] });
export type CreateItemBody = z.infer<typeof createItemBodySchema>;

/** `PUT /collections/{id}`: any of these; a new size re-prices the item at once. */
export const updateItemBodySchema = z
  .object({
    size: sizeSchema.optional(),
    purchasePrice: price(INVALID_EDIT_PRICE_MESSAGE, 1).optional(),
    condition: conditionSchema.optional(),
    notes: notesSchema.optional(),
    colorway: text('colorway', 200).optional(),
    purchaseDate: isoDate.optional(),
    name: text('name', 200).optional(),
    brand: text('brand', 100).optional(),
    imageUrl: imageUrlSchema.nullable().optional(),
    purchasedFrom: purchasedFromSchema.nullable().optional(),
    purchaseShipping: costCents('purchaseShipping').optional(),
    purchaseTax: costCents('purchaseTax').optional(),
    sku: skuSchema.nullable().optional(),
    /** Listed for sale on a platform at an ask; null takes it off sale (owned again). A sold pair is changed only by undoing its sale. */
    listing: listingBodySchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: `${MISSING_FIELDS_MESSAGE}: nothing to update` });
export type UpdateItemBody = z.infer<typeof updateItemBodySchema>;

/** `POST /collections/import` as JSON: the CSV file's text. */
export const importJsonBodySchema = z.object({
  csv: z.string({ error: `${MISSING_FIELDS_MESSAGE}: csv` }).refine((csv) => csv.trim() !== '', `${MISSING_FIELDS_MESSAGE}: csv`).meta({ pattern: String.raw`\S`, maxLength: IMPORT_MAX_BYTES }),
});
/** The other ways to send the file: its text as `text/csv`, or a multipart upload in the field `file`. */
export const importFileBodies = {
  'text/csv': z.string().meta({ maxLength: IMPORT_MAX_BYTES }),
  'multipart/form-data': z.object({ file: z.string().meta({ format: 'binary', maxLength: IMPORT_MAX_BYTES }) }),
};

/** `POST /collections/items`: several items at once, all or nothing. */
export const bulkItemsBodySchema = z.object({
  items: z
    .array(createItemBodySchema, { error: missing('items') })
    .min(1, missing('items'))
    .max(BULK_ADD_MAX_ITEMS, `At most ${BULK_ADD_MAX_ITEMS} items can be added at once`),
});

export const collectionQuerySchema = z.object({
  ...pageQuery(COLLECTION_PAGE_SIZE, COLLECTION_MAX_PAGE_SIZE),
  sortBy: z.enum(COLLECTION_SORTS, { error: `sortBy must be one of ${COLLECTION_SORTS.join(', ')}` }).default(DEFAULT_COLLECTION_SORT),
  sortOrder: z.enum(SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).default('desc'),
  /** Brand keys (`nike,newbalance`); `all` or nothing means every brand. */
  brands: brandsParamSchema.transform((brands) => [...new Set(brands.map(brandKeyOf))].filter((key) => key !== '' && key !== 'all')),
  /** `net` values each owned pair at what selling it today on `platform` would pay out (Premium and Expert). */
  valuation: z.enum(VALUATIONS, { error: 'valuation must be market or net' }).default('market'),
  platform: z.enum(FEE_PLATFORMS, { error: INVALID_VALUATION_PLATFORM_MESSAGE }).default('stockx'),
});
export type CollectionQuery = z.infer<typeof collectionQuerySchema>;

/** `GET /collections/stats`: with `platform`, the net value on that platform beside the gross figures. */
export const collectionStatsQuerySchema = z.object({ platform: z.enum(FEE_PLATFORMS, { error: INVALID_VALUATION_PLATFORM_MESSAGE }).optional() });

export const deleteItemQuerySchema = z.object({
  /** The price the pair was sold at, when the removal is a sale (counts as a realised gain or loss). */
  soldPrice: z.coerce.number({ error: 'soldPrice must be a number of cents' }).int('soldPrice must be whole cents').min(0, 'soldPrice must be 0 or more').max(MAX_PRICE_CENTS).optional(),
});

const targetPrice = z
  .number({ error: (issue) => (issue.input === undefined ? missing('targetPrice') : INVALID_TARGET_PRICE_MESSAGE) })
  .int(INVALID_TARGET_PRICE_MESSAGE)
  .min(1, INVALID_TARGET_PRICE_MESSAGE)
  .max(MAX_PRICE_CENTS, `Invalid target price: ${PRICE_TOO_HIGH}`);

export const priceAlertBodySchema = z.object({
  sneakerId: requiredSneakerId,
  targetPrice,
  /** Watches this size's market price; without a size, the lowest price across sizes. */
  size: sizeSchema.nullable().optional(),
});

export type PriceAlertBody = z.infer<typeof priceAlertBodySchema>;

/** A change of an alert: a new target, and/or paused (true) or resumed (false). */
export const priceAlertUpdateSchema = z
  .object({
    targetPrice: targetPrice.optional(),
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
  })
  .refine((update) => update.targetPrice !== undefined || update.paused !== undefined, { message: missing('targetPrice or paused') });

export type PriceAlertUpdate = z.infer<typeof priceAlertUpdateSchema>;

export const watchlistBodySchema = z.object({ sneakerId: requiredSneakerId });

export const collectionRelatedQuerySchema = z.object({
  strategy: z.enum(COLLECTION_RELATED_STRATEGIES, { error: `strategy must be one of ${COLLECTION_RELATED_STRATEGIES.join(', ')}` }).default('mixed'),
  limit: positiveInt('limit', 50, COLLECTION_RELATED_LIMIT),
  excludeOwned: queryFlag(true),
});
export type CollectionRelatedQuery = z.infer<typeof collectionRelatedQuerySchema>;

export const generateRelatedBodySchema = z.object({
  strategy: z.enum(COLLECTION_RELATED_STRATEGIES, { error: `strategy must be one of ${COLLECTION_RELATED_STRATEGIES.join(', ')}` }).default('mixed'),
  limit: z.number({ error: 'limit must be a number' }).int().min(1).max(50).default(COLLECTION_RELATED_LIMIT),
  excludeOwned: z.boolean({ error: 'excludeOwned must be true or false' }).default(true),
});

export type GenerateRelatedBody = z.infer<typeof generateRelatedBodySchema>;

export const relatedTrendingQuerySchema = z.object({
  limit: positiveInt('limit', 50, COLLECTION_RELATED_LIMIT),
  excludeOwned: queryFlag(true),
  timeframe: z
    .enum(Object.keys(TRENDING_TIMEFRAMES) as [keyof typeof TRENDING_TIMEFRAMES, ...(keyof typeof TRENDING_TIMEFRAMES)[]], { error: 'timeframe must be 24h, 7d or 30d' })
    .default(DEFAULT_TRENDING_TIMEFRAME),
});

export type RelatedTrendingQuery = z.infer<typeof relatedTrendingQuerySchema>;

export const portfolioHistoryQuerySchema = z.object({
  range: z.enum(Object.keys(PORTFOLIO_RANGES) as [PortfolioRange, ...PortfolioRange[]], { error: 'range must be one of 7d, 30d, 90d, 1y' }).default(DEFAULT_PORTFOLIO_RANGE),
});

export const valuationQuerySchema = z.object({ days: positiveInt('days', 365, 1) });

export const preferencesSchema = z.object({
  defaultView: z.enum(['grid', 'list']),
  defaultSort: z.enum(COLLECTION_SORTS),
  /** In-app notices when a price alert fires. */
  priceAlertNotifications: z.boolean(),
  /** Brands the member follows (chosen at onboarding). */
  interests: z.array(z.string()),
  onboarding: z.object({
    completed: z.boolean(),
    completedAt: z.string().nullable(),
    experience: z.string().nullable(),
    goals: z.array(z.string()),
  }),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = {
  defaultView: 'grid',
  defaultSort: DEFAULT_COLLECTION_SORT,
  priceAlertNotifications: true,
  interests: [],
  onboarding: { completed: false, completedAt: null, experience: null, goals: [] },
};

const interestsSchema = z.array(text('interest', 40), { error: 'interests must be a list of brand names' }).max(20, 'At most 20 interests');

export const preferencesUpdateSchema = z
  .strictObject(
    {
      defaultView: z.enum(['grid', 'list'], { error: 'defaultView must be grid or list' }),
      defaultSort: z.enum(COLLECTION_SORTS, { error: `defaultSort must be one of ${COLLECTION_SORTS.join(', ')}` }),
      priceAlertNotifications: z.boolean({ error: 'priceAlertNotifications must be true or false' }),
      interests: interestsSchema,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown preference: ${issue.keys.join(', ')}` : undefined) },
  )
  .partial();

export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

export const onboardingBodySchema = z.object({
  interests: interestsSchema.default([]),
  experience: text('experience', 40).optional(),
  goals: z.array(text('goal', 60), { error: 'goals must be a list' }).max(10, 'At most 10 goals').default([]),
});
export type OnboardingBody = z.infer<typeof onboardingBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const cents = z.number().int();
const nullableCents = cents.nullable();

/** An owned pair's net value: the size's highest bid (else the market price) minus the platform's fees. */
export const netValueSchema = z.object({
  platform: z.enum(FEE_PLATFORMS),
  /** The price the pair would sell at: `bid` (the size's highest bid) or `market` (no bid known). */
  basis: z.enum(['bid', 'market']),
  grossPrice: cents,
  fees: cents,
  /** grossPrice − fees. */
  value: cents,
  gainLoss: nullableCents,
});
export type NetValue = z.infer<typeof netValueSchema>;

export const itemSneakerSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.string().nullable(),
  retailPrice: nullableCents,
  size: z.number(),
});

/**
 * Which number an item's value rests on: a fresh market reading's highest bid (what the pair sells for
 * now), else its lowest ask (what one costs), else the size's price from its sales ('last_sale'), else the
 * sneaker's average across sizes, else the last value known (an item added by hand: its purchase price at first).
 */
export const ITEM_VALUE_BASES = [...VALUE_BASES, 'sneaker_average', 'last_known'] as const;
export type ItemValueBasis = (typeof ITEM_VALUE_BASES)[number];

/** How an item was valued: the number used, the source and time of the observation behind it, and how far to trust it. */
export const itemValuationSchema = z.object({
  basis: z.enum(ITEM_VALUE_BASES),
  /** 'stockx-api', 'replay:stockx-2019-sales.csv', ...; null for the sneaker's average and the last known value. */
  source: z.string().nullable(),
  /** When the observation was made (not when it was asked for); null where the source has no time. */
  asOf: z.string().nullable(),
  /** The size's market reading is older than MARKET_STALE_AFTER, so the value no longer rests on it. */
  stale: z.boolean(),
  /** The size sold fewer than 3 times in the last 90 days. */
  thin: z.boolean(),
});
export type ItemValuation = z.infer<typeof itemValuationSchema>;

export const collectionItemSchema = z.object({
  id: z.string(),
  sneakerId: z.string().nullable(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  size: z.number(),
  imageUrl: z.string().nullable(),
  purchasePrice: cents,
  /** YYYY-MM-DD. */
  purchaseDate: z.string(),
  condition: z.enum(CONDITIONS),
  notes: z.string(),
  /** The market value now, by the rule of ITEM_VALUE_BASES; `valuation` says which number it took. */
  currentValue: cents,
  currentPrice: cents,
  gainLoss: cents,
  gainLossPercent: z.number(),
  addedAt: z.string(),
  updatedAt: z.string(),
  photoCount: z.number().int(),
  sneaker: itemSneakerSchema,
  /** The catalogue's style code (SKU), when known. */
  sku: z.string().nullable(),
  purchasedFrom: z.string().nullable(),
  purchaseShipping: cents,
  purchaseTax: cents,
  /** purchasePrice + purchaseShipping + purchaseTax; null for a sale imported without a cost basis. */
  costBasis: nullableCents,
  status: z.enum(ITEM_STATUSES),
  listing: z.object({ platform: z.enum(SALE_PLATFORMS), askPrice: cents }).nullable(),
  /** The sale of a sold pair, in brief (the whole sale: GET /api/sales). */
  sale: z.object({ id: z.string(), soldAt: z.string(), platform: z.enum(SALE_PLATFORMS), salePrice: cents, netProceeds: cents, realisedGain: nullableCents }).nullable(),
  /** With `valuation=net`: what selling today on the platform would pay out, and from which price. */
  netValue: netValueSchema.nullable(),
  valuation: itemValuationSchema,
});
export type CollectionItemView = z.infer<typeof collectionItemSchema>;

export const photoSchema = z.object({ id: z.string(), itemId: z.string(), contentType: z.enum(PHOTO_CONTENT_TYPES), size: z.number().int(), url: z.string(), createdAt: z.string() });
export type PhotoView = z.infer<typeof photoSchema>;
export const collectionItemDetailSchema = collectionItemSchema.extend({ photos: z.array(photoSchema) });

export const collectionStatsSchema = z.object({
  totalValue: cents,
  totalCost: cents,
  totalGainLoss: cents,
  gainLossPercent: z.number(),
  totalItems: z.number().int(),
  averageValue: cents,
  /** Beside the gross figures: the net value of the owned pairs on a platform (with `valuation=net`, or the stats' `platform`). */
  net: z.object({ platform: z.enum(FEE_PLATFORMS), totalValue: cents, totalGainLoss: cents, gainLossPercent: z.number() }).optional(),
});
export type CollectionStats = z.infer<typeof collectionStatsSchema>;

export const collectionResponseSchema = paginationSchema.extend({ items: z.array(collectionItemSchema), stats: collectionStatsSchema });

export const importResultSchema = z.object({ imported: z.number().int(), items: z.array(collectionItemSchema) });
export const importErrorSchema = z.object({ message: z.string(), code: z.literal('INVALID_IMPORT'), errors: z.array(z.object({ line: z.number().int(), reason: z.string() })) });

export const priceAlertSchema = z.object({
  id: z.string(),
  sneakerId: z.string(),
  sneakerName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  size: z.number().nullable(),
  targetPrice: cents,
  /** The price the alert watches now (the size's, or the lowest across sizes). */
  currentPrice: nullableCents,
  /** Which side of the target that price was last on. */
  side: z.enum(['above', 'below']).nullable(),
  /** A paused alert keeps following the price but does not fire. */
  paused: z.boolean(),
  triggerCount: z.number().int(),
  lastTriggeredAt: z.string().nullable(),
  createdAt: z.string(),
});

export const watchlistEntrySchema = z.object({
  id: z.string(),
  sneakerId: z.string(),
  name: z.string().nullable(),
  brand: z.string().nullable(),
  imageUrl: z.string().nullable(),
  retailPrice: nullableCents,
  /** The lowest current price across sizes. */
  currentPrice: nullableCents,
  averagePrice: nullableCents,
  addedAt: z.string(),
});

export const ACTIVITY_TYPES = ['item_added', 'item_updated', 'item_removed', 'alert_created', 'alert_removed', 'alert_triggered', 'watchlist_added', 'watchlist_removed'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const activityEntrySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string(),
  sneakerId: z.string().nullable(),
  subjectId: z.string().nullable(),
  amount: nullableCents,
  occurredAt: z.string(),
});
export const activityResponseSchema = z.object({ activities: z.array(activityEntrySchema) });

export const valuationPointSchema = z.object({ date: z.string(), totalValue: cents, totalCost: cents, gainLoss: cents, itemCount: z.number().int() });
export const portfolioHistorySchema = z.object({
  range: z.string(),
  points: z.array(valuationPointSchema),
  current: valuationPointSchema,
  /** Value now minus the first point's value (0 without history). */
  change: cents,
  changePercent: z.number(),
});

const performerSchema = z.object({ id: z.string(), name: z.string(), brand: z.string(), size: z.number(), purchasePrice: cents, currentValue: cents, gainLoss: cents, gainLossPercent: z.number() });
export const userAnalyticsSchema = z.object({
  totals: collectionStatsSchema,
  valueOverTime: z.array(valuationPointSchema),
  byBrand: z.array(z.object({ brand: z.string(), items: z.number().int(), value: cents, cost: cents, gainLoss: cents, gainLossPercent: z.number(), share: z.number() })),
  bestPerformers: z.array(performerSchema),
  worstPerformers: z.array(performerSchema),
  realised: z.object({ items: z.number().int(), proceeds: cents, cost: cents, gainLoss: cents, gainLossPercent: z.number() }),
  unrealised: z.object({ items: z.number().int(), value: cents, cost: cents, gainLoss: cents, gainLossPercent: z.number() }),
});
export const itemAnalyticsSchema = z.object({
  item: collectionItemSchema,
  valueOverTime: z.array(z.object({ date: z.string(), value: cents, salesVolume: z.number().int() })),
  /** Share of the collection's value, in percent. */
  shareOfCollection: z.number(),
  holdingDays: z.number().int(),
  rankByGain: z.number().int(),
  brand: z.object({ brand: z.string(), items: z.number().int(), gainLossPercent: z.number() }),
});

export const relatedAnswerSchema = z.object({
  strategy: z.string(),
  products: z.array(
    z.object({
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
    }),
  ),
  generatedAt: z.string(),
});

/** Collection's internal valuation of a user (the daily digest). */
export const valuationSchema = z.object({
  userId: z.string(),
  asOf: z.string(),
  itemCount: z.number().int(),
  totalValue: cents,
  totalCost: cents,
  totalGainLoss: cents,
  gainLossPercent: z.number(),
  /** The stored daily valuation `days` ago (null when there is none). */
  previous: valuationPointSchema.nullable(),
  change: nullableCents,
  changePercent: z.number().nullable(),
});
export type Valuation = z.infer<typeof valuationSchema>;

/**
 * Collection's internal page of what members hold, watch or set alerts on (catalog reconciles the sizes whose market
 * it reads): in id order, after `after`; `next` is the cursor of the next page (null on the last).
 */
export const marketInterestQuerySchema = z.object({
  after: z.uuid({ message: 'after must be an id' }).optional(),
  limit: positiveInt('limit', 1_000, 1_000),
});
export const marketInterestPageSchema = z.object({
  interests: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      sneakerId: z.string(),
      /** Null: every size (a watched sneaker, an alert on any size). */
      size: z.number().nullable(),
      kind: z.enum(['owned', 'watched', 'alerted']),
    }),
  ),
  next: z.string().nullable(),
});
export type MarketInterestPage = z.infer<typeof marketInterestPageSchema>;

// ---------------------------------------------------------------------------------------------
// Operations (the BFF's OpenAPI document)
// ---------------------------------------------------------------------------------------------

const limitErrors = ['COLLECTION_LIMIT', 'TRIAL_EXPIRED', 'SERVICE_UNAVAILABLE'];
const op = (method: Operation['method'], path: string, summary: string, tag: string, extra: Partial<Operation> = {}): Operation => ({ method, path, summary, tag, access: 'token', ...extra });

export const collectionOperations: Operation[] = [
  op('get', '/api/collections', 'The collection, valued at market prices (or net of a platform’s fees with valuation=net), with its stats', 'collection', {
    query: collectionQuerySchema,
    response: collectionResponseSchema,
    errors: ['PREMIUM_FEATURE'],
  }),
  op('post', '/api/collections', 'Add an item (a catalogue sneaker, or by hand with name and brand)', 'collection', { status: 201, body: createItemBodySchema, response: collectionItemSchema, errors: limitErrors }),
  op('get', '/api/collections/stats', 'Total value, cost and gain or loss (and the net value on a platform)', 'collection', { query: collectionStatsQuerySchema, response: collectionStatsSchema, errors: ['PREMIUM_FEATURE'] }),
  op('post', '/api/collections/items', 'Add several items, all or nothing', 'collection', { status: 201, body: bulkItemsBodySchema, response: z.object({ items: z.array(collectionItemSchema) }), errors: limitErrors }),
  op('get', '/api/collections/export', 'The collection as CSV (columns: COLLECTION_CSV_COLUMNS)', 'collection'),
  op('post', '/api/collections/import', 'Import a CSV file (text/csv body, multipart field "file", or JSON { csv }); nothing is imported if a row is bad', 'collection', {
    status: 201,
    body: importJsonBodySchema,
    otherBodies: importFileBodies,
    response: importResultSchema,
    refusal: importErrorSchema,
    errors: ['INVALID_IMPORT', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', ...limitErrors],
  }),
  op('get', '/api/collections/related/recommendations', 'Recommendations for the collection', 'collection', { query: collectionRelatedQuerySchema, response: relatedAnswerSchema }),
  op('post', '/api/collections/related/generate', 'Generate fresh recommendations', 'collection', { body: generateRelatedBodySchema, response: relatedAnswerSchema }),
  op('get', '/api/collections/related/trending', 'Trending sneakers, without those owned', 'collection', { query: relatedTrendingQuerySchema, response: relatedAnswerSchema }),
  op('get', '/api/collections/{id}', 'One item with its photos', 'collection', { response: collectionItemDetailSchema }),
  op('put', '/api/collections/{id}', 'Change an item (a new size re-prices it; listing puts it on sale)', 'collection', { body: updateItemBodySchema, response: collectionItemSchema }),
  op('delete', '/api/collections/{id}', 'Remove an item (with soldPrice when it was sold)', 'collection', { query: deleteItemQuerySchema }),
  op('get', '/api/collections/{id}/related', 'Sneakers related to an item', 'collection', { query: collectionRelatedQuerySchema, response: relatedAnswerSchema }),
  op('get', '/api/collections/{id}/photos', "An item's photos", 'collection', { response: z.array(photoSchema) }),
  op('post', '/api/collections/{id}/photos', 'Upload a photo (multipart field "photo": JPEG, PNG or WebP, at most 5 MB, 5 per item)', 'collection', {
    status: 201,
    response: photoSchema,
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'PHOTO_LIMIT'],
  }),
  op('get', '/api/collections/{id}/photos/{photoId}', 'A photo (the image itself)', 'collection'),
  op('delete', '/api/collections/{id}/photos/{photoId}', 'Delete a photo', 'collection'),
  op('get', '/api/price-alerts', 'Price alerts with the price each watches', 'alerts', { response: z.array(priceAlertSchema) }),
  op('post', '/api/price-alerts', 'Create a price alert (fires once per crossing of its target; a target equal to the watched price is refused)', 'alerts', {
    status: 201,
    body: priceAlertBodySchema,
    response: priceAlertSchema,
    errors: ['ALERT_LIMIT', 'TARGET_AT_CURRENT_PRICE'],
  }),
  op('patch', '/api/price-alerts/{id}', 'Change the target of a price alert, or pause or resume it', 'alerts', { body: priceAlertUpdateSchema, response: priceAlertSchema, errors: ['TARGET_AT_CURRENT_PRICE'] }),
  op('delete', '/api/price-alerts/{id}', 'Delete a price alert', 'alerts'),
  op('get', '/api/watchlist', 'The watchlist with current prices', 'watchlist', { response: z.array(watchlistEntrySchema) }),
  op('post', '/api/watchlist', 'Watch a sneaker', 'watchlist', { status: 201, body: watchlistBodySchema, response: watchlistEntrySchema, errors: ['ALREADY_ON_WATCHLIST', 'WATCHLIST_LIMIT'] }),
  op('delete', '/api/watchlist/{id}', 'Stop watching a sneaker', 'watchlist'),
  op('get', '/api/user/preferences', 'Preferences and onboarding state', 'preferences', { response: preferencesSchema }),
  op('put', '/api/user/preferences', 'Change preferences', 'preferences', { body: preferencesUpdateSchema, response: preferencesSchema }),
  op('post', '/api/onboarding/complete', 'Finish onboarding with interests', 'preferences', { body: onboardingBodySchema, response: preferencesSchema }),
  op('get', '/api/analytics/user', 'Advanced analytics of the collection (Expert and admins)', 'analytics', { response: userAnalyticsSchema, errors: ['PREMIUM_FEATURE'] }),
  op('get', '/api/analytics/collection/{id}', 'Advanced analytics of one item (Expert and admins)', 'analytics', { response: itemAnalyticsSchema, errors: ['PREMIUM_FEATURE'] }),
  op('get', '/api/dashboard/portfolio-history', 'Daily valuations over a range', 'dashboard', { query: portfolioHistoryQuerySchema, response: portfolioHistorySchema }),
  op('get', '/api/dashboard/activity', 'The newest 10 item, alert and watchlist events', 'dashboard', { response: activityResponseSchema }),
];
