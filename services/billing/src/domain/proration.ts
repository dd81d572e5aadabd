import { PLANS, addUtcMonths, type BillingPeriod, type InvoiceLine, type PaidPlan } from '@kicksight/contracts';

const MONTHS: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

export const priceOf = (plan: PaidPlan, period: BillingPeriod): number => (period === 'yearly' ? PLANS[plan].yearlyPrice : PLANS[plan].price);
export const periodEndFrom = (start: Date, period: BillingPeriod): Date => addUtcMonths(start, MONTHS[period]);
export const periodStartOf = (end: Date, period: BillingPeriod): Date => addUtcMonths(end, -MONTHS[period]);

/** A plan and cycle, e.g. "Pro (yearly)". */
export const planLabel = (plan: PaidPlan, period: BillingPeriod): string => `${PLANS[plan].displayName} (${period})`;

const shortDate = (at: Date) => at.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

export interface PlanChangeRequest {
  from: { plan: PaidPlan; period: BillingPeriod; periodEnd: Date };
  to: { plan: PaidPlan; period: BillingPeriod };
  /** The moment of the change (the proration date). */
  at: Date;
  /** Credit already held for the member's next bills, in cents. */
  creditCents: number;
}

/** What a change of plan costs, as billed. */
export interface PlanChangeQuote {
  plan: PaidPlan;
  period: BillingPeriod;
  at: Date;
  /** The credit for unused time (negative), the account credit used (negative), the charge for the new plan. */
  lines: InvoiceLine[];
  /** Charged now: the lines' sum, never below zero. */
  amountDue: number;
  /** Credit left over for the next bills when the lines sum below zero. */
  creditLeft: number;
  periodStart: Date;
  periodEnd: Date;
  nextBillingDate: Date;
  nextBillingAmount: number;
}

/**
 * Prorates a change of plan or cycle the way Stripe does with proration on: the unused fraction of the
 * current period comes back as a credit (in cents); the same cycle keeps the period and charges the
 * new plan for the rest of it, another cycle starts a new period now at the new plan's full price.
 */
export function prorate({ from, to, at, creditCents }: PlanChangeRequest): PlanChangeQuote {
  const currentStart = periodStartOf(from.periodEnd, from.period);
  const length = from.periodEnd.getTime() - currentStart.getTime();
  const unused = Math.min(1, Math.max(0, (from.periodEnd.getTime() - at.getTime()) / length));
  const credit = Math.round(priceOf(from.plan, from.period) * unused);
  const sameCycle = from.period === to.period;
  const periodStart = sameCycle ? currentStart : at;
  const periodEnd = sameCycle ? from.periodEnd : periodEndFrom(at, to.period);
  const newPrice = priceOf(to.plan, to.period);
  const charge = sameCycle ? Math.round(newPrice * unused) : newPrice;

  const lines: InvoiceLine[] = [];
  if (credit > 0) lines.push({ description: `Unused time on ${planLabel(from.plan, from.period)} after ${shortDate(at)}`, amount: -credit });
  if (creditCents > 0) lines.push({ description: 'Account credit', amount: -creditCents });
  lines.push({
    description: sameCycle ? `Remaining time on ${planLabel(to.plan, to.period)} after ${shortDate(at)}` : `${planLabel(to.plan, to.period)} from ${shortDate(at)} to ${shortDate(periodEnd)}`,
    amount: charge,
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const creditLeft = Math.max(0, -total);
  return {
    plan: to.plan,
    period: to.period,
    at,
    lines,
    amountDue: Math.max(0, total),
    creditLeft,
    periodStart,
    periodEnd,
    nextBillingDate: periodEnd,
    nextBillingAmount: Math.max(0, newPrice - creditLeft),
  };
}

/** A renewal's bill: the plan's price less the credit held. */
export function renewalBill(plan: PaidPlan, period: BillingPeriod, creditCents: number): { amountDue: number; creditLeft: number; lines: InvoiceLine[] } {
  const price = priceOf(plan, period);
  const used = Math.min(price, Math.max(0, creditCents));
  const lines: InvoiceLine[] = used > 0 ? [{ description: planLabel(plan, period), amount: price }, { description: 'Account credit', amount: -used }] : [];
  return { amountDue: price - used, creditLeft: creditCents - used, lines };
}
