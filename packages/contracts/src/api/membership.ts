import { z } from 'zod';
import type { Operation } from './operation.ts';
import { dayOrMoment } from './query-params.ts';

export * from '../plans.ts';
import { PAID_PLANS, PLAN_NAMES } from '../plans.ts';

/** Metered actions and the usage keys that make metering idempotent. */
export const METERED_ACTIONS = ['search', 'product_view'] as const;
export type MeteredAction = (typeof METERED_ACTIONS)[number];

/** A search counts once per distinct (query, brands, sort) per UTC day, and only its first page. */
export function searchUsageKey(search: { query: string; brands?: string[]; sort?: string }, day: string): string {
  const brands = [...(search.brands ?? [])].map((b) => b.trim().toLowerCase()).sort().join(',');
  return `search:${day}:${search.query.trim().toLowerCase()}:${brands}:${search.sort ?? ''}`;
}

/** A product view counts once per sneaker per UTC day. */
export const productViewUsageKey = (sneakerId: string, day: string): string => `view:${day}:${sneakerId}`;

export const planSchema = z.object({
  id: z.enum(PLAN_NAMES),
  name: z.enum(PLAN_NAMES),
  displayName: z.string(),
  description: z.string(),
  price: z.number().int(),
  yearlyPrice: z.number().int(),
  stripePriceId: z.string().nullable(),
  stripePriceIdYearly: z.string().nullable(),
  features: z.array(z.string()),
  limits: z.object({ searches: z.number().nullable(), productViews: z.number().nullable(), searchResults: z.number().nullable(), collectionItems: z.number().nullable() }),
  popular: z.boolean(),
  buttonText: z.string(),
  buttonColor: z.string(),
});

export const checkoutBodySchema = z.object({
  planName: z.enum(PAID_PLANS, { error: 'Please choose the Pro or Expert plan.' }),
  billingPeriod: z.enum(['monthly', 'yearly'], { error: 'Billing period must be monthly or yearly.' }).default('monthly'),
});
const billingCycleSchema = z.enum(['monthly', 'yearly'], { error: 'Billing cycle must be monthly or yearly.' });

