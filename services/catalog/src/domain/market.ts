import { DAY_MS, daysBefore, startOfUtcDayMs, utcDay } from '@kicksight/contracts';
import { THIN_MARKET_SALES } from '@kicksight/contracts/provenance';
/**
 * The market rules of one sneaker, as pure functions over its state: how a sale moves a size's
 * market price, its 24-hour change and its price sequence number, how the sneaker's stats follow,
 * and how sales are counted into daily aggregates. The import applies them to every sale in
 * memory; recording a live sale applies them to the stored documents.
 */

/** A size's market price is the median of its last sales, so one odd sale does not swing it. */
export const MARKET_PRICE_WINDOW = 5;
/** A size counts as available when it sold within this many days. */
export const AVAILABLE_WITHIN_DAYS = 60;
/** Recent sale ids a sneaker remembers, so applying a sale twice is recognised. */
export const APPLIED_SALES_MEMORY = 64;

export interface VariantState {
  size: number;
  sizeType: string;
  currentPrice: number | null;
  lastSalePrice: number | null;
  lastSaleAt: Date | null;
  /** Change of the market price against the close of the previous trading day. */
  priceChange24h: number | null;
  /** The market price at the close of the previous trading day. */
  dayRefPrice: number | null;
  /** UTC day of the last sale (YYYY-MM-DD). */
  lastSaleDay: string | null;
  recentPrices: number[];
  /** Grows by one each time the market price changes. */
  seq: number;
  salesCount: number;
  /** Years this size sold in (its daily aggregate documents). */
  years: number[];
  /** Where its market price comes from: the source of its last sale ('replay:stockx-2019-sales.csv', 'stockx-api'). */
  source?: string | null;
  /** Its latest sales' times, newest first (THIN_MARKET_SALES of them: enough to tell a thin market). */
  latestSales?: Date[];
}

export interface SneakerStats {
  averagePrice: number | null;
  lowestPrice: number | null;
  highestPrice: number | null;
  priceChange24h: number | null;
  salesCount: number;
  firstSaleAt: Date | null;
  lastSaleAt: Date | null;
  /** Years any size sold in (the all-sizes daily aggregate documents). */
  years: number[];
}

export interface SaleFacts {
  id: string;
  size: number;
  sizeType: string;
  amount: number;
  soldAt: Date;
  /** The price's provenance ('replay:stockx-2019-sales.csv', 'replay:market-feed', 'stockx-api'). */
  source?: string;
}

/** A size's market price moved (what `price.changed` announces). */
export interface PriceChange {
  size: number;
  price: number;
  previous: number | null;
  seq: number;
  /** The observation behind the price: its source and time (ISO), the sale's or the reading's. */
  source?: string;
  asOf?: string;
  /** Only when a market reading set the price: its highest bid and lowest ask (null where the market had none). */
  highestBid?: number | null;
  lowestAsk?: number | null;
  /** The size's latest sales' times (ISO), newest first: enough to tell a thin market. */
  latestSales?: string[];
}

/** A variant's latest sales' times as price.changed carries them. */
export const latestSalesOf = (variant: Pick<VariantState, 'latestSales'>): string[] => (variant.latestSales ?? []).map((at) => new Date(at).toISOString());

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export const emptyVariant = (size: number, sizeType: string): VariantState => ({
  size,
  sizeType,
  currentPrice: null,
  lastSalePrice: null,
  lastSaleAt: null,
  priceChange24h: null,
  dayRefPrice: null,
  lastSaleDay: null,
  recentPrices: [],
  seq: 0,
  salesCount: 0,
  years: [],
});

/**
 * One sale applied to a sneaker's variants (a new array; the input is not changed). A sale older
 * than the size's last sale is counted but does not move the market price.
 */
export function applySaleToVariants(variants: VariantState[], sale: SaleFacts): { variants: VariantState[]; change: PriceChange | null } {
  const index = variants.findIndex((v) => v.size === sale.size);
  const before = index >= 0 ? variants[index]! : emptyVariant(sale.size, sale.sizeType);
  const year = sale.soldAt.getUTCFullYear();
  const years = (before.years ?? []).includes(year) ? (before.years ?? []) : [...(before.years ?? []), year].sort((a, b) => a - b);
  const latestSales = [...(before.latestSales ?? []), sale.soldAt].sort((a, b) => b.getTime() - a.getTime()).slice(0, THIN_MARKET_SALES);
  const variant: VariantState = { ...before, recentPrices: [...before.recentPrices], salesCount: before.salesCount + 1, years, latestSales };
  let change: PriceChange | null = null;
  if (!before.lastSaleAt || sale.soldAt.getTime() >= before.lastSaleAt.getTime()) {
    const day = utcDay(sale.soldAt);
    if (before.lastSaleDay !== null && day > before.lastSaleDay) variant.dayRefPrice = before.currentPrice;
    variant.lastSaleDay = day;
    variant.lastSalePrice = sale.amount;
    variant.lastSaleAt = sale.soldAt;
    variant.source = sale.source ?? before.source ?? null;
    variant.recentPrices = [...before.recentPrices, sale.amount].slice(-MARKET_PRICE_WINDOW);
    variant.currentPrice = median(variant.recentPrices);
    variant.priceChange24h = variant.dayRefPrice === null ? null : variant.currentPrice - variant.dayRefPrice;
    if (variant.currentPrice !== before.currentPrice) {
      variant.seq = before.seq + 1;
      change = { size: sale.size, price: variant.currentPrice, previous: before.currentPrice, seq: variant.seq, ...(sale.source ? { source: sale.source } : {}), asOf: sale.soldAt.toISOString(), latestSales: latestSalesOf(variant) };
    }
  }
  const next = index >= 0 ? variants.map((v, i) => (i === index ? variant : v)) : [...variants, variant].sort((a, b) => a.size - b.size);
  return { variants: next, change };
}

