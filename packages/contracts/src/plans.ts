// The plans and their limits: plain data without zod, so the web's plan pages load no schema code.

export const TRIAL_DAYS = 3;
export const PLAN_NAMES = ['trial', 'premium', 'unlimited'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const PAID_PLANS = ['premium', 'unlimited'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export type BillingPeriod = 'monthly' | 'yearly';

/** Limits of a plan; null means unlimited. */
export interface PlanLimits {
  searches: number | null;
  productViews: number | null;
  /** Results reachable across all pages of one query. */
  searchResults: number | null;
  collectionItems: number | null;
}

/** Paid features a plan unlocks. */
export interface PlanFeatures {
  historicalSales: boolean;
  predictions: boolean;
  advancedAnalytics: boolean;
  apiAccess: boolean;
  resultValidation: boolean;
  prioritySupport: boolean;
}

export interface PlanDefinition {
  id: PlanName;
  name: PlanName;
  displayName: string;
  description: string;
  /** Monthly price, cents. */
  price: number;
  /** Yearly price, cents. */
  yearlyPrice: number;
  features: string[];
  limits: PlanLimits;
  entitlements: PlanFeatures;
  popular: boolean;
  buttonText: string;
  buttonColor: string;
}

/** The three plans of the product (prices in cents; Stripe price ids come from billing's config). */
export const PLANS: Record<PlanName, PlanDefinition> = {
  trial: {
    id: 'trial',
    name: 'trial',
    displayName: 'Free Trial',
    description: 'Try Kicksight free for 3 days.',
    price: 0,
    yearlyPrice: 0,
    features: ['10 searches', '5 product views', '20 results per search', 'Up to 5 collection items'],
    limits: { searches: 10, productViews: 5, searchResults: 20, collectionItems: 5 },
    entitlements: { historicalSales: false, predictions: false, advancedAnalytics: false, apiAccess: false, resultValidation: false, prioritySupport: false },
    popular: false,
    buttonText: 'Start Free Trial',
    buttonColor: 'gray',
  },
  premium: {
    id: 'premium',
    name: 'premium',
    displayName: 'Pro',
    description: 'For collectors who track the market every day.',
    price: 999,
    yearlyPrice: 9990,
    features: ['Unlimited searches', '250 product views per billing cycle', '60 results per search', 'Up to 20 collection items', 'Historical sales and price predictions', 'Result validation', 'Priority support'],
    limits: { searches: null, productViews: 250, searchResults: 60, collectionItems: 20 },
    entitlements: { historicalSales: true, predictions: true, advancedAnalytics: false, apiAccess: false, resultValidation: true, prioritySupport: true },
    popular: true,
    buttonText: 'Upgrade to Pro',
    buttonColor: 'blue',
  },
  unlimited: {
    id: 'unlimited',
    name: 'unlimited',
    displayName: 'Expert',
    description: 'For resellers and serious collectors: no limits.',
    price: 1999,
    yearlyPrice: 19990,
    features: ['Unlimited searches', 'Unlimited product views', '200 results per search', 'Unlimited collection items', 'Advanced analytics', 'Premium support with early access', 'API access'],
    limits: { searches: null, productViews: null, searchResults: 200, collectionItems: null },
    entitlements: { historicalSales: true, predictions: true, advancedAnalytics: true, apiAccess: true, resultValidation: true, prioritySupport: true },
    popular: false,
    buttonText: 'Upgrade to Expert',
    buttonColor: 'purple',
  },
};

/** Yearly saving of a plan in percent, rounded: 12 × monthly − yearly, over 12 × monthly. */
export const yearlySavingPercent = (plan: PlanDefinition): number =>
  plan.price === 0 ? 0 : Math.round(((12 * plan.price - plan.yearlyPrice) / (12 * plan.price)) * 100);
