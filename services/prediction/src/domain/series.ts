import { DAY_MS, utcDay, PREDICTION_HISTORY_DAYS, PREDICTION_PRICE_MAX_CENTS, PREDICTION_PRICE_MIN_CENTS } from '@kicksight/contracts';

/** One day of sales: its date (YYYY-MM-DD, UTC), average price (cents) and number of sales. */
export interface DailyPoint {
  date: string;
  averagePrice: number;
  salesVolume: number;
}

/** One sale: its price (cents), when it happened and, when known, its size. */
export interface SalePoint {
  price: number;
  soldAt: string;
  size?: number;
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days since the epoch of a YYYY-MM-DD date or an ISO instant (UTC); NaN when it is neither. */
export function dayNumber(date: string): number {
  const plain = PLAIN_DATE.exec(date);
  if (plain) {
    const [year, month, day] = [Number(plain[1]), Number(plain[2]), Number(plain[3])];
    const at = Date.UTC(year, month - 1, day);
    // Date.UTC rolls invalid days over (2026-02-31): those are not dates.
    return new Date(at).getUTCDate() === day && month >= 1 && month <= 12 ? at / DAY_MS : Number.NaN;
  }
  return Math.floor(Date.parse(date) / DAY_MS);
}
export const dateOfDay = (day: number): string => utcDay(day * DAY_MS);

/** A price the forecast and volatility keep: strictly between $0 and $10,000 (spec 3 §5, §9). */
export const isUsablePrice = (price: number): boolean => Number.isFinite(price) && price > PREDICTION_PRICE_MIN_CENTS && price < PREDICTION_PRICE_MAX_CENTS;

/**
 * The daily series the model reads (spec 3 §5): days whose average price is usable, with a valid
 * date and at least one sale, oldest first, one row per date (the later row wins).
 */
export function cleanDailySeries(days: readonly DailyPoint[]): DailyPoint[] {
  const byDate = new Map<string, DailyPoint>();
  for (const day of days) {
    if (!isUsablePrice(day.averagePrice) || !Number.isFinite(dayNumber(day.date))) continue;
    byDate.set(day.date, { date: day.date, averagePrice: day.averagePrice, salesVolume: Math.max(1, Math.round(day.salesVolume || 1)) });
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The history shown beside the forecast: the days with sales within the latest 20 days (spec 3 §5). */
export function shownHistory(series: readonly DailyPoint[], days = PREDICTION_HISTORY_DAYS): DailyPoint[] {
  const last = series.at(-1);
  if (!last) return [];
  const from = dayNumber(last.date) - days + 1;
  return series.filter((d) => dayNumber(d.date) >= from);
}

/** The days of a series within `days` days up to and including `toDay`. */
export function windowOf(series: readonly DailyPoint[], toDay: number, days: number): DailyPoint[] {
  const from = toDay - days + 1;
  return series.filter((d) => {
    const n = dayNumber(d.date);
    return n >= from && n <= toDay;
  });
}
