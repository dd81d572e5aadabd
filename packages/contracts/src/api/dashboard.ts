import { z } from 'zod';
import { internalTrendingQuerySchema, marketOverviewSchema, trendingItemSchema } from './catalog.ts';
import { collectionStatsSchema } from './collection.ts';
import { usageStatusSchema } from './membership.ts';

// The BFF's own dashboard aggregations (money in cents). Each calls its owners in parallel with a
// time-out; a part that failed is null and `errors` says what could not be loaded.

/** The spec's message for a market overview that could not be loaded. */
export const MARKET_OVERVIEW_MISSING_MESSAGE = 'No data received from market overview API';
export const COLLECTION_STATS_MISSING_MESSAGE = 'Collection stats could not be loaded';
export const USAGE_MISSING_MESSAGE = 'Usage could not be loaded';
export const PRICE_ALERTS_MISSING_MESSAGE = 'Price alerts could not be loaded';
export const TRENDING_MISSING_MESSAGE = 'Trending sneakers could not be loaded';

export const UPGRADE_URGENCIES = ['low', 'medium', 'high'] as const;
export type UpgradeUrgency = (typeof UPGRADE_URGENCIES)[number];

const cents = z.number().int();
const errors = z.array(z.string());

export const dashboardStatsSchema = z.object({ collection: collectionStatsSchema.nullable(), usage: usageStatusSchema.nullable(), errors });

export const dashboardTrendingQuerySchema = internalTrendingQuerySchema.pick({ limit: true, timeframe: true });
export const dashboardTrendingSchema = z.object({ timeframe: z.string(), sneakers: z.array(trendingItemSchema).nullable(), errors });

/** The catalogue's market overview, every field null when it could not be loaded. */
export const dashboardMarketOverviewSchema = z.object({
  ...Object.fromEntries(Object.entries(marketOverviewSchema.shape).map(([name, field]) => [name, field.nullable()])),
  errors,
});

export const valueMetricsQuerySchema = z.object({
  quick: z
    .enum(['true', 'false'], { error: 'quick must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const collectionValueSchema = z.object({ currentMarketValue: cents, totalItems: z.number().int() });
export const usagePatternsSchema = z.object({ searchesThisMonth: z.number().int(), averageSearchesPerDay: z.number() });
export const potentialSavingsSchema = z.object({ priceAlertSavings: cents, timeValueSavings: cents, totalPotentialValue: cents });
export const upgradeRecommendationSchema = z.object({
  /** The plan the recommendation points to. */
  plan: z.string(),
  primaryBenefit: z.string(),
  secondaryBenefits: z.array(z.string()),
  urgency: z.enum(UPGRADE_URGENCIES),
  estimatedMonthlySavings: cents,
});

/** Null parts could not be computed (see `errors`); `upgradeRecommendation` is also null on the highest plan. */
export const valueMetricsSchema = z.object({
  collectionValue: collectionValueSchema.nullable(),
  usagePatterns: usagePatternsSchema.nullable(),
  potentialSavings: potentialSavingsSchema.nullable(),
  upgradeRecommendation: upgradeRecommendationSchema.nullable(),
  errors,
});
export type ValueMetrics = z.infer<typeof valueMetricsSchema>;

export const quickMetricsSchema = z.object({
  collectionCount: z.number().int().nullable(),
  collectionValue: cents.nullable(),
  searchesThisMonth: z.number().int().nullable(),
  potentialSavings: cents.nullable(),
  errors,
});
export type QuickMetrics = z.infer<typeof quickMetricsSchema>;
