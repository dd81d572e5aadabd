import type { ForecastAccuracy, RecentSale, SneakerDetail, Variant } from './api.ts';
import type { SizeBasis } from '@kicksight/contracts';
import type { CreateItem } from '../collection/index.ts';
import { ApiError } from '../../api/errors.ts';

const DEFAULT_SIZE = 10;
const RECENT_SALES_SHOWN = 10;

/** The item created from the detail page (spec 3 §3). */
export function addPayloadOf(sneaker: SneakerDetail, size: number | null, today: string): CreateItem {
  const variant = size === null ? undefined : sneaker.variants.find((v) => v.size === size);
  return {
    sneakerId: sneaker.id,
    colorway: sneaker.colorway || 'Default',
    size: size ?? DEFAULT_SIZE,
    purchasePrice: variant?.currentPrice ?? sneaker.stats.averagePrice ?? 0,
    purchaseDate: today,
    condition: 'new',
    notes: `Added from product details on ${today}`,
  };
}

/** Back goes to the collection when the user came from there (state, referrer or session flag). */
export function cameFromCollection(state: unknown, referrer: string, flag: string | null): boolean {
  return (state as { from?: string } | null)?.from === 'collection' || referrer.includes('/admin/collection') || flag === '1';
}

export const isAvailable = (variant: Variant): boolean => variant.availability === 'available';

interface Overview {
  min: number | null;
  max: number | null;
  average: number | null;
  premiumPercent: number | null;
  available: number;
  sizes: number;
  retail: number | null;
}

export function overviewOf(sneaker: SneakerDetail): Overview {
  const prices = sneaker.variants.map((v) => v.currentPrice).filter((p): p is number => p !== null);
  const average = sneaker.stats.averagePrice;
  const retail = sneaker.retailPrice;
  return {
    min: sneaker.stats.priceRange.min ?? (prices.length ? Math.min(...prices) : null),
    max: sneaker.stats.priceRange.max ?? (prices.length ? Math.max(...prices) : null),
    average,
    premiumPercent: average !== null && retail ? ((average - retail) / retail) * 100 : null,
    available: sneaker.variants.filter(isAvailable).length,
    sizes: sneaker.variants.length,
    retail,
  };
}

/** The recent-sales table: 10 sales, newest first. */
export const recentRowsOf = (sales: RecentSale[]): RecentSale[] =>
  [...sales].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, RECENT_SALES_SHOWN);

const INSUFFICIENT_DATA_TEXT = 'Not enough historical data available for accurate predictions';
const PREDICTION_FAILED_TEXT = 'Unable to generate price prediction at this time. Please try again later.';

export function predictionErrorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : '';
  const message = error instanceof Error ? error.message : '';
  return code === 'INSUFFICIENT_DATA' || message.includes('INSUFFICIENT_DATA') ? INSUFFICIENT_DATA_TEXT : PREDICTION_FAILED_TEXT;
}

/** Low Risk under 20, Medium Risk under 50, else High Risk. */
export const volatilityLabelOf = (score: number): string => (score < 20 ? 'Low Risk' : score < 50 ? 'Medium Risk' : 'High Risk');

/** A 95% range wider than the price itself, or a confidence at either extreme, is not believable: show the 99% label instead. */
export function rangeLabelOf(confidence: number, predicted: number, range: { min: number; max: number }): string {
  const unrealistic = confidence <= 0 || confidence >= 100 || range.max - range.min > predicted;
  return unrealistic ? '99% range' : '95% range';
}

/** Trial members see the premium panels locked; administrators have every feature, whatever their membership says. */
export const premiumPanelsLocked = (onTrial: boolean, isAdmin: boolean): boolean => onTrial && !isAdmin;

export const isPremiumLocked = (error: unknown): boolean => error instanceof ApiError && (error.code === 'PREMIUM_FEATURE' || error.code === 'TRIAL_EXPIRED');

/** Sales over the days of a daily-sales answer (each day's volume), for the insights. */
export const salesOfDays = (days: readonly { sales_volume: number }[]): number => days.reduce((n, day) => n + day.sales_volume, 0);

/** Sample rows for the blurred preview (never real data): up to 10. */
export function samplePreviewRows(basePrice: number, count = RECENT_SALES_SHOWN, now = Date.now()): RecentSale[] {
  return Array.from({ length: Math.min(count, RECENT_SALES_SHOWN) }, (_, i) => ({
    id: `sample-${i}`,
    amount: Math.round(basePrice * (1 + Math.sin(i * 1.7) * 0.06)),
    size: 8 + (i % 6),
    size_type: 'US',
    created_at: new Date(now - (i * 7 + 2) * 3_600_000).toISOString(),
  }));
}

/** The price a price alert on the shown size watches: that size's price, or the lowest across sizes without one. */
export const watchedPriceOf = (sneaker: SneakerDetail, size: number | null): number | null =>
  size === null ? sneaker.lowestPrice : (sneaker.variants.find((v) => v.size === size)?.currentPrice ?? null);

/** The forecasts' track record in plain words, for the sneaker (every size) or one size. */
export function trackRecordText(record: Pick<ForecastAccuracy, 'enoughHistory' | 'mape' | 'naiveMape' | 'coverage80' | 'size'>): string {
  const subject = record.size === null ? 'this sneaker' : `size ${record.size} of this sneaker`;
  if (!record.enoughHistory || record.mape === null || record.naiveMape === null || record.coverage80 === null) {
    return `There is not enough sales history for ${subject} yet to say how our past forecasts did.`;
  }
  return `Over the past year our 30-day forecasts for ${subject} were off by ${record.mape.toFixed(1)}% on average (the last price alone: ${record.naiveMape.toFixed(1)}%); ${Math.round(record.coverage80)}% of prices fell in the 80% band.`;
}

/** How a one-size forecast was made, in plain words (`fitWindowDays`: the days of sales it was fitted on). */
export function sizeBasisText(basis: SizeBasis, fitWindowDays: number): string {
  const sales = basis.sales === 1 ? '1 sale' : `${basis.sales} sales`;
  return basis.method === 'own'
    ? `Forecast for size ${basis.size} from its own ${sales} in the last ${fitWindowDays} days.`
    : `Forecast for size ${basis.size} from every size's prices and its own ${sales} in the last ${fitWindowDays} days (weighted ${Math.round(basis.weight * 100)}%).`;
}
