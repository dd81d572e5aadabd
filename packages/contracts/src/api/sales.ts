import { z } from 'zod';
import { pageQuery, paginationSchema } from './catalog.ts';
import { CONDITIONS, INVALID_PLATFORM_MESSAGE, MISSING_FIELDS_MESSAGE, collectionItemSchema, importErrorSchema, importFileBodies, importJsonBodySchema } from './collection.ts';
import type { Operation } from './operation.ts';
import { MAX_PRICE_CENTS, PRICE_TOO_HIGH } from '../market.ts';
import { SALE_PLATFORMS, type FeeOptions } from '../fees.ts';

// ---------------------------------------------------------------------------------------------
// The reseller ledger: sales, their summary and tax-year export, imports, the StockX link (amounts in cents)
// ---------------------------------------------------------------------------------------------

export const SALES_PAGE_SIZE = 20;
export const SALES_MAX_PAGE_SIZE = 100;
export const SALES_IMPORT_MAX_ROWS = 2_000;
/** The earliest tax year the ledger reports. */
export const SALES_FIRST_YEAR = 2000;
export const SALE_SOURCES = ['manual', 'csv', 'stockx'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

export const SalesErrorCode = {
  ALREADY_SOLD: 'ALREADY_SOLD',
  NOT_SOLD: 'NOT_SOLD',
  STOCKX_NOT_LINKED: 'STOCKX_NOT_LINKED',
} as const;

export const SALE_BEFORE_PURCHASE_MESSAGE = 'The sale date is before the purchase date';
export const SALE_IN_FUTURE_MESSAGE = 'The sale date is in the future';
export const INVALID_SALE_PRICE_MESSAGE = 'Invalid sale price: enter a whole number of cents greater than 0';
export const FEES_OVER_PRICE_MESSAGE = 'The fees are larger than the sale price';
export const ALREADY_SOLD_MESSAGE = 'This pair is already sold';
export const NOT_SOLD_MESSAGE = 'This pair has no sale to undo';
export const NO_FEE_SCHEDULE_MESSAGE = 'No fee schedule covers this platform on this date: enter the fees';
export const SALES_EXPORT_LOCKED_MESSAGE = 'The tax export and the StockX order import are Expert features. Upgrade to Expert to use them.';
export const LEDGER_LOCKED_MESSAGE = 'Recording sales and net values are Pro and Expert features. Upgrade to use them.';
export const STOCKX_NOT_LINKED_MESSAGE = 'Link your StockX account first';

const missing = (field: string) => `${MISSING_FIELDS_MESSAGE}: ${field}`;
const amount = (field: string, min: number, message = `Invalid ${field}: enter a whole number of cents, ${min === 0 ? '0 or more' : 'greater than 0'}`) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? missing(field) : message) })
    .int(message)
    .min(min, message)
    .max(MAX_PRICE_CENTS, `Invalid ${field}: ${PRICE_TOO_HIGH}`);
const platformSchema = z.enum(SALE_PLATFORMS, { error: (issue) => (issue.input === undefined ? missing('platform') : INVALID_PLATFORM_MESSAGE) });
const soldAtSchema = z.iso
  .date({ error: (issue) => (issue.input === undefined ? missing('soldAt') : 'Invalid sale date: use YYYY-MM-DD') })
  // Sales before the ledger's first tax year would be in no summary and no export.
  .refine((day) => day >= `${SALES_FIRST_YEAR}-01-01`, `Invalid sale date: the ledger keeps sales from ${SALES_FIRST_YEAR} on`);
const yearSchema = z.coerce
  .number({ error: 'year must be a number' })
  .int('year must be a whole number')
  .min(SALES_FIRST_YEAR, `year must be ${SALES_FIRST_YEAR} or later`)
  .max(9999, 'year must have four digits');

/**
 * `POST /collections/{id}/sale`. Without `fees`, the platform's schedule in force on `soldAt` computes
 * them (StockX at the member's seller level); `fees` states the platform's fees in cents instead.
 * `shippingCost` and `otherFees` are the seller's own costs of the sale.
 */
export const saleBodySchema = z
  .object({
    soldAt: soldAtSchema,
    platform: platformSchema,
    salePrice: amount('salePrice', 1, INVALID_SALE_PRICE_MESSAGE),
    /** Shipping the buyer paid on top of the price (part of the proceeds; eBay's final value fee is a share of both). */
    buyerShipping: amount('buyerShipping', 0).default(0),
    shippingCost: amount('shippingCost', 0).default(0),
    otherFees: amount('otherFees', 0).default(0),
    fees: amount('fees', 0).optional(),
  })
  .refine((body) => (body.fees ?? 0) + body.shippingCost + body.otherFees <= body.salePrice + body.buyerShipping, { message: FEES_OVER_PRICE_MESSAGE, path: ['fees'] });
