import { countOf, formatChange, formatDate, formatMoney } from '../format.ts';

export interface PricePoint {
  date: string;
  price: number;
  volume: number;
}

/** The text summary of a price history: '30-day average $412, up 8%'. */
export function historySummary(points: PricePoint[], days: number): string {
  if (points.length < 2) return 'Not enough sales in this range to draw a chart.';
  const average = points.reduce((sum, p) => sum + p.price, 0) / points.length;
  const first = points[0]!.price;
  const last = points.at(-1)!.price;
  const change = first ? ((last - first) / first) * 100 : 0;
  const direction = Math.abs(change) < 0.5 ? 'flat' : change > 0 ? `up ${Math.abs(change).toFixed(0)}%` : `down ${Math.abs(change).toFixed(0)}%`;
  return `${days}-day average ${formatMoney(average)}, ${direction}`;
}

/** The text summary of a forecast: where the path ends and its 80% band. */
export function forecastSummary(predicted: number, lower80: number, upper80: number, days: number): string {
  return `${days}-day forecast ${formatMoney(predicted)}, 80% likely between ${formatMoney(lower80)} and ${formatMoney(upper80)}`;
}

/** Daily sales rows (either field spelling) as chart points, oldest first, dropping prices outside 0 < p < $10,000. */
export function pricePointsOf(rows: { date: string; average_price?: number; averagePrice?: number; sales_volume?: number; salesVolume?: number }[]): PricePoint[] {
  return rows
    .map((row) => ({ date: row.date, price: row.average_price ?? row.averagePrice ?? 0, volume: row.sales_volume ?? row.salesVolume ?? 0 }))
    .filter((p) => p.price > 0 && p.price < 1_000_000)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** A day's value of the collection (cents), as the portfolio history gives it. */
export interface ValuePoint {
  date: string;
  totalValue: number;
  totalCost: number;
}

export const PORTFOLIO_TOO_SHORT = "Your collection's value is recorded once a day: its chart starts once there are two days to compare.";

/** The text summary of a portfolio history: 'Value $1,240, +$40 (+3.3%) since Oct 28, 2026'. */
export function portfolioSummary(points: ValuePoint[]): string {
  if (points.length < 2) return PORTFOLIO_TOO_SHORT;
  const first = points[0]!;
  const last = points.at(-1)!;
  const change = last.totalValue - first.totalValue;
  const percent = first.totalValue ? (change / first.totalValue) * 100 : null;
  return `Value ${formatMoney(last.totalValue)}, ${formatChange(change, percent)} since ${formatDate(first.date)}`;
}

/** A month's realised gain (cents), in parts by series (a platform each). */
export interface MonthGain {
  /** YYYY-MM. */
  month: string;
  total: number;
  parts: { key: string; value: number }[];
}

/** 'Mar', or 'March 2026' in full. */
export function monthLabel(month: string, full = false): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return date.toLocaleDateString('en-US', full ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' });
}

export const NO_GAIN_YET = 'No sales this year yet: the chart starts with the first sale.';

/** The text summary of a year's gain by month: 'Realised gain $1,240 over 3 months; best month March 2026 ($400)'. */
export function monthlyGainSummary(months: MonthGain[]): string {
  const active = months.filter((m) => m.parts.some((part) => part.value !== 0));
  if (active.length === 0) return NO_GAIN_YET;
  const total = months.reduce((sum, m) => sum + m.total, 0);
  const best = active.reduce((a, b) => (b.total > a.total ? b : a));
  return `Realised gain ${formatMoney(total)} over ${countOf(active.length, 'month')}; best month ${monthLabel(best.month, true)} (${formatMoney(best.total)})`;
}
