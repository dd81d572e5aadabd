import { PLANS, type PlanFeatures, type PlanLimits } from '@kicksight/contracts/plans';
import type { Plan, PlanName } from '../api.ts';

/** The four limits each plan card shows, with a null limit read as Unlimited. */
export const LIMIT_ROWS: readonly { key: keyof PlanLimits; label: string }[] = [
  { key: 'searches', label: 'Searches' },
  { key: 'productViews', label: 'Product Views' },
  { key: 'searchResults', label: 'Search Results' },
  { key: 'collectionItems', label: 'Collection' },
];

export const limitText = (limit: number | null): string => (limit === null ? 'Unlimited' : String(limit));

const FEATURE_ROWS: readonly { key: keyof PlanFeatures; label: string }[] = [
  { key: 'historicalSales', label: 'Historical sales data' },
  { key: 'predictions', label: 'AI price predictions' },
  { key: 'resultValidation', label: 'Result validation' },
  { key: 'prioritySupport', label: 'Priority support' },
  { key: 'advancedAnalytics', label: 'Advanced analytics' },
  { key: 'apiAccess', label: 'API access' },
];

export const COMPARISON_COLUMNS: readonly { plan: PlanName; label: string }[] = [
  { plan: 'trial', label: 'Trial' },
  { plan: 'premium', label: 'Pro' },
  { plan: 'unlimited', label: 'Expert' },
];

interface ComparisonRow {
  feature: string;
  values: Record<PlanName, string | boolean>;
}

/** The Feature Comparison table: limits from the served plans, paid features from the plan definitions. */
export function comparisonRows(plans: readonly Plan[]): ComparisonRow[] {
  const limitsOf = (name: PlanName) => plans.find((p) => p.name === name)?.limits ?? PLANS[name].limits;
  const limitRows = LIMIT_ROWS.map(({ key, label }) => ({
    feature: label,
    values: { trial: limitText(limitsOf('trial')[key]), premium: limitText(limitsOf('premium')[key]), unlimited: limitText(limitsOf('unlimited')[key]) },
  }));
  const featureRows = FEATURE_ROWS.map(({ key, label }) => ({
    feature: label,
    values: { trial: PLANS.trial.entitlements[key], premium: PLANS.premium.entitlements[key], unlimited: PLANS.unlimited.entitlements[key] },
  }));
  return [...limitRows, ...featureRows];
}

/** The six questions of the pricing page (spec 3 §2.4). */
export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  { question: 'Can I change my plan anytime?', answer: 'Yes. You can change your plan anytime; an upgrade takes effect right away.' },
  { question: 'What happens after the 3-day trial?', answer: 'When your 3-day free trial ends, choose a paid plan to keep searching, viewing prices and growing your collection.' },
  { question: 'Is there a money-back guarantee?', answer: "Yes. Every paid plan comes with a 30-day money-back guarantee: if Kicksight isn't for you, we refund you." },
  { question: 'Is my data secure?', answer: 'Yes. Your data is encrypted in transit, passwords are stored hashed, and card details never touch our servers.' },
  { question: 'What payment methods do you accept?', answer: 'Credit card, debit card or a digital wallet, paid securely through our payment provider.' },
  { question: 'Can I cancel anytime?', answer: 'Yes. Cancel anytime and keep access until the end of the period you paid for.' },
];