export type SaleBody = z.infer<typeof saleBodySchema>;

export const feeLineSchema = z.object({
  kind: z.enum(['transaction', 'payment_processing', 'commission', 'seller_fee', 'cash_out', 'final_value', 'per_order', 'entered']),
  label: z.string(),
  amount: z.number().int(),
});

const cents = z.number().int();
const nullableCents = cents.nullable();

/** One sale, with what it paid out and earned. */
export const saleSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  size: z.number(),
  sku: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** YYYY-MM-DD; null for an imported sale whose purchase is not known. */
  purchaseDate: z.string().nullable(),
  soldAt: z.string(),
  platform: z.enum(SALE_PLATFORMS),
  salePrice: cents,
  /** Shipping the buyer paid on top of the price. */
  buyerShipping: cents,
  /** The platform's fees, line by line (one `entered` line when the member stated them). */
  fees: z.array(feeLineSchema),
  feesTotal: cents,
  /** The schedule that computed the fees (null when they were entered). */
  feeSchedule: z.object({ version: z.string(), sourceUrl: z.string() }).nullable(),
  shippingCost: cents,
  otherFees: cents,
  /** salePrice + buyerShipping − feesTotal − shippingCost − otherFees. */
  netProceeds: cents,
  /** Null while an imported sale waits for its cost basis (`needsCostBasis`). */
  costBasis: nullableCents,
  /** netProceeds − costBasis. */
  realisedGain: nullableCents,
  /** realisedGain over costBasis, in percent with two decimals. */
  returnOnCost: z.number().nullable(),
  daysHeld: z.number().int().nullable(),
  term: z.enum(['short', 'long']).nullable(),
  source: z.enum(SALE_SOURCES),
  needsCostBasis: z.boolean(),
  createdAt: z.string(),
});
export type SaleView = z.infer<typeof saleSchema>;

/** The answer to recording a sale: the sale and the item, now sold. */
export const recordedSaleSchema = z.object({ sale: saleSchema, item: collectionItemSchema });

export const salesQuerySchema = z.object({
  ...pageQuery(SALES_PAGE_SIZE, SALES_MAX_PAGE_SIZE),
  year: yearSchema.optional(),
  platform: z.enum(SALE_PLATFORMS, { error: INVALID_PLATFORM_MESSAGE }).optional(),
  /** A brand's name, any case. */
  brand: z.string().trim().min(1, 'brand must not be empty').max(100, 'brand must be at most 100 characters').optional(),
});
export type SalesQuery = z.infer<typeof salesQuerySchema>;
export const salesListSchema = paginationSchema.extend({ sales: z.array(saleSchema) });

export const salesYearQuerySchema = z.object({ year: yearSchema.default(() => new Date().getUTCFullYear()) });

const ledgerTotals = {
  sales: z.number().int(),
  revenue: cents,
  /** Every selling cost: the platforms' fees, shipping and other fees (revenue − netProceeds). */
  fees: cents,
  netProceeds: cents,
  /** Cost basis of the pairs sold (0 for a sale still waiting for its cost basis). */
  cost: cents,
  realisedGain: cents,
};

