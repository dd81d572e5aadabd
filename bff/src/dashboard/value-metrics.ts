import { DAY_MS, addUtcMonths, daysBefore, startOfUtcMonth, PLANS, TRIAL_DAYS, type CollectionStats, type PlanName, type UpgradeUrgency, type UsageStatus, type ValueMetrics } from '@kicksight/contracts';

// Money in cents throughout.

/** Minutes a member would spend pricing one search by hand across marketplaces. */
export const MINUTES_SAVED_PER_SEARCH = 5;
/** Minutes a month a member would spend re-pricing one pair of the collection by hand (a weekly check). */
export const MINUTES_SAVED_PER_ITEM_MONTHLY = 15;
/** What an hour of a member's time is worth. */
export const HOURLY_TIME_VALUE_CENTS = 2_000;
/** Share of a plan limit in use from which an upgrade is urgent (the usage bars turn orange, then red). */
export const MEDIUM_URGENCY_SHARE = 0.7;
export const HIGH_URGENCY_SHARE = 0.9;
/** A trial this close to its end makes an upgrade at least of medium urgency. */
export const TRIAL_ENDING_DAYS = 1;


/** The part of an alert the savings rule reads: the price it waits for and the price it watches now. */
export interface AlertPrices {
  targetPrice: number;
  currentPrice: number | null;
}

export interface ValueMetricsInput {
  /** Null when the collection's stats could not be loaded. */
  stats: CollectionStats | null;
  usage: UsageStatus | null;
  alerts: AlertPrices[] | null;
  now: Date;
}

export type ValueMetricParts = Omit<ValueMetrics, 'errors'>;

/** What buying at each alert's target would save over today's price: the sum of the gaps of alerts still above their target. */
export function priceAlertSavings(alerts: AlertPrices[]): number {
  return alerts.reduce((sum, { targetPrice, currentPrice }) => sum + (currentPrice !== null && currentPrice > targetPrice ? currentPrice - targetPrice : 0), 0);
}

/** The value of the time saved this period: each search, and a month of price checks of each pair, at the hourly value. */
export function timeValueSavings(searches: number, items: number): number {
  const minutes = searches * MINUTES_SAVED_PER_SEARCH + items * MINUTES_SAVED_PER_ITEM_MONTHLY;
  return Math.round((minutes / 60) * HOURLY_TIME_VALUE_CENTS);
}

/** When the usage counters started counting: a paid plan's monthly period, the trial, or else the calendar month. */
export function usagePeriodStart(usage: Pick<UsageStatus, 'periodEndsAt' | 'trialEndsAt'>, now: Date): Date {
  if (usage.periodEndsAt) return addUtcMonths(new Date(usage.periodEndsAt), -1);
  if (usage.trialEndsAt) return daysBefore(new Date(usage.trialEndsAt), TRIAL_DAYS);
  return startOfUtcMonth(now);
}

/** Searches per day since the period started (a started day counts whole, at least one day), to one decimal. */
export function averageSearchesPerDay(usage: UsageStatus, now: Date): number {
  const elapsed = now.getTime() - usagePeriodStart(usage, now).getTime();
  const days = Math.max(1, Math.ceil(elapsed / DAY_MS));
  return Math.round((usage.searchesUsed / days) * 10) / 10;
}

/** The plan one step above the member's, or null on the highest plan (and for administrators). */
export function nextPlan(tier: string): PlanName | null {
  if (tier === 'trial') return 'premium';
  if (tier === 'premium') return 'unlimited';
  return null;
}

type LimitedResource = 'searches' | 'productViews' | 'collectionItems';

/** Share of each limited resource in use (unlimited ones are left out). */
function limitShares(usage: UsageStatus): { resource: LimitedResource; share: number }[] {
  const pairs: [LimitedResource, number, number | null][] = [
    ['searches', usage.searchesUsed, usage.searchesLimit],
    ['productViews', usage.productViewsUsed, usage.productViewsLimit],
    ['collectionItems', usage.collectionItemsUsed, usage.collectionItemsLimit],
  ];
  return pairs.flatMap(([resource, used, limit]) => (limit === null || limit <= 0 ? [] : [{ resource, share: used / limit }]));
}

/**
 * How pressing an upgrade is: high once the trial has expired or any limit is 90% used; medium from
 * 70%, or when the trial ends within a day; low otherwise.
 */
export function upgradeUrgency(usage: UsageStatus): UpgradeUrgency {
  if (usage.isTrialExpired) return 'high';
  const highest = Math.max(0, ...limitShares(usage).map((s) => s.share));
  if (highest >= HIGH_URGENCY_SHARE) return 'high';
  if (highest >= MEDIUM_URGENCY_SHARE) return 'medium';
  if (usage.daysLeftInTrial !== null && usage.daysLeftInTrial <= TRIAL_ENDING_DAYS) return 'medium';
  return 'low';
}

const FEATURE_OF: Record<LimitedResource, RegExp> = { searches: /searches/i, productViews: /product views/i, collectionItems: /collection items/i };

/** The target plan's features the member lacks, the one lifting their most used limit first. */
export function upgradeBenefits(usage: UsageStatus, target: PlanName): { primaryBenefit: string; secondaryBenefits: string[] } {
  const current = new Set(usage.tier in PLANS ? PLANS[usage.tier as PlanName].features : []);
  const gained = PLANS[target].features.filter((feature) => !current.has(feature));
  const pressing = limitShares(usage)
    .filter((s) => s.share > 0)
    .sort((a, b) => b.share - a.share)
    .map((s) => gained.find((feature) => FEATURE_OF[s.resource].test(feature)))
    .find((feature) => feature !== undefined);
  const primaryBenefit = pressing ?? gained[0] ?? PLANS[target].description;
  return { primaryBenefit, secondaryBenefits: gained.filter((feature) => feature !== primaryBenefit) };
}

/** The parts of the value metrics; a part is null when an input it needs is missing. */
export function valueMetrics({ stats, usage, alerts, now }: ValueMetricsInput): ValueMetricParts {
  const collectionValue = stats && { currentMarketValue: stats.totalValue, totalItems: stats.totalItems };
  const usagePatterns = usage && { searchesThisMonth: usage.searchesUsed, averageSearchesPerDay: averageSearchesPerDay(usage, now) };
  let potentialSavings: ValueMetricParts['potentialSavings'] = null;
  if (stats && usage && alerts) {
    const fromAlerts = priceAlertSavings(alerts);
    const fromTime = timeValueSavings(usage.searchesUsed, stats.totalItems);
    potentialSavings = { priceAlertSavings: fromAlerts, timeValueSavings: fromTime, totalPotentialValue: fromAlerts + fromTime };
  }
  const target = usage && nextPlan(usage.tier);
  const upgradeRecommendation =
    usage && target && potentialSavings
      ? {
          plan: target,
          ...upgradeBenefits(usage, target),
          urgency: upgradeUrgency(usage),
          estimatedMonthlySavings: Math.max(0, potentialSavings.totalPotentialValue - PLANS[target].price),
        }
      : null;
  return { collectionValue, usagePatterns, potentialSavings, upgradeRecommendation };
}

/** The four figures of the dashboard's quick view, from the same parts. */
export function quickMetrics(parts: ValueMetricParts) {
  return {
    collectionCount: parts.collectionValue?.totalItems ?? null,
    collectionValue: parts.collectionValue?.currentMarketValue ?? null,
    searchesThisMonth: parts.usagePatterns?.searchesThisMonth ?? null,
    potentialSavings: parts.potentialSavings?.totalPotentialValue ?? null,
  };
}
