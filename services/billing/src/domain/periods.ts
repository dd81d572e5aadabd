import { addUtcMonths, type MeteredAction } from '@kicksight/contracts';
import type { Entitlements } from './entitlements.ts';
import type { Subscription } from './subscription.ts';

/** The usage period a unit counts in: its name and when it ends. */
export interface UsagePeriod {
  id: string;
  endsAt: Date;
}

/**
 * Trial counters span the whole trial (a trial crossing a month end keeps its 10 searches). Paid plans
 * count per monthly anniversary of the subscription, yearly plans too (so 250 views a month, not a year).
 */
export function usagePeriod(subscription: Subscription | undefined, entitlements: Entitlements, now: Date): UsagePeriod {
  if (entitlements.plan === 'trial' || entitlements.plan === 'admin' || !subscription?.periodAnchor) {
    const start = subscription?.trialStartedAt ?? now;
    return { id: `trial-${start.getTime()}`, endsAt: subscription?.trialEndsAt ?? new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000) };
  }
  const anchor = subscription.periodAnchor;
  let months = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth());
  while (months > 0 && addUtcMonths(anchor, months) > now) months -= 1;
  while (addUtcMonths(anchor, months + 1) <= now) months += 1;
  return { id: `paid-${anchor.getTime()}-${months}`, endsAt: addUtcMonths(anchor, months + 1) };
}

/** The limit of an action under some entitlements (null: unlimited). */
export const limitOf = (entitlements: Entitlements, action: MeteredAction): number | null =>
  action === 'search' ? entitlements.limits.searches : entitlements.limits.productViews;

/** The threshold a count just reached: 80 when it crosses 80% of the limit, 100 when it reaches the limit. */
export function thresholdReached(used: number, limit: number | null): 80 | 100 | undefined {
  if (limit === null || limit <= 0) return undefined;
  if (used === limit) return 100;
  const eighty = Math.ceil(limit * 0.8);
  return used === eighty && eighty < limit ? 80 : undefined;
}