/** `GET /sales/summary?year=`: the year's figures; the export's column sums equal them. */
export const salesSummarySchema = z.object({
  year: z.number().int(),
  ...ledgerTotals,
  /** realisedGain over cost, in percent with two decimals (null without cost). */
  returnOnCost: z.number().nullable(),
  averageDaysHeld: z.number().nullable(),
  /** Pairs sold in the year over those sold plus those still owned or listed, in percent. */
  sellThrough: z.number(),
  /** Sales waiting for a cost basis. */
  incomplete: z.number().int(),
  /** Twelve months, January first (`YYYY-MM`), each with the gain by platform. */
  byMonth: z.array(z.object({ month: z.string(), ...ledgerTotals, byPlatform: z.array(z.object({ platform: z.enum(SALE_PLATFORMS), realisedGain: cents })) })),
  byPlatform: z.array(z.object({ platform: z.enum(SALE_PLATFORMS), ...ledgerTotals })),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/**
 * The tax-year export's columns, in order (money in US dollars with two decimals, dates YYYY-MM-DD).
 * Proceeds, fees, cost basis and gain sum to the summary's revenue, fees, cost and realisedGain.
 */
export const SALES_EXPORT_COLUMNS = [
  { name: 'description', description: 'Name, size and SKU of the pair' },
  { name: 'dateAcquired', description: 'Purchase date (empty when not known)' },
  { name: 'dateSold', description: 'Sale date' },
  { name: 'proceedsUsd', description: 'Sale price' },
  { name: 'costBasisUsd', description: 'Purchase price, shipping and tax' },
  { name: 'feesUsd', description: 'Selling costs: platform fees, shipping, other fees' },
  { name: 'gainUsd', description: 'Proceeds − fees − cost basis' },
  { name: 'term', description: 'short or long (held more than 365 days)' },
  { name: 'platform', description: 'Where it sold' },
] as const;

/**
 * The columns of a sales CSV file (one sold pair a row). Required: name, brand, size, soldAt, platform,
 * salePriceUsd. Without feesUsd, the platform's schedule computes the fees.
 */
export const SALES_IMPORT_COLUMNS = [
  { name: 'name', description: 'Sneaker name (required)' },
  { name: 'brand', description: 'Brand (required)' },
  { name: 'colorway', description: "Colorway (default 'Default')" },
  { name: 'size', description: 'US size (required)' },
  { name: 'sku', description: 'Style code' },
  { name: 'condition', description: `One of ${CONDITIONS.join(', ')} (default new)` },
  { name: 'purchasePriceUsd', description: 'Purchase price; empty when not known (the sale waits for its cost basis)' },
  { name: 'purchaseDate', description: 'YYYY-MM-DD' },
  { name: 'purchasedFrom', description: 'Where it was bought' },
  { name: 'purchaseShippingUsd', description: 'Shipping paid when buying' },
  { name: 'purchaseTaxUsd', description: 'Sales tax paid when buying' },
  { name: 'soldAt', description: 'Sale date, YYYY-MM-DD (required)' },
  { name: 'platform', description: `One of ${SALE_PLATFORMS.join(', ')} (required)` },
  { name: 'salePriceUsd', description: 'Sale price (required)' },
  { name: 'feesUsd', description: "The platform's fees; empty to compute them" },
  { name: 'shippingCostUsd', description: 'Shipping paid when selling' },
  { name: 'otherFeesUsd', description: 'Other selling costs' },
] as const;
export const salesImportResultSchema = z.object({ imported: z.number().int(), sales: z.array(saleSchema) });

/** The member's ledger settings: the StockX seller level and GOAT seller rating the fees use, and the monthly email. */
export const ledgerSettingsSchema = z.object({
  stockxSellerLevel: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  goatSellerRating: z.number().int().min(0).max(100),
  /** The monthly "your reselling month" email (sent only in a month with sales). */
  monthlyReport: z.boolean(),
});
export type LedgerSettings = z.infer<typeof ledgerSettingsSchema>;
export const DEFAULT_LEDGER_SETTINGS: LedgerSettings = { stockxSellerLevel: 1, goatSellerRating: 90, monthlyReport: true };
/** What the fee schedules use of a member's ledger settings: the StockX seller level and the GOAT seller rating. */
export const feeOptionsOf = (settings: LedgerSettings): FeeOptions => ({ stockxSellerLevel: settings.stockxSellerLevel, goatSellerRating: settings.goatSellerRating });
export const ledgerSettingsUpdateSchema = z
  .object({
    stockxSellerLevel: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: 'stockxSellerLevel must be 1 to 5' }).optional(),
    goatSellerRating: z.number({ error: 'goatSellerRating must be 0 to 100' }).int('goatSellerRating must be 0 to 100').min(0, 'goatSellerRating must be 0 to 100').max(100, 'goatSellerRating must be 0 to 100').optional(),
    monthlyReport: z.boolean({ error: 'monthlyReport must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: `${MISSING_FIELDS_MESSAGE}: nothing to update` });

/** `GET /internal/sales/monthly` (collection's internal port): a page of members' figures of one month. */
export const monthlySalesQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'),
  /** The last member id of the previous page (keyset pages, by member id). */
  after: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(1_000).default(500),
});
/** A member's month of sales as the monthly "your reselling month" email shows it (members who turned it off are left out). */
export const monthlySalesSchema = z.object({
  userId: z.string(),
  sales: z.number().int(),
  revenue: cents,
  netProceeds: cents,
  /** Over the sales whose cost basis is known. */
  realisedGain: cents,
  /** Sales waiting for a cost basis. */
  incomplete: z.number().int(),
});
export type MonthlySales = z.infer<typeof monthlySalesSchema>;
export const monthlySalesPageSchema = z.object({ month: z.string(), members: z.array(monthlySalesSchema) });

/** The member's own StockX link (their order history). */
export const memberStockxStatusSchema = z.object({ linked: z.boolean(), linkedAt: z.string().nullable(), lastImportAt: z.string().nullable() });
export const memberStockxLinkSchema = z.object({ authorizationUrl: z.url() });
export const memberStockxCallbackQuerySchema = z.object({
  code: z.string({ error: `${MISSING_FIELDS_MESSAGE}: code` }).min(1).max(2_000),
  state: z.string({ error: `${MISSING_FIELDS_MESSAGE}: state` }).min(1).max(200),
});
/** What an import of StockX's completed orders did: matched to owned pairs, added as sold pairs to complete, or already imported. */
export const stockxImportResultSchema = z.object({ matched: z.number().int(), added: z.number().int(), skipped: z.number().int(), sales: z.array(saleSchema) });

const op = (method: Operation['method'], path: string, summary: string, extra: Partial<Operation> = {}): Operation => ({ method, path, summary, tag: 'sales', access: 'token', ...extra });
const ledgerErrors = ['PREMIUM_FEATURE'];

export const salesOperations: Operation[] = [
  op('post', '/api/collections/{id}/sale', "Record the sale of an owned pair: fees by the platform's schedule unless stated, net proceeds, gain, return and days held (Pro and Expert)", {
    status: 201,
    body: saleBodySchema,
    response: recordedSaleSchema,
    errors: [...ledgerErrors, 'ALREADY_SOLD'],
  }),
  op('delete', '/api/collections/{id}/sale', 'Undo the sale: the pair is owned again', { response: collectionItemSchema, errors: [...ledgerErrors, 'NOT_SOLD'] }),
  op('get', '/api/sales', 'Sold pairs, newest sale first, by year, platform and brand', { query: salesQuerySchema, response: salesListSchema, errors: ledgerErrors }),
  op('get', '/api/sales/summary', "A year's revenue, fees, net, cost, gain, return, days held and sell-through, by month and platform", { query: salesYearQuerySchema, response: salesSummarySchema, errors: ledgerErrors }),
  op('get', '/api/sales/export.csv', "The tax year's sales as CSV (columns: SALES_EXPORT_COLUMNS; header only for a year without sales) (Expert)", { query: salesYearQuerySchema, errors: ledgerErrors }),
  op('post', '/api/sales/import', 'Import past sales from CSV (columns: SALES_IMPORT_COLUMNS); nothing is imported if a row is bad', {
    status: 201,
    body: importJsonBodySchema,
    otherBodies: importFileBodies,
    response: salesImportResultSchema,
    refusal: importErrorSchema,
    errors: [...ledgerErrors, 'INVALID_IMPORT', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
  }),
  op('get', '/api/sales/settings', 'The seller level and rating the fees use, and the monthly email', { response: ledgerSettingsSchema }),
  op('put', '/api/sales/settings', 'Change the ledger settings', { body: ledgerSettingsUpdateSchema, response: ledgerSettingsSchema }),
  op('get', '/api/sales/stockx', "Whether the member's StockX account is linked, and the last import", { response: memberStockxStatusSchema }),
  op('post', '/api/sales/stockx/link', "Start linking the member's StockX account: StockX's consent page (Expert)", { response: memberStockxLinkSchema, errors: [...ledgerErrors, 'STOCKX_NOT_CONFIGURED'] }),
  op('get', '/api/sales/stockx/callback', 'Complete the StockX link from StockX’s redirect (code and state)', {
    query: memberStockxCallbackQuerySchema,
    response: memberStockxStatusSchema,
    errors: [...ledgerErrors, 'STOCKX_NOT_CONFIGURED', 'STOCKX_LINK_STATE_INVALID', 'STOCKX_LINK_REFUSED', 'NOT_FOUND'],
  }),
  op('delete', '/api/sales/stockx', 'Unlink StockX: its tokens are forgotten', { response: memberStockxStatusSchema }),
  op('post', '/api/sales/stockx/import', "Import completed sales from StockX's order history; a second import adds nothing (Expert)", {
    response: stockxImportResultSchema,
    errors: [...ledgerErrors, 'STOCKX_NOT_LINKED', 'STOCKX_NOT_CONFIGURED'],
  }),
];
