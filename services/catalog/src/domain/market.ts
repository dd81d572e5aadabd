import { DAY_MS, daysBefore, startOfUtcDayMs } from '@kicksight/contracts';
import { THIN_MARKET_SALES } from '@kicksight/contracts/provenance';
/**
 * The market rules of one sneaker, as pure functions over its state: how a sale moves a size's
 * market price and its price sequence number, what its 24-hour change is at a moment, how the sneaker's stats follow,
 * and how sales are counted into daily aggregates. The import applies them to every sale in
 * memory; recording a live sale applies them to the stored documents.
 */

/** A size's market price is the median of its last sales, so one odd sale does not swing it. */
export const MARKET_PRICE_WINDOW = 5;
/** A size counts as available when it sold within this many days. */
export const AVAILABLE_WITHIN_DAYS = 60;
/** Recent sale ids a sneaker remembers, so applying a sale twice is recognised. */
export const APPLIED_SALES_MEMORY = 64;
/** The 24-hour change compares the market price with the price this long before. */
export const CHANGE_WINDOW_MS = DAY_MS;
/** Price moves a size remembers at most (the one the window starts from, and those within it). */
export const PRICE_MARKS_MEMORY = 64;

/** A size's market price as it was set at a moment. */
export interface PriceMark {
  at: Date;
  price: number;
}

export interface VariantState {
  size: number;
  sizeType: string;
  currentPrice: number | null;
  lastSalePrice: number | null;
  lastSaleAt: Date | null;
  /** Change of the market price over the 24 hours before its latest move (what it is later: variantChange24h). */
  priceChange24h: number | null;
  /** Its market price moves since the one in force 24 hours before the latest, oldest first. */
  priceMarks?: PriceMark[];
  /** Sizes stored before their moves were kept: the market price at the close of the day before their last sale's. */
  dayRefPrice?: number | null;
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
  priceMarks: [],
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
    variant.lastSalePrice = sale.amount;
    variant.lastSaleAt = sale.soldAt;
    variant.source = sale.source ?? before.source ?? null;
    variant.recentPrices = [...before.recentPrices, sale.amount].slice(-MARKET_PRICE_WINDOW);
    const price = median(variant.recentPrices);
    Object.assign(variant, priceSet(before, price, sale.soldAt));
    if (price !== before.currentPrice) {
      variant.seq = before.seq + 1;
      change = { size: sale.size, price, previous: before.currentPrice, seq: variant.seq, ...(sale.source ? { source: sale.source } : {}), asOf: sale.soldAt.toISOString(), latestSales: latestSalesOf(variant) };
    }
  }
  const next = index >= 0 ? variants.map((v, i) => (i === index ? variant : v)) : [...variants, variant].sort((a, b) => a.size - b.size);
  return { variants: next, change };
}

const mean = (values: number[]): number | null => (values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length));
const ms = (at: Date | string | number) => new Date(at).getTime();

type ChangeInputs = Pick<VariantState, 'currentPrice' | 'lastSaleAt' | 'priceChange24h' | 'priceMarks' | 'dayRefPrice'>;

/** A size's moves, with those of a size stored before they were kept read from its last sale and the day before. */
function marksOf(variant: ChangeInputs): PriceMark[] {
  if (variant.priceMarks?.length) return variant.priceMarks;
  const { currentPrice, dayRefPrice } = variant;
  if (typeof currentPrice !== 'number') return [];
  const dayBefore = typeof dayRefPrice === 'number' ? [{ at: new Date(0), price: dayRefPrice }] : [];
  return [...dayBefore, { at: variant.lastSaleAt ?? new Date(0), price: currentPrice }];
}

/** The moves a size keeps: the one in force 24 hours before its latest, and every later one. */
function rememberedMarks(marks: PriceMark[]): PriceMark[] {
  const sorted = [...marks].sort((a, b) => ms(a.at) - ms(b.at));
  const windowStart = ms(sorted.at(-1)!.at) - CHANGE_WINDOW_MS;
  const within = sorted.filter((m) => ms(m.at) > windowStart);
  const start = sorted.filter((m) => ms(m.at) <= windowStart).at(-1);
  return [...(start ? [start] : []), ...within.slice(-(PRICE_MARKS_MEMORY - 1))];
}

