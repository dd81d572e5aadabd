import { PLANS, type PaidPlan } from '@kicksight/contracts/plans';
import { planRank } from '../membership/index.ts';
import type { MembershipTier } from '../../session/types.ts';
import type { UpgradeTrigger } from './triggers.ts';

/**
 * What a premium_feature prompt is about: the market insights (Pro), the reseller ledger (Pro), or the tax
 * export with the StockX order import (Expert).
 */
export type PaidFeature = 'insights' | 'ledger' | 'tax_export';

export interface PromptCopy {
  title: string;
  text: string;
  /** What the plans above the member's unlock; empty on the highest plan. */
  unlocks: string[];
}

/** A line of what upgrading unlocks, with the lowest plan that has it. */
interface Unlock {
  plan: PaidPlan;
  line: string;
}

const PRO = PLANS.premium.displayName;
const EXPERT = PLANS.unlimited.displayName;

const PROMPTS: Record<Exclude<UpgradeTrigger, 'premium_feature'> | PaidFeature, { title: string; text: string; unlocks: Unlock[] }> = {
  collection_limit: {
    title: 'Collection Limit Reached',
    text: 'Your collection is full on your current plan. Upgrade to keep adding pairs and tracking their value.',
    unlocks: [
      { plan: 'premium', line: `${PRO}: up to ${PLANS.premium.limits.collectionItems} collection items` },
      { plan: 'unlimited', line: `${EXPERT}: an unlimited collection` },
      { plan: 'premium', line: 'Price history and AI price forecasts' },
    ],
  },
  search_limit: {
    title: 'Search Limit Reached',
    text: "You've used the searches or product views of your plan. Upgrade to keep exploring the market.",
    unlocks: [
      { plan: 'premium', line: `${PRO}: unlimited searches and ${PLANS.premium.limits.productViews} product views per cycle` },
      { plan: 'unlimited', line: `${EXPERT}: unlimited searches and views` },
      { plan: 'unlimited', line: `Up to ${PLANS.unlimited.limits.searchResults} results per search` },
    ],
  },
  insights: {
    title: 'Unlock Premium Features',
    text: 'Historical sales data and AI price forecasts are part of the paid plans.',
    unlocks: [
      { plan: 'premium', line: 'Full sales history with charts' },
      { plan: 'premium', line: 'AI price forecasts with confidence bands' },
      { plan: 'premium', line: 'Recent sales for every size' },
    ],
  },
  ledger: {
    title: 'Unlock Premium Features',
    text: 'Recording your sales, with each platform’s fees, your net and your realised gain, is part of the paid plans.',
    unlocks: [
      { plan: 'premium', line: `${PRO}: record sales with each platform’s fees, net and realised gain` },
      { plan: 'premium', line: 'Net values of your collection after fees' },
      { plan: 'unlimited', line: `${EXPERT}: the tax-year export and StockX order import` },
    ],
  },
  tax_export: {
    title: `Unlock ${EXPERT} Features`,
    text: `The tax export and the StockX order import are part of the ${EXPERT} plan.`,
    unlocks: [
      { plan: 'unlimited', line: 'Your tax year as a CSV file, one row per sale' },
      { plan: 'unlimited', line: 'Your StockX sales imported and matched to your pairs' },
      { plan: 'unlimited', line: 'An unlimited collection' },
    ],
  },
};

/** The prompt for the member's plan: only what the higher plans add is offered (an administrator has everything). */
export function promptCopyOf(trigger: UpgradeTrigger, tier: MembershipTier | null, feature: PaidFeature = 'insights'): PromptCopy {
  const { title, text, unlocks } = PROMPTS[trigger === 'premium_feature' ? feature : trigger];
  const current = tier === 'admin' ? Number.POSITIVE_INFINITY : planRank(tier ?? 'trial');
  return { title, text, unlocks: unlocks.filter((unlock) => planRank(unlock.plan) > current).map((unlock) => unlock.line) };
}