/** A change of plan or cycle for a paid member: first previewed, then confirmed. */
export const planChangeBodySchema = z.object({
  plan: z.enum(PAID_PLANS, { error: 'Please choose the Pro or Expert plan.' }),
  billingCycle: billingCycleSchema,
});
/** The confirmation echoes the preview's amount and date: a preview that no longer holds is refused, never charged. */
export const planChangeConfirmBodySchema = planChangeBodySchema.extend({
  amountDue: z.number({ error: 'amountDue must be the amount of the preview, in cents.' }).int().nonnegative(),
  prorationDate: z.iso.datetime({ error: 'prorationDate must be the date of the preview.' }),
});
/** One line of an invoice, in cents: a credit for unused time is negative. */
export const invoiceLineSchema = z.object({ description: z.string(), amount: z.number().int() });
export const planChangePreviewSchema = z.object({
  plan: z.enum(PAID_PLANS),
  billingCycle: z.enum(['monthly', 'yearly']),
  /** Charged now when confirmed (never below zero; a larger credit is kept for the next bills). */
  amountDue: z.number().int().nonnegative(),
  lines: z.array(invoiceLineSchema),
  nextBillingDate: z.string(),
  nextBillingAmount: z.number().int().nonnegative(),
  /** The moment the proration is computed for; the confirmation sends it back. */
  prorationDate: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * The client events the product records (the admin's "Top features"): the analytics events of the
 * membership pages, and the features a member uses. Any other name is refused, so the list shows only
 * what the product defines.
 */
/** Actions `check/{action}` answers: the metered ones, collection size, and the paid features. */
export const CHECKABLE_ACTIONS = ['search', 'product_view', 'collection_item', 'predictions', 'historical_sales', 'advanced_analytics', 'api_access'] as const;
export type CheckableAction = (typeof CHECKABLE_ACTIONS)[number];
export const UNKNOWN_ACTION_MESSAGE = `Unknown action; one of ${CHECKABLE_ACTIONS.join(', ')}`;
export const permissionCheckParamsSchema = z.object({ action: z.enum(CHECKABLE_ACTIONS, { error: UNKNOWN_ACTION_MESSAGE }) });

/** Stripe's signature of a webhook's raw body (`t=...,v1=...`). */
export const webhookHeadersSchema = z.object({ 'stripe-signature': z.string().min(1).max(1000) });

export const TRACKED_ACTIONS = [
  'page_view',
  'view_item',
  'begin_checkout',
  'conversion',
  'purchase',
  'view_forecast',
  'view_sales_history',
  'export_collection',
  'import_collection',
  'create_price_alert',
  'add_to_watchlist',
  'open_upgrade_prompt',
] as const;
export type TrackedAction = (typeof TRACKED_ACTIONS)[number];

export const trackBodySchema = z.object({
  action: z.enum(TRACKED_ACTIONS, { error: `action must be one of ${TRACKED_ACTIONS.join(', ')}` }),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
/** What a tracked event answers (202: recorded for the analytics, never metered). */
export const trackedSchema = z.object({ recorded: z.literal(true) });
export const urlSchema = z.object({ url: z.string() });

export const usageStatusSchema = z.object({
  tier: z.string(),
  searchesUsed: z.number().int(),
  searchesLimit: z.number().int().nullable(),
  productViewsUsed: z.number().int(),
  productViewsLimit: z.number().int().nullable(),
  collectionItemsUsed: z.number().int(),
  collectionItemsLimit: z.number().int().nullable(),
  searchResultsLimit: z.number().int().nullable(),
  canPerformSearch: z.boolean(),
  canViewProduct: z.boolean(),
  canAddToCollection: z.boolean(),
  trialEndsAt: z.string().nullable(),
  daysLeftInTrial: z.number().int().nullable(),
  isTrialExpired: z.boolean(),
  periodEndsAt: z.string().nullable(),
});
export type UsageStatus = z.infer<typeof usageStatusSchema>;

export const subscriptionViewSchema = z.object({
  tier: z.enum(PLAN_NAMES),
  status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'expired']),
  billingPeriod: z.enum(['monthly', 'yearly']).nullable(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  gateway: z.enum(['stripe', 'local']).nullable(),
});
export const membershipStatusResponseSchema = z.object({ plan: z.object({ name: z.enum(PLAN_NAMES), displayName: z.string() }), subscription: subscriptionViewSchema });

export const currentPlanSchema = z.object({
  name: z.string(),
  status: z.string(),
  amount: z.number().int(),
  billingCycle: z.enum(['monthly', 'yearly']).nullable(),
  nextBillingDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When a paid period ends: the next bill, or the end of access once cancelled. */
  periodEnd: z.string().nullable(),
});
export const billingHistoryEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number().int(),
  status: z.string(),
  invoiceUrl: z.string().nullable(),
  /** The invoice's lines when it has several (a plan change: the credit for unused time and the new plan). */
  lines: z.array(invoiceLineSchema),
});
export const permissionCheckSchema = z.object({
  action: z.string(),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  used: z.number().int().nullable(),
  limit: z.number().int().nullable(),
});

export const analyticsQuerySchema = z
  .object({ startDate: dayOrMoment('startDate').optional(), endDate: dayOrMoment('endDate').optional() })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), { message: 'startDate must not be after endDate' });

