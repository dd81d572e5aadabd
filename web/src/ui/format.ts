import { utcDay } from '@kicksight/contracts/time';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** Cents as USD without decimals: 41250 -> '$413'. */
export function formatMoney(cents: number | null | undefined, empty = '—'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return empty;
  return usd.format(Math.round(cents / 100));
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value > 0 ? '+' : ''}${value.toFixed(digits)}%`;
}

/** A change with sign and percent: '+$42 (+12.5%)'. */
export function formatChange(cents: number, percent?: number | null): string {
  const sign = cents > 0 ? '+' : cents < 0 ? '-' : '';
  const money = `${sign}${formatMoney(Math.abs(cents))}`;
  return percent === undefined || percent === null ? money : `${money} (${formatPercent(percent)})`;
}

export const trendOf = (value: number | null | undefined): 'gain' | 'loss' | 'neutral' => (!value ? 'neutral' : value > 0 ? 'gain' : 'loss');
export const arrowOf = (value: number | null | undefined): string => (!value ? '' : value > 0 ? '▲' : '▼');

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** 'Just now', 'Nh ago' or 'Nd ago'. */
export function timeAgo(iso: string, now = Date.now()): string {
  const hours = Math.floor((now - new Date(iso).getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

export const todayIso = (now = new Date()): string => utcDay(now);
