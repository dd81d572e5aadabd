import { alertPromise, isAtPrice, sideOf, targetAtCurrentPriceMessage } from '@kicksight/contracts/alerts';
import { centsOf } from '../collection/index.ts';
import type { PriceAlert } from './api.ts';

export const TARGET_REQUIRED = 'Enter a target price greater than 0.';

/** The watched price an alert form knows: a size's price, or the lowest across sizes (null: none known). */
export interface Watched {
  size: number | null;
  currentPrice: number | null;
}

/** A typed target in cents, or why it cannot be set: nothing or 0, or the price now to the dollar (it would not say which way to watch). */
export function checkTarget(text: string, { size, currentPrice }: Watched): { cents: number; error: null } | { cents: null; error: string } {
  const cents = centsOf(text);
  if (cents === null || cents <= 0) return { cents: null, error: TARGET_REQUIRED };
  if (currentPrice !== null && isAtPrice(cents, currentPrice)) return { cents: null, error: targetAtCurrentPriceMessage(size, currentPrice) };
  return { cents, error: null };
}

/** What an alert at a typed target would do, before it is set: "We'll tell you when US 10 rises to $340; now $314". */
export const promiseOfTarget = (targetPrice: number, { size, currentPrice }: Watched): string =>
  alertPromise({ size, targetPrice, currentPrice, side: currentPrice === null ? null : sideOf(currentPrice, targetPrice) });

/** What a stored alert will do, from the side the server keeps. */
export const promiseOfAlert = (alert: Pick<PriceAlert, 'size' | 'targetPrice' | 'currentPrice' | 'side'>): string => alertPromise(alert);

/** 'US 10', or 'Lowest price' for an alert on every size. */
export const watchedSizeLabel = (size: number | null): string => (size === null ? 'Lowest price' : `US ${size}`);