export const membershipOperations: Operation[] = [
  { method: 'get', path: '/api/membership/plans', summary: 'The plans and their limits', tag: 'membership', access: 'public', response: z.array(planSchema) },
  { method: 'get', path: '/api/membership/status', summary: 'Plan and subscription of the signed-in user', tag: 'membership', access: 'token', response: membershipStatusResponseSchema },
  { method: 'get', path: '/api/membership/usage', summary: 'Usage against the plan limits', tag: 'membership', access: 'token', response: usageStatusSchema },
  { method: 'get', path: '/api/membership/current-plan', summary: 'The current plan and its billing', tag: 'membership', access: 'token', response: currentPlanSchema },
  { method: 'get', path: '/api/membership/billing-history', summary: 'Invoices, newest first', tag: 'membership', access: 'token', response: z.array(billingHistoryEntrySchema) },
  { method: 'post', path: '/api/membership/checkout', summary: 'Start a checkout for a paid plan (a paid member changes plan through change-plan)', tag: 'membership', access: 'token', body: checkoutBodySchema, response: urlSchema },
  {
    method: 'post',
    path: '/api/membership/change-plan/preview',
    summary: 'What a change of plan or cycle would cost now (credit for unused time, charge for the new plan) and the next bill; charges nothing',
    tag: 'membership',
    access: 'token',
    body: planChangeBodySchema,
    response: planChangePreviewSchema,
    errors: ['ALREADY_ON_PLAN', 'NO_SUBSCRIPTION', 'ADMIN_ACCOUNT'],
  },
  {
    method: 'post',
    path: '/api/membership/change-plan',
    summary: "Change plan or cycle as previewed: charges the preview's amount, or answers 409 when the preview no longer holds",
    tag: 'membership',
    access: 'token',
    body: planChangeConfirmBodySchema,
    response: z.object({ plan: currentPlanSchema, amountCharged: z.number().int().nonnegative() }),
    errors: ['ALREADY_ON_PLAN', 'NO_SUBSCRIPTION', 'ADMIN_ACCOUNT', 'PLAN_CHANGE_STALE', 'PLAN_CHANGE_EXPIRED', 'PAYMENT_FAILED'],
  },
  { method: 'post', path: '/api/membership/portal', summary: 'Open the billing portal', tag: 'membership', access: 'token', response: urlSchema },
  { method: 'post', path: '/api/membership/cancel', summary: 'Cancel at the end of the period', tag: 'membership', access: 'token', response: currentPlanSchema },
  {
    method: 'get',
    path: '/api/membership/check/{action}',
    summary: 'Whether an action is allowed now (does not count it)',
    tag: 'membership',
    access: 'token',
    params: permissionCheckParamsSchema,
    response: permissionCheckSchema,
    errors: ['UNKNOWN_ACTION'],
  },
  { method: 'post', path: '/api/membership/track', summary: 'Record a client analytics event (never metered)', tag: 'membership', access: 'token', status: 202, body: trackBodySchema, response: trackedSchema },
  {
    method: 'post',
    path: '/api/membership/webhook',
    summary: "Stripe webhook: a Stripe event as its raw JSON body, signed with the endpoint's secret",
    tag: 'membership',
    access: 'public',
    headers: webhookHeadersSchema,
    errors: ['INVALID_SIGNATURE'],
  },
  { method: 'get', path: '/api/admin/analytics/dashboard', summary: 'Admin analytics for a date range', tag: 'admin', access: 'admin', query: analyticsQuerySchema },
];

/** Billing's internal entitlements answer (other services cache it for at most 30 seconds). */
export const entitlementsSchema = z.object({
  plan: z.enum(['trial', 'premium', 'unlimited', 'admin']),
  limits: z.object({ searches: z.number().nullable(), productViews: z.number().nullable(), searchResults: z.number().nullable(), collectionItems: z.number().nullable() }),
  features: z.object({
    historicalSales: z.boolean(),
    predictions: z.boolean(),
    advancedAnalytics: z.boolean(),
    apiAccess: z.boolean(),
    resultValidation: z.boolean(),
    prioritySupport: z.boolean(),
  }),
  expired: z.boolean(),
  trialEndsAt: z.string().nullable(),
  periodEndsAt: z.string().nullable(),
});
export type EntitlementsView = z.infer<typeof entitlementsSchema>;

/** Billing's answer to a consumed unit. */
export const consumeResultSchema = z.object({
  allowed: z.literal(true),
  used: z.number().int().nullable(),
  limit: z.number().int().nullable(),
  maxResults: z.number().int().nullable(),
  counted: z.boolean(),
});
export type ConsumeResultView = z.infer<typeof consumeResultSchema>;
