// Marketplace fee schedules: plain data without zod, so the web's Sell dialog computes fees as the member types.
// Amounts are integer cents; rates are basis points (1 bp = 0.01 %), so every fee is whole-number arithmetic.

export const SALE_PLATFORMS = ['stockx', 'goat', 'ebay', 'other'] as const;
export type SalePlatform = (typeof SALE_PLATFORMS)[number];
/** The platforms with a published fee schedule (a sale elsewhere states its fees). */
export const FEE_PLATFORMS = ['stockx', 'goat', 'ebay'] as const;
export type FeePlatform = (typeof FEE_PLATFORMS)[number];
export const PLATFORM_LABELS: Record<SalePlatform, string> = { stockx: 'StockX', goat: 'GOAT / Alias', ebay: 'eBay', other: 'Other' };

export const STOCKX_SELLER_LEVELS = [1, 2, 3, 4, 5] as const;
export type StockxSellerLevel = (typeof STOCKX_SELLER_LEVELS)[number];
export const DEFAULT_STOCKX_SELLER_LEVEL: StockxSellerLevel = 1;
/** GOAT's seller rating: every seller starts at 90; cancellations lower it. */
export const DEFAULT_GOAT_SELLER_RATING = 90;

export type FeeKind = 'transaction' | 'payment_processing' | 'commission' | 'seller_fee' | 'cash_out' | 'final_value' | 'per_order' | 'entered';
/** One line of a sale's fees. */
export interface FeeLine {
  kind: FeeKind;
  label: string;
  /** Cents. */
  amount: number;
}

interface ScheduleBase {
  /** `<platform>-<effectiveFrom>`: what a sale records as the schedule it used. */
  version: string;
  /** First day the schedule applies (YYYY-MM-DD); it applies until the next version's first day. */
  effectiveFrom: string;
  /** The platform's own page the figures were read from, and the day they were read. */
  sourceUrl: string;
  readOn: string;
  note?: string;
}

export interface StockxSchedule extends ScheduleBase {
  platform: 'stockx';
  /** Transaction fee by seller level, with the quarterly sales (count or dollars) a level needs. */
  levels: ReadonlyArray<{ level: StockxSellerLevel; quarterlySales: number; quarterlySalesCents: number; transactionBps: number }>;
  paymentProcessingBps: number;
  /** The smallest transaction fee (US sellers). */
  minimumTransactionFee: number;
}

export interface GoatSchedule extends ScheduleBase {
  platform: 'goat';
  /** Commission by seller rating: the first row whose minimum the rating reaches. */
  commission: ReadonlyArray<{ minRating: number; bps: number }>;
  /** Seller fee per sale by the seller's location. */
  sellerFee: Readonly<Record<'US' | 'OTHER', number>>;
  /** Charged on the earnings when they are cashed out. */
  cashOutBps: number;
}

export interface EbaySchedule extends ScheduleBase {
  platform: 'ebay';
  /**
   * Athletic sneakers: the first band whose minimum the pair's price reaches. Its final value fee is a share
   * of the total the buyer pays, the price plus the shipping the buyer pays, less sales tax (EBAY_FINAL_VALUE_BASE_URL).
   */
  bands: ReadonlyArray<{ minPrice: number; finalValueBps: number; perOrderFee: number }>;
}

export type FeeSchedule = StockxSchedule | GoatSchedule | EbaySchedule;

/** eBay's own page on what its final value fee is a share of: "the total amount the buyer pays, including shipping and handling", sales tax left out. */
export const EBAY_FINAL_VALUE_BASE_URL = 'https://export.ebay.com/en/start-sell/seller-fees/final-value-fees/';

const STOCKX_FEES_URL = 'https://stockx.com/help/articles/what-are-stockxs-fees-for-sellers';

/**
 * Every schedule, oldest first per platform. A change of rates is a new row with its own first day;
 * a published row is never edited in place, so a past sale keeps the fees of its day.
 */
