import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import { AppError, enqueueEvents, newEvent, type Clock, type PoolClient } from '@kicksight/platform';
import { prorate, type PlanChangeQuote } from './proration.ts';
import type { Subscription } from './subscription.ts';

/** Publishes that a member's confirmed plan change was made, with what it cost (the plan-change email reads it). */
export async function publishPlanChanged(client: PoolClient, from: Subscription, quote: PlanChangeQuote, clock: Clock): Promise<void> {
  const data = {
    userId: from.userId,
    fromTier: from.tier as PlanChangeQuote['plan'],
    fromBillingCycle: from.billingPeriod!,
    tier: quote.plan,
    billingCycle: quote.period,
    amountDue: quote.amountDue,
    lines: quote.lines,
    nextBillingDate: quote.nextBillingDate.toISOString(),
    nextBillingAmount: quote.nextBillingAmount,
  };
  await enqueueEvents(client, [{ key: from.userId, envelope: newEvent('subscription.plan_changed@1', data, { clock }) }], clock);
}

/** The local proration of a change from a paid subscription, with the credit it holds. */
export function quotePlanChange(from: Subscription, plan: PaidPlan, period: BillingPeriod, at: Date): PlanChangeQuote {
  if (from.tier === 'trial' || !from.billingPeriod || !from.currentPeriodEnd) throw AppError.conflict('There is no paid subscription to change.', 'NO_SUBSCRIPTION');
  return prorate({ from: { plan: from.tier, period: from.billingPeriod, periodEnd: from.currentPeriodEnd }, to: { plan, period }, at, creditCents: from.creditCents });
}

/** The answer to a confirmation whose preview no longer holds: nothing is charged. */
export const planChangeStale = (message = 'Your membership changed since this price was shown. Review the new amount before confirming.') =>
  AppError.conflict(message, 'PLAN_CHANGE_STALE');