const mean = (values: number[]): number | null => (values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length));

/** A sneaker's stats from its variants: average, lowest and highest market price across sizes. */
export function statsOf(variants: VariantState[], firstSaleAt: Date | null): SneakerStats {
  const prices = variants.map((v) => v.currentPrice).filter((p): p is number => p !== null);
  const changes = variants.map((v) => v.priceChange24h).filter((c): c is number => c !== null);
  const last = variants.reduce<Date | null>((latest, v) => (v.lastSaleAt && (!latest || v.lastSaleAt > latest) ? v.lastSaleAt : latest), null);
  return {
    averagePrice: mean(prices),
    lowestPrice: prices.length ? Math.min(...prices) : null,
    highestPrice: prices.length ? Math.max(...prices) : null,
    priceChange24h: mean(changes),
    salesCount: variants.reduce((n, v) => n + v.salesCount, 0),
    firstSaleAt,
    lastSaleAt: last,
    years: [...new Set(variants.flatMap((v) => v.years ?? []))].sort((a, b) => a - b),
  };
}

/** The earliest last sale (epoch ms) of a size still counted as available at `now`. */
export const availableSince = (now: Date): number => now.getTime() - AVAILABLE_WITHIN_DAYS * DAY_MS;

export const isAvailable = (variant: { lastSaleAt: Date | null }, now: Date): boolean => variant.lastSaleAt !== null && variant.lastSaleAt.getTime() >= availableSince(now);

// Daily aggregates: one document per sneaker, size (or all sizes) and year, with a count and a
// sum per day under `days.MMDD`.

export interface DayTotals {
  c: number;
  s: number;
}

export const ALL_SIZES = 'all';
export const aggregateIdOf = (sneakerId: string, size: number | null, year: number): string => `${sneakerId}:${size ?? ALL_SIZES}:${year}`;
export const dayKeyOf = (at: Date): string => at.toISOString().slice(5, 10).replace('-', '');

/** The aggregate documents a sale counts into: its size's and the all-sizes one, for its year. */
export function aggregateTargets(sneakerId: string, sale: { size: number; soldAt: Date }): { id: string; size: number | null; year: number; day: string }[] {
  const year = sale.soldAt.getUTCFullYear();
  const day = dayKeyOf(sale.soldAt);
  return [
    { id: aggregateIdOf(sneakerId, sale.size, year), size: sale.size, year, day },
    { id: aggregateIdOf(sneakerId, null, year), size: null, year, day },
  ];
}

export interface DailyRow {
  date: string;
  count: number;
  total: number;
}

interface CalendarDay {
  year: number;
  /** The day's key in its year document (MMDD). */
  key: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** The days before a day, newest first, made once per day (formatting a date costs more than reading a row). */
let calendar: { end: number; days: CalendarDay[] } = { end: Number.NaN, days: [] };
function daysBack(end: number, count: number): CalendarDay[] {
  if (calendar.end !== end) calendar = { end, days: [] };
  for (let i = calendar.days.length; i < count; i++) {
    const iso = new Date(end - i * DAY_MS).toISOString();
    calendar.days.push({ year: Number(iso.slice(0, 4)), key: iso.slice(5, 7) + iso.slice(8, 10), date: iso.slice(0, 10) });
  }
  return calendar.days;
}

/**
 * The days of a window that had sales, newest first, from the year documents that cover it
 * (`docs` maps a year to its days).
 */
export function dailyRows(docs: Map<number, Record<string, DayTotals>>, today: Date, days: number): DailyRow[] {
  const rows: DailyRow[] = [];
  const calendarDays = daysBack(startOfUtcDayMs(today), days);
  for (let i = 0; i < days; i++) {
    const day = calendarDays[i]!;
    const totals = docs.get(day.year)?.[day.key];
    if (totals && totals.c > 0) rows.push({ date: day.date, count: totals.c, total: totals.s });
  }
  return rows;
}

/**
 * The years a window of `days` days ending today spans, newest first, among the years with sales
 * (only documents that exist are read: FerretDB answers a miss by scanning the collection).
 */
export function yearsOfWindow(today: Date, days: number, withSales: number[]): number[] {
  const last = today.getUTCFullYear();
  const first = daysBefore(today, days - 1).getUTCFullYear();
  const years: number[] = [];
  for (let y = last; y >= first; y--) if (withSales.includes(y)) years.push(y);
  return years;
}

// Recent sales are also kept in pages of rows per sneaker, numbered by each sale's sequence within
// its sneaker, so the newest-first list is read by key.

export const SALE_PAGE_ROWS = 200;
export const salePageIdOf = (sneakerId: string, index: number): string => `${sneakerId}:${index}`;

/** The sale sequence numbers of one page of the newest-first list, and the row pages holding them. */
export function recentWindow(total: number, page: number, limit: number): { seqs: number[]; pages: number[] } {
  const newest = total - 1 - (page - 1) * limit;
  const seqs: number[] = [];
  for (let seq = newest; seq > newest - limit && seq >= 0; seq--) seqs.push(seq);
  const pages = [...new Set(seqs.map((s) => Math.floor(s / SALE_PAGE_ROWS)))];
  return { seqs, pages };
}
