import type { BandLevel } from '@kicksight/contracts';
import { cleanDailySeries, dayNumber, windowOf, type DailyPoint } from './series.ts';

/** One sale of a backtest file: its sneaker, its size (when the file has one), its day and its price in cents. */
export interface BacktestSale {
  sneaker: string;
  size?: string;
  date: string;
  price: number;
}

/** What one series is: a sneaker with every size pooled, or one size of a sneaker. */
export type SeriesKeying = 'sneaker' | 'size';

export interface BacktestOptions {
  /** Days ahead each forecast reaches. */
  horizon: number;
  /** Days between forecast origins. */
  step: number;
  /** Days of history a forecast is fitted on. */
  windowDays: number;
  /** Days with sales needed before a forecast is made ... */
  minDataPoints: number;
  /** ... within this many days before the origin (the fit window unless given: set it to compare windows on the same origins). */
  eligibleWithinDays?: number;
  /** One series per sneaker (default) or per sneaker and size. */
  by?: SeriesKeying;
  /** At most this many series, evenly spread over the series in name order (for the slow peers); every series when absent. */
  maxSeries?: number;
}

/** A realised day after an origin: how many days after it, its average price and its number of sales. */
export interface RealisedDay {
  h: number;
  price: number;
  trades: number;
}

/** One forecast to make and score: the history up to and including the origin day, and what came after it. */
export interface ForecastTask {
  series: string;
  /** The origin's day number: the forecast knows the days up to and including it, nothing later. */
  origin: number;
  history: readonly DailyPoint[];
  /** Per size: the sneaker's daily sales (every size) within the same window up to the origin, as the product has them when it forecasts the size. */
  sneakerHistory?: readonly DailyPoint[];
  realised: readonly RealisedDay[];
}

/** A method's forecast of one task: the point and the bands at each realised day, in the order of `task.realised`. */
export interface TaskForecast {
  point: number[];
  bands: Record<BandLevel, { lower: number[]; upper: number[] }>;
}

export interface SeriesInfo {
  name: string;
  /** Days with sales. */
  days: number;
  trades: number;
}

/** The name of the series a sale belongs to. */
export const seriesKeyOf = (sale: BacktestSale, by: SeriesKeying = 'sneaker'): string =>
  by === 'size' ? `${sale.sneaker} | size ${sale.size?.trim() || 'unknown'}` : sale.sneaker;

/** Daily series (average price and number of sales per day) of each sneaker, or each sneaker and size, in a file of sales. */
export function dailySeriesOf(sales: readonly BacktestSale[], by: SeriesKeying = 'sneaker'): Map<string, DailyPoint[]> {
  const totals = new Map<string, Map<string, { total: number; count: number }>>();
  for (const sale of sales) {
    const key = seriesKeyOf(sale, by);
    const days = totals.get(key) ?? new Map<string, { total: number; count: number }>();
    totals.set(key, days);
    const day = days.get(sale.date) ?? { total: 0, count: 0 };
    day.total += sale.price;
    day.count += 1;
    days.set(sale.date, day);
  }
  const series = new Map<string, DailyPoint[]>();
  for (const [name, days] of [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    series.set(name, cleanDailySeries([...days].map(([date, d]) => ({ date, averagePrice: Math.round(d.total / d.count), salesVolume: d.count }))));
  }
  return series;
}

/** The rules that decide which origins are forecast, in words (the backtest prints them). */
export function eligibilityRules(options: BacktestOptions): string[] {
  const within = options.eligibleWithinDays ?? options.windowDays;
  return [
    options.by === 'size'
      ? 'series: one per sneaker and size (a day\'s price is the average of that size\'s sales that day)'
      : 'series: one per sneaker, every size pooled (a day\'s price is the average of whichever sizes sold that day; --by size keys by size)',
    `origins: every ${options.step} days from ${options.step} days after a series' first sale to before its last; each forecast sees only days up to and including its origin`,
    `an origin is forecast when the series has at least ${options.minDataPoints} days with sales within the ${within} days up to it${within === options.windowDays ? '' : ` and within the ${options.windowDays}-day fit window`}, and at least one day with sales in the ${options.horizon} days after it`,
    ...(options.by === 'size'
      ? ["the model forecasts each size as the product serves it: from the size's own sales when it has enough, else from the sneaker's sales (every size, the same window up to the origin) and the size's premium over them"]
      : []),
    'every such origin is scored for every method (no series or origin is dropped for being hard); methods fit on the same history',
    ...(options.maxSeries === undefined
      ? []
      : [`at most ${options.maxSeries} series: evenly spread over every series in name order (the k-th of each run of equal length), chosen before any forecast is made`]),
  ];
}

/** The series kept when at most `max` are asked for: evenly spread over every series in name order. */
export function spreadSubset<T>(items: readonly T[], max?: number): T[] {
  if (max === undefined || items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.floor(((i + 0.5) * items.length) / max)]!);
}

/** Every forecast the rolling-origin backtest makes, series by series (in name order), origin by origin. */
export function backtestTasks(sales: readonly BacktestSale[], options: BacktestOptions): { series: SeriesInfo[]; tasks: ForecastTask[] } {
  const series: SeriesInfo[] = [];
  const tasks: ForecastTask[] = [];
  const bySize = options.by === 'size';
  const sneakerSeries = bySize ? dailySeriesOf(sales, 'sneaker') : undefined;
  const sneakerOf = new Map(sales.map((sale) => [seriesKeyOf(sale, options.by), sale.sneaker]));
  for (const [name, points] of spreadSubset([...dailySeriesOf(sales, options.by)], options.maxSeries)) {
    if (points.length === 0) continue;
    series.push({ name, days: points.length, trades: points.reduce((n, p) => n + p.salesVolume, 0) });
    const days = points.map((d) => dayNumber(d.date));
    const first = days[0]!;
    const last = days.at(-1)!;
    for (let origin = first + options.step; origin < last; origin += options.step) {
      const history = windowOf(points, origin, options.windowDays);
      if (history.length < options.minDataPoints) continue;
      if (windowOf(points, origin, options.eligibleWithinDays ?? options.windowDays).length < options.minDataPoints) continue;
      const realised: RealisedDay[] = [];
      for (let i = 0; i < points.length; i++) {
        const h = days[i]! - origin;
        if (h >= 1 && h <= options.horizon) realised.push({ h, price: points[i]!.averagePrice, trades: points[i]!.salesVolume });
      }
      if (realised.length === 0) continue;
      const sneakerDays = sneakerSeries?.get(sneakerOf.get(name)!);
      tasks.push({ series: name, origin, history, ...(sneakerDays ? { sneakerHistory: windowOf(sneakerDays, origin, options.windowDays) } : {}), realised });
    }
  }
  return { series, tasks };
}
