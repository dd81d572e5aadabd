import { describe, expect, it } from 'vitest';
import type { CollectionStats, UsageStatus } from '@kicksight/contracts';
import {
  averageSearchesPerDay,
  nextPlan,
  priceAlertSavings,
  quickMetrics,
  timeValueSavings,
  upgradeBenefits,
  upgradeUrgency,
  usagePeriodStart,
  valueMetrics,
} from './value-metrics.ts';

const now = new Date('2026-11-22T12:00:00Z');

const trialUsage = (over: Partial<UsageStatus> = {}): UsageStatus => ({
  tier: 'trial',
  searchesUsed: 2,
  searchesLimit: 10,
  productViewsUsed: 1,
  productViewsLimit: 5,
  collectionItemsUsed: 1,
  collectionItemsLimit: 5,
  searchResultsLimit: 20,
  canPerformSearch: true,
  canViewProduct: true,
  canAddToCollection: true,
  trialEndsAt: '2026-11-24T12:00:00Z',
  daysLeftInTrial: 2,
  isTrialExpired: false,
  periodEndsAt: null,
  ...over,
});

const premiumUsage = (over: Partial<UsageStatus> = {}): UsageStatus =>
  trialUsage({ tier: 'premium', searchesLimit: null, productViewsLimit: 250, collectionItemsLimit: 20, searchResultsLimit: 60, trialEndsAt: null, daysLeftInTrial: null, periodEndsAt: '2026-12-10T00:00:00Z', ...over });

const unlimitedUsage = (over: Partial<UsageStatus> = {}): UsageStatus =>
  premiumUsage({ tier: 'unlimited', productViewsLimit: null, collectionItemsLimit: null, searchResultsLimit: 200, ...over });

const stats = (over: Partial<CollectionStats> = {}): CollectionStats => ({ totalValue: 45_000, totalCost: 40_000, totalGainLoss: 5_000, gainLossPercent: 12.5, totalItems: 2, averageValue: 22_500, ...over });

describe('priceAlertSavings', () => {
  it('adds the gap of every alert still above its target', () => {
    expect(priceAlertSavings([{ targetPrice: 20_000, currentPrice: 25_000 }, { targetPrice: 10_000, currentPrice: 10_500 }])).toBe(5_500);
  });
  it('counts nothing for alerts at or below their target, or without a price', () => {
    expect(priceAlertSavings([{ targetPrice: 20_000, currentPrice: 18_000 }, { targetPrice: 20_000, currentPrice: 20_000 }, { targetPrice: 5_000, currentPrice: null }])).toBe(0);
  });
  it('is 0 without alerts', () => {
    expect(priceAlertSavings([])).toBe(0);
  });
});

describe('timeValueSavings', () => {
  it('values 5 minutes a search and 15 a pair at $20 an hour', () => {
    // 12 searches × 5 + 4 pairs × 15 = 120 minutes = 2 hours
    expect(timeValueSavings(12, 4)).toBe(4_000);
  });
  it('rounds to whole cents and is 0 for an idle, empty account', () => {
    expect(timeValueSavings(1, 0)).toBe(167);
    expect(timeValueSavings(0, 0)).toBe(0);
  });
});

