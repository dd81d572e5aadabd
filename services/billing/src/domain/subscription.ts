import type { BillingPeriod, PlanName } from '@kicksight/contracts';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';

/** A user's subscription as billing keeps it. */
export interface Subscription {
  userId: string;
  tier: PlanName;
  status: SubscriptionStatus;
  billingPeriod: BillingPeriod | null;
  amountCents: number;
  /** Credit held for the next bills (left over from a plan change), in cents. */
  creditCents: number;
  trialStartedAt: Date;
  trialEndsAt: Date;
  periodAnchor: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  gateway: 'stripe' | 'local' | null;
  customerId: string | null;
  gatewaySubscriptionId: string | null;
  stateAt: Date | null;
  paidSince: Date | null;
}

export const isPaidTier = (tier: PlanName): boolean => tier !== 'trial';
