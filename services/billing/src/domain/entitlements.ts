import { PLANS, type PlanFeatures, type PlanLimits, type PlanName } from '@kicksight/contracts';
import type { Subscription } from './subscription.ts';

/** How long a paid period may run past its end while the gateway's renewal is on its way. */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

export interface Entitlements {
  /** The plan whose limits apply (`admin` has none). */
  plan: PlanName | 'admin';
  limits: PlanLimits;
  features: PlanFeatures;
  /** An ended trial, or a paid period that ended without renewal: no searches, views or new items. */
  expired: boolean;
  trialEndsAt: Date | null;
  periodEndsAt: Date | null;
}

const UNLIMITED: PlanLimits = { searches: null, productViews: null, searchResults: null, collectionItems: null };
const EVERYTHING: PlanFeatures = { historicalSales: true, predictions: true, advancedAnalytics: true, apiAccess: true, resultValidation: true, prioritySupport: true };

/** What a user may do now: admins everything; paid members their plan while paid up; else the trial's terms. */
export function entitlementsOf(subscription: Subscription | undefined, role: 'member' | 'admin', now: Date): Entitlements {
  if (role === 'admin') return { plan: 'admin', limits: UNLIMITED, features: EVERYTHING, expired: false, trialEndsAt: null, periodEndsAt: null };
  const trial = PLANS.trial;
  if (!subscription) {
    // Not yet known to billing (its user.registered is on the way): a fresh trial.
    return { plan: 'trial', limits: trial.limits, features: trial.entitlements, expired: false, trialEndsAt: null, periodEndsAt: null };
  }
  const { tier, status, currentPeriodEnd, cancelAtPeriodEnd, trialEndsAt } = subscription;
  if (tier !== 'trial' && (status === 'active' || status === 'past_due')) {
    const grace = cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS;
    const paidUp = !currentPeriodEnd || now.getTime() < currentPeriodEnd.getTime() + grace;
    if (paidUp) return { plan: tier, limits: PLANS[tier].limits, features: PLANS[tier].entitlements, expired: false, trialEndsAt: null, periodEndsAt: currentPeriodEnd };
  }
  const trialRunning = tier === 'trial' && status === 'trialing' && now < trialEndsAt;
  return { plan: 'trial', limits: trial.limits, features: trial.entitlements, expired: !trialRunning, trialEndsAt, periodEndsAt: null };
}