describe('usage period and averageSearchesPerDay', () => {
  it('starts a paid period one month before it ends, clamped to the shorter month', () => {
    expect(usagePeriodStart({ periodEndsAt: '2026-12-10T00:00:00Z', trialEndsAt: null }, now).toISOString()).toBe('2026-11-10T00:00:00.000Z');
    expect(usagePeriodStart({ periodEndsAt: '2026-03-31T08:00:00Z', trialEndsAt: null }, now).toISOString()).toBe('2026-02-28T08:00:00.000Z');
  });
  it('starts a trial three days before it ends, and otherwise on the first of the month', () => {
    expect(usagePeriodStart({ periodEndsAt: null, trialEndsAt: '2026-11-24T12:00:00Z' }, now).toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(usagePeriodStart({ periodEndsAt: null, trialEndsAt: null }, now).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
  it('divides the searches by the started days, to one decimal', () => {
    // 12.5 days since Nov 10 -> 13 started days
    expect(averageSearchesPerDay(premiumUsage({ searchesUsed: 40 }), now)).toBe(3.1);
    // a trial started 1 day ago counts as one day
    expect(averageSearchesPerDay(trialUsage({ searchesUsed: 7 }), now)).toBe(7);
    expect(averageSearchesPerDay(trialUsage({ searchesUsed: 0 }), now)).toBe(0);
  });
});

describe('upgradeUrgency', () => {
  it('is low with room left on every limit', () => {
    expect(upgradeUrgency(trialUsage({ searchesUsed: 6 }))).toBe('low');
  });
  it('is medium from 70% of a limit and high from 90%', () => {
    expect(upgradeUrgency(trialUsage({ searchesUsed: 7 }))).toBe('medium');
    expect(upgradeUrgency(premiumUsage({ collectionItemsUsed: 17 }))).toBe('medium');
    expect(upgradeUrgency(premiumUsage({ collectionItemsUsed: 18 }))).toBe('high');
    expect(upgradeUrgency(trialUsage({ productViewsUsed: 5 }))).toBe('high');
  });
  it('is high once the trial expired and at least medium on its last day', () => {
    expect(upgradeUrgency(trialUsage({ isTrialExpired: true, searchesUsed: 0 }))).toBe('high');
    expect(upgradeUrgency(trialUsage({ daysLeftInTrial: 1, searchesUsed: 0 }))).toBe('medium');
  });
  it('is low when nothing is limited', () => {
    expect(upgradeUrgency(unlimitedUsage({ searchesUsed: 900 }))).toBe('low');
  });
});

describe('nextPlan and upgradeBenefits', () => {
  it('points trial to Pro and Pro to Expert, and nowhere above', () => {
    expect(nextPlan('trial')).toBe('premium');
    expect(nextPlan('premium')).toBe('unlimited');
    expect(nextPlan('unlimited')).toBeNull();
    expect(nextPlan('admin')).toBeNull();
  });
  it('leads with the feature lifting the most used limit', () => {
    const benefits = upgradeBenefits(premiumUsage({ collectionItemsUsed: 19, productViewsUsed: 100 }), 'unlimited');
    expect(benefits.primaryBenefit).toBe('Unlimited collection items');
    expect(benefits.secondaryBenefits).toContain('Unlimited product views');
    expect(benefits.secondaryBenefits).not.toContain('Unlimited collection items');
    // Pro already has unlimited searches: not a benefit of Expert for a Pro member
    expect(benefits.secondaryBenefits).not.toContain('Unlimited searches');
  });
  it("leads with the target plan's first new feature when no limit is used", () => {
    const benefits = upgradeBenefits(trialUsage({ searchesUsed: 0, productViewsUsed: 0, collectionItemsUsed: 0 }), 'premium');
    expect(benefits.primaryBenefit).toBe('Unlimited searches');
    expect(benefits.secondaryBenefits).toHaveLength(6);
  });
});

describe('valueMetrics', () => {
  it('reports the collection, usage, savings and a recommendation for a trial member', () => {
    const parts = valueMetrics({ stats: stats(), usage: trialUsage({ searchesUsed: 9 }), alerts: [{ targetPrice: 20_000, currentPrice: 23_000 }], now });
    expect(parts.collectionValue).toEqual({ currentMarketValue: 45_000, totalItems: 2 });
    expect(parts.usagePatterns).toEqual({ searchesThisMonth: 9, averageSearchesPerDay: 9 });
    // 9 × 5 + 2 × 15 = 75 minutes = 2,500 cents
    expect(parts.potentialSavings).toEqual({ priceAlertSavings: 3_000, timeValueSavings: 2_500, totalPotentialValue: 5_500 });
    expect(parts.upgradeRecommendation).toEqual({
      plan: 'premium',
      primaryBenefit: 'Unlimited searches',
      secondaryBenefits: expect.arrayContaining(['Up to 20 collection items']),
      urgency: 'high',
      estimatedMonthlySavings: 5_500 - 999,
    });
  });

  it('handles an empty collection without alerts', () => {
    const parts = valueMetrics({ stats: stats({ totalValue: 0, totalCost: 0, totalGainLoss: 0, gainLossPercent: 0, totalItems: 0, averageValue: 0 }), usage: trialUsage({ searchesUsed: 0 }), alerts: [], now });
    expect(parts.collectionValue).toEqual({ currentMarketValue: 0, totalItems: 0 });
    expect(parts.potentialSavings).toEqual({ priceAlertSavings: 0, timeValueSavings: 0, totalPotentialValue: 0 });
    expect(parts.upgradeRecommendation).toMatchObject({ urgency: 'low', estimatedMonthlySavings: 0 });
  });

  it('recommends nothing on the unlimited plan', () => {
    const parts = valueMetrics({ stats: stats(), usage: unlimitedUsage({ searchesUsed: 300 }), alerts: [], now });
    expect(parts.upgradeRecommendation).toBeNull();
    expect(parts.potentialSavings?.timeValueSavings).toBe(Math.round(((300 * 5 + 2 * 15) / 60) * 2_000));
  });

  it('leaves out the parts whose inputs are missing', () => {
    const noUsage = valueMetrics({ stats: stats(), usage: null, alerts: [], now });
    expect(noUsage).toEqual({ collectionValue: { currentMarketValue: 45_000, totalItems: 2 }, usagePatterns: null, potentialSavings: null, upgradeRecommendation: null });
    const noAlerts = valueMetrics({ stats: null, usage: trialUsage(), alerts: null, now });
    expect(noAlerts.collectionValue).toBeNull();
    expect(noAlerts.usagePatterns).toEqual({ searchesThisMonth: 2, averageSearchesPerDay: 2 });
    expect(noAlerts.potentialSavings).toBeNull();
    expect(noAlerts.upgradeRecommendation).toBeNull();
  });
});

describe('quickMetrics', () => {
  it('takes the four figures from the parts, null where a part is missing', () => {
    // 500 from the alert; 12 × 5 + 2 × 15 = 90 minutes = 3,000 cents
    const full = valueMetrics({ stats: stats(), usage: premiumUsage({ searchesUsed: 12 }), alerts: [{ targetPrice: 1_000, currentPrice: 1_500 }], now });
    expect(quickMetrics(full)).toEqual({ collectionCount: 2, collectionValue: 45_000, searchesThisMonth: 12, potentialSavings: 3_500 });
    expect(quickMetrics(valueMetrics({ stats: null, usage: null, alerts: null, now }))).toEqual({ collectionCount: null, collectionValue: null, searchesThisMonth: null, potentialSavings: null });
  });
});
