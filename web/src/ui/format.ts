import { formatWholeDollars } from '@kicksight/contracts/market';
import { utcDay } from '@kicksight/contracts/time';

/** Cents as USD without decimals: 41250 -> '$413'. */
export function formatMoney(cents: number | null | undefined, empty = '—'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return empty;
  return formatWholeDollars(cents);
}

const WITH_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as USD to the cent, for fees and proceeds: 2790 -> '$27.90', -150 -> '-$1.50'. */
export function formatCents(cents: number | null | undefined, empty = '—'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return empty;
  return WITH_CENTS.format(cents / 100);
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value > 0 ? '+' : ''}${value.toFixed(digits)}%`;
}

export const NO_CHANGE = 'No change';

/** Whole dollars of a money change in cents, as shown (less than 50 cents shows as none). */
const shownDollars = (cents: number | null | undefined): number => (cents === null || cents === undefined || !Number.isFinite(cents) ? 0 : Math.round(cents / 100));

/** A change with sign and percent: '+$42 (+12.5%)'; one that shows as $0 reads 'No change'. */
export function formatChange(cents: number, percent?: number | null): string {
  const dollars = shownDollars(cents);
  if (dollars === 0) return NO_CHANGE;
  const money = `${dollars > 0 ? '+' : '-'}${formatMoney(Math.abs(cents))}`;
  return percent === undefined || percent === null ? money : `${money} (${formatPercent(percent)})`;
}

/** Gain, loss or neutral, as the change is shown (a change that rounds to $0 is neutral). */
export const trendOf = (cents: number | null | undefined): 'gain' | 'loss' | 'neutral' => {
  const dollars = shownDollars(cents);
  return dollars === 0 ? 'neutral' : dollars > 0 ? 'gain' : 'loss';
};
export const arrowOf = (cents: number | null | undefined): string => ({ gain: '▲', loss: '▼', neutral: '' })[trendOf(cents)];

/** A count with its thousands grouped, as money is: 96352 -> '96,352'. */
export const formatCount = (count: number): string => count.toLocaleString('en-US');

/** A count with its noun, singular for one: countOf(1, 'pair') -> '1 pair', countOf(3, 'pair') -> '3 pairs'. */
export const countOf = (count: number, noun: string, plural = `${noun}s`): string => `${formatCount(count)} ${count === 1 ? noun : plural}`;

// Made once: a date's toLocaleDateString with options builds a formatter (and reads the locale's data) at every call.
const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? '—' : DAY.format(date);
}

/** 'Just now', 'Nh ago' or 'Nd ago'. */
export function timeAgo(iso: string, now = Date.now()): string {
  const hours = Math.floor((now - new Date(iso).getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

export const todayIso = (now = new Date()): string => utcDay(now);