/** A size's market price set at a moment: a move is remembered, and its 24-hour change taken as of then. */
export function priceSet(before: VariantState, price: number, at: Date): Pick<VariantState, 'currentPrice' | 'priceMarks' | 'priceChange24h'> {
  const marks = marksOf(before);
  const moved = { ...before, currentPrice: price, priceMarks: price === before.currentPrice && marks.length ? marks : rememberedMarks([...marks, { at, price }]) };
  return { currentPrice: price, priceMarks: moved.priceMarks, priceChange24h: variantChange24h(moved, at) };
}

/**
 * A size's 24-hour change at a moment: its market price against the price in force 24 hours before
 * (0 when nothing moved it since; null when it had no price then). A size stored before its moves
 * were kept shows the change stored at its last sale while that sale is under 24 hours old.
 */
export function variantChange24h(variant: ChangeInputs, now: Date): number | null {
  const price = variant.currentPrice;
  if (typeof price !== 'number') return null;
  const windowStart = now.getTime() - CHANGE_WINDOW_MS;
  if (!variant.priceMarks?.length) return variant.lastSaleAt && ms(variant.lastSaleAt) > windowStart ? (variant.priceChange24h ?? null) : 0;
  const reference = variant.priceMarks.filter((m) => ms(m.at) <= windowStart).at(-1);
  return reference ? price - reference.price : null;
}

/** A sneaker's 24-hour change at a moment: the mean of its sizes' (null when none has one). */
export const sneakerChange24h = (variants: ChangeInputs[], now: Date): number | null =>
  mean(variants.map((v) => variantChange24h(v, now)).filter((c): c is number => c !== null));

/** A sneaker's 24-hour change from a moment on: `change` until `until` (epoch ms), then the next step's; the last step (`until` null) lasts. */
export interface ChangeStep {
  until: number | null;
  change: number | null;
}

/** The moments a size's 24-hour change can step at while nothing moves it: as each move leaves the window. */
const changeEnds = (variant: ChangeInputs): number[] =>
  variant.priceMarks?.length ? variant.priceMarks.map((m) => ms(m.at) + CHANGE_WINDOW_MS) : variant.lastSaleAt ? [ms(variant.lastSaleAt) + CHANGE_WINDOW_MS] : [];

/** How a sneaker's 24-hour change runs on while none of its sizes moves, for readers that hold no sizes (search summaries). */
export function changeSteps(variants: ChangeInputs[]): ChangeStep[] {
  const ends = [...new Set(variants.flatMap(changeEnds))].sort((a, b) => a - b);
  const steps: ChangeStep[] = [];
  for (const until of [...ends, null]) {
    const change = sneakerChange24h(variants, new Date(until === null ? (ends.at(-1) ?? 0) : until - 1));
    const previous = steps.at(-1);
    if (previous && previous.change === change) previous.until = until;
    else steps.push({ until, change });
  }
  return steps;
}

/** The step in force at a moment. */
const stepAt = (steps: readonly ChangeStep[], now: Date): ChangeStep | undefined => steps.find((s) => s.until === null || now.getTime() < s.until);

/** A sneaker's 24-hour change at a moment, from its steps. */
export const changeAt = (steps: readonly ChangeStep[], now: Date): number | null => stepAt(steps, now)?.change ?? null;

/** Until when (epoch ms) the change read at a moment holds (Infinity: for good). */
export const changeHoldsUntil = (steps: readonly ChangeStep[], now: Date): number => stepAt(steps, now)?.until ?? Infinity;

/** A sneaker's stats from its variants: average, lowest and highest market price across sizes. */
export function statsOf(variants: VariantState[], firstSaleAt: Date | null): SneakerStats {
  const prices = variants.map((v) => v.currentPrice).filter((p): p is number => p !== null);
  const last = variants.reduce<Date | null>((latest, v) => (v.lastSaleAt && (!latest || v.lastSaleAt > latest) ? v.lastSaleAt : latest), null);
  return {
    averagePrice: mean(prices),
    lowestPrice: prices.length ? Math.min(...prices) : null,
    highestPrice: prices.length ? Math.max(...prices) : null,
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