export const FEE_SCHEDULES: readonly FeeSchedule[] = [
  {
    platform: 'stockx',
    version: 'stockx-2021-08-01',
    effectiveFrom: '2021-08-01',
    sourceUrl: 'https://stockx.com/news/the-stockx-seller-program-is-here/',
    readOn: '2026-11-27',
    note: 'The Seller Program (quarterly levels, a fifth level); the levels and rates it replaced on July 1, 2023 as soleretriever.com/news/articles/stockx-lower-selling-fees-higher-seller-level-requirements-2023 lists them.',
    levels: [
      { level: 1, quarterlySales: 0, quarterlySalesCents: 0, transactionBps: 1000 },
      { level: 2, quarterlySales: 3, quarterlySalesCents: 50_000, transactionBps: 950 },
      { level: 3, quarterlySales: 6, quarterlySalesCents: 150_000, transactionBps: 900 },
      { level: 4, quarterlySales: 25, quarterlySalesCents: 500_000, transactionBps: 850 },
      { level: 5, quarterlySales: 250, quarterlySalesCents: 30_000_000, transactionBps: 800 },
    ],
    paymentProcessingBps: 300,
    minimumTransactionFee: 500,
  },
  {
    platform: 'stockx',
    version: 'stockx-2023-07-01',
    effectiveFrom: '2023-07-01',
    sourceUrl: STOCKX_FEES_URL,
    readOn: '2026-11-27',
    note: 'Base rates 1 % lower at every level, higher level requirements (from July 1, 2023).',
    levels: [
      { level: 1, quarterlySales: 0, quarterlySalesCents: 0, transactionBps: 900 },
      { level: 2, quarterlySales: 12, quarterlySalesCents: 150_000, transactionBps: 850 },
      { level: 3, quarterlySales: 40, quarterlySalesCents: 500_000, transactionBps: 800 },
      { level: 4, quarterlySales: 200, quarterlySalesCents: 2_500_000, transactionBps: 750 },
      { level: 5, quarterlySales: 800, quarterlySalesCents: 10_000_000, transactionBps: 700 },
    ],
    paymentProcessingBps: 300,
    minimumTransactionFee: 500,
  },
  {
    platform: 'goat',
    version: 'goat-2020-10-07',
    effectiveFrom: '2020-10-07',
    sourceUrl: 'https://www.goat.com/fees-old',
    readOn: '2026-11-27',
    note: 'Commission 9.5 % + seller fee at a rating of 90 or more (15 % at 70-89, 20 % at 50-69, 25 % below 50); 2.9 % to cash out since October 7, 2020 (support.flightclub.com/hc/en-us/articles/360043032132).',
    commission: [
      { minRating: 90, bps: 950 },
      { minRating: 70, bps: 1500 },
      { minRating: 50, bps: 2000 },
      { minRating: 0, bps: 2500 },
    ],
    sellerFee: { US: 500, OTHER: 3000 },
    cashOutBps: 290,
  },
  {
    platform: 'ebay',
    version: 'ebay-2020-10-15',
    effectiveFrom: '2020-10-15',
    sourceUrl: 'https://9to5toys.com/2020/12/18/ebay-sneaker-authenticity-guarantee/',
    readOn: '2026-11-27',
    note: 'Authenticity Guarantee sneakers of $100 or more sell without a final value fee; below, the standard 12.9 % + $0.30.',
    bands: [
      { minPrice: 10_000, finalValueBps: 0, perOrderFee: 0 },
      { minPrice: 0, finalValueBps: 1290, perOrderFee: 30 },
    ],
  },
  {
    platform: 'ebay',
    version: 'ebay-2022-10-01',
    effectiveFrom: '2022-10-01',
    sourceUrl: 'https://www.ecommercebytes.com/2022/09/27/ebay-hikes-sneaker-fees-will-charge-buyers-14-95-pair-shipping/',
    readOn: '2026-11-27',
    note: 'Sneakers of $150 or more: 8 % final value fee and no per-order fee; below, the standard 12.9 % + $0.30.',
    bands: [
      { minPrice: 15_000, finalValueBps: 800, perOrderFee: 0 },
      { minPrice: 0, finalValueBps: 1290, perOrderFee: 30 },
    ],
  },
];

/** The schedule of `platform` in force on `date` (YYYY-MM-DD), or undefined before its first one. */
export function scheduleInForce(platform: FeePlatform, date: string): FeeSchedule | undefined {
  let inForce: FeeSchedule | undefined;
  for (const schedule of FEE_SCHEDULES) if (schedule.platform === platform && schedule.effectiveFrom <= date) inForce = schedule;
  return inForce;
}

export const isFeePlatform = (platform: string): platform is FeePlatform => (FEE_PLATFORMS as readonly string[]).includes(platform);

