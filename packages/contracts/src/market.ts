// The market rules (money in cents, percentages as plain numbers): plain functions without zod, shared by the web and the services.

/** The highest purchase or target price accepted: $1,000,000. */
export const MAX_PRICE_CENTS = 100_000_000;
/** What a price above MAX_PRICE_CENTS is told: 'the highest price accepted is $1,000,000'. */
export const PRICE_TOO_HIGH = `the highest price accepted is $${(MAX_PRICE_CENTS / 100).toLocaleString('en-US')}`;

const wholeDollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** Cents as whole US dollars, as members see prices: 41250 -> '$413'. */
export const formatWholeDollars = (cents: number): string => wholeDollarFormat.format(Math.round(cents / 100));

/** A sneaker is trending when its 24-hour change is over $50 either way ... */
export const TRENDING_CHANGE_24H_CENTS = 5_000;
/** ... or its premium over retail is above 100%. */
export const TRENDING_PREMIUM_PERCENT = 100;

/** Premium of a price over retail in percent (12.5 means 12.5%); null without a retail price. */
export function premiumPercent(price: number | null | undefined, retailPrice: number | null | undefined): number | null {
  if (price === null || price === undefined || !retailPrice || retailPrice <= 0) return null;
  return ((price - retailPrice) / retailPrice) * 100;
}

export interface TrendingInput {
  currentPrice: number | null;
  retailPrice: number | null;
  priceChange24h: number | null;
}

/** The trending rule of the search results and the dashboard. */
export function isTrending({ currentPrice, retailPrice, priceChange24h }: TrendingInput): boolean {
  if (priceChange24h !== null && Math.abs(priceChange24h) > TRENDING_CHANGE_24H_CENTS) return true;
  const premium = premiumPercent(currentPrice, retailPrice);
  return premium !== null && premium > TRENDING_PREMIUM_PERCENT;
}

export const MARKET_STATUS_LABELS = ['Hype Beast', 'High Premium', 'Above Retail', 'Below Retail', 'Great Deal', 'Steal Deal'] as const;
export type MarketStatusLabel = (typeof MARKET_STATUS_LABELS)[number] | 'No Retail Price';

export interface MarketStatus {
  label: MarketStatusLabel;
  /** A colour name the web app maps to its theme. */
  color: string;
  description: string;
}

/** Market status by percent versus retail: the first row whose threshold the premium is above wins. */
export const MARKET_STATUS_THRESHOLDS: readonly { above: number; status: MarketStatus }[] = [
  { above: 50, status: { label: 'Hype Beast', color: 'red', description: 'More than 50% above retail' } },
  { above: 20, status: { label: 'High Premium', color: 'orange', description: '20% to 50% above retail' } },
  { above: 0, status: { label: 'Above Retail', color: 'yellow', description: 'Up to 20% above retail' } },
  { above: -20, status: { label: 'Below Retail', color: 'blue', description: 'Up to 20% below retail' } },
  { above: -50, status: { label: 'Great Deal', color: 'green', description: '20% to 50% below retail' } },
];
export const STEAL_DEAL: MarketStatus = { label: 'Steal Deal', color: 'purple', description: 'More than 50% below retail' };
export const NO_RETAIL_STATUS: MarketStatus = { label: 'No Retail Price', color: 'gray', description: 'The retail price is not known' };

export function marketStatus(price: number | null | undefined, retailPrice: number | null | undefined): MarketStatus {
  const premium = premiumPercent(price, retailPrice);
  if (premium === null) return NO_RETAIL_STATUS;
  return MARKET_STATUS_THRESHOLDS.find((row) => premium > row.above)?.status ?? STEAL_DEAL;
}
