// What a price alert does, in words: plain functions without zod, shared by the web app and the services.
import { formatWholeDollars } from './market.ts';

/** Which side of its target the watched price is on (a price alert's `side`). */
export type AlertSide = 'above' | 'below';

/** The price an alert watches: a size's, or the lowest across sizes. */
export interface WatchedPrice {
  size: number | null;
  targetPrice: number;
}


/** What the alert watches: 'US 10', or 'the lowest price' for an alert on every size. */
export const watchedLabel = (size: number | null): string => (size === null ? 'the lowest price' : `US ${size}`);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The side of the target a price is on; null when it is the target itself. */
export const sideOf = (price: number, targetPrice: number): AlertSide | null => (price > targetPrice ? 'above' : price < targetPrice ? 'below' : null);

/**
 * What an alert will do, from the side its price is on now: a price below the target fires when it
 * rises to it, one above when it falls to it. "We'll tell you when US 10 rises to $340; now $314".
 */
export function alertPromise({ size, targetPrice, currentPrice, side }: WatchedPrice & { currentPrice: number | null; side: AlertSide | null }): string {
  const watched = watchedLabel(size);
  if (side === null || currentPrice === null) return `We'll tell you when ${watched} reaches ${formatWholeDollars(targetPrice)}`;
  // At the target (an alert that just fired there), the next move that counts is past it.
  const moves = isAtPrice(targetPrice, currentPrice) ? (side === 'below' ? 'rises above' : 'falls below') : side === 'below' ? 'rises to' : 'falls to';
  return `We'll tell you when ${watched} ${moves} ${formatWholeDollars(targetPrice)}; now ${formatWholeDollars(currentPrice)}`;
}

/**
 * The crossing a fired alert names, from the side the price crossed to:
 * "US 10 rose to $341, above your $340 alert" (or "fell to ..., below", or "reaching" at the target itself).
 */
export function alertCrossing({ size, targetPrice, price, direction }: WatchedPrice & { price: number; direction: AlertSide }): string {
  const moved = direction === 'above' ? 'rose' : 'fell';
  const where = price === targetPrice ? 'reaching' : direction;
  return `${capitalised(watchedLabel(size))} ${moved} to ${formatWholeDollars(price)}, ${where} your ${formatWholeDollars(targetPrice)} alert`;
}

/**
 * Whether a target is the watched price as members see it (whole dollars): such an alert could not say
 * which way it waits for the price to go ("rises to $314; now $314"), so it is refused.
 */
export const isAtPrice = (targetPrice: number, price: number): boolean => Math.round(targetPrice / 100) === Math.round(price / 100);

/** Why a target equal to the watched price is refused: it would never say which way the price went. */
export const targetAtCurrentPriceMessage = (size: number | null, currentPrice: number): string =>
  `Your target equals ${size === null ? 'the lowest price' : `the price of US ${size}`} now (${formatWholeDollars(currentPrice)}). Choose a price above or below it.`;