export interface FeeOptions {
  stockxSellerLevel?: StockxSellerLevel;
  goatSellerRating?: number;
  /** GOAT's seller fee depends on where the seller is. */
  sellerLocation?: 'US' | 'OTHER';
  /** GOAT's cash-out fee applies when the earnings are cashed out (the default) rather than kept as credit. */
  goatCashOut?: boolean;
  /** Shipping the buyer paid on top of the price (cents): eBay's final value fee is a share of both. */
  buyerShipping?: number;
}

export interface ComputedFees {
  /** The schedule used, or null where none applies (another platform, or a date before the first schedule). */
  schedule: { platform: FeePlatform; version: string; sourceUrl: string } | null;
  lines: FeeLine[];
  total: number;
}

/** `amount` × `bps` / 10 000, rounded half up to the cent. */
export const percentOf = (amount: number, bps: number): number => Math.floor((amount * bps + 5_000) / 10_000);

const bps = (value: number): string => `${(value / 100).toString()} %`;

function stockxLines(schedule: StockxSchedule, price: number, options: FeeOptions): FeeLine[] {
  const level = options.stockxSellerLevel ?? DEFAULT_STOCKX_SELLER_LEVEL;
  const row = schedule.levels.find((candidate) => candidate.level === level) ?? schedule.levels[0]!;
  return [
    { kind: 'transaction', label: `Transaction fee (level ${row.level}, ${bps(row.transactionBps)})`, amount: Math.max(percentOf(price, row.transactionBps), schedule.minimumTransactionFee) },
    { kind: 'payment_processing', label: `Payment processing (${bps(schedule.paymentProcessingBps)})`, amount: percentOf(price, schedule.paymentProcessingBps) },
  ];
}

function goatLines(schedule: GoatSchedule, price: number, options: FeeOptions): FeeLine[] {
  const rating = options.goatSellerRating ?? DEFAULT_GOAT_SELLER_RATING;
  const commission = schedule.commission.find((row) => rating >= row.minRating) ?? schedule.commission[schedule.commission.length - 1]!;
  const commissionFee = percentOf(price, commission.bps);
  const sellerFee = schedule.sellerFee[options.sellerLocation ?? 'US'];
  const lines: FeeLine[] = [
    { kind: 'commission', label: `Commission (${bps(commission.bps)})`, amount: commissionFee },
    { kind: 'seller_fee', label: 'Seller fee', amount: sellerFee },
  ];
  if (options.goatCashOut ?? true) {
    const earnings = Math.max(price - commissionFee - sellerFee, 0);
    lines.push({ kind: 'cash_out', label: `Cash-out fee (${bps(schedule.cashOutBps)})`, amount: percentOf(earnings, schedule.cashOutBps) });
  }
  return lines;
}

function ebayLines(schedule: EbaySchedule, price: number, options: FeeOptions): FeeLine[] {
  const band = schedule.bands.find((row) => price >= row.minPrice) ?? schedule.bands[schedule.bands.length - 1]!;
  const buyerPays = price + (options.buyerShipping ?? 0);
  const lines: FeeLine[] = [{ kind: 'final_value', label: `Final value fee (${bps(band.finalValueBps)})`, amount: percentOf(buyerPays, band.finalValueBps) }];
  if (band.perOrderFee > 0) lines.push({ kind: 'per_order', label: 'Per-order fee', amount: band.perOrderFee });
  return lines;
}

/**
 * The fees `platform` takes from a sale at `salePrice` cents on `saleDate` (YYYY-MM-DD), line by line,
 * by the schedule in force that day. Another platform, or a date before the first schedule: no lines.
 */
export function computeFees(platform: SalePlatform, saleDate: string, salePrice: number, options: FeeOptions = {}): ComputedFees {
  const schedule = isFeePlatform(platform) ? scheduleInForce(platform, saleDate) : undefined;
  if (!schedule) return { schedule: null, lines: [], total: 0 };
  const lines =
    schedule.platform === 'stockx' ? stockxLines(schedule, salePrice, options) : schedule.platform === 'goat' ? goatLines(schedule, salePrice, options) : ebayLines(schedule, salePrice, options);
  return {
    schedule: { platform: schedule.platform, version: schedule.version, sourceUrl: schedule.sourceUrl },
    lines,
    total: lines.reduce((sum, line) => sum + line.amount, 0),
  };
}
