import { ADVANCED_ANALYTICS_LOCKED_MESSAGE, CollectionErrorCode } from '@kicksight/contracts';
import { AppError, type BillingClient } from '@kicksight/platform';
import type { Caller } from './caller.ts';
import { allowanceOf, canSeeAdvancedAnalytics, type Allowance } from './limits.ts';

/** What billing lets a member do here: hold items, see advanced analytics. Admins never ask. */
export function createEntitlements(billing: Pick<BillingClient, 'entitlements'>) {
  const entitlementsOf = (caller: Caller) => (caller.role === 'admin' ? Promise.resolve(undefined) : billing.entitlements(caller, caller.requestId));
  return {
    allowance: async (caller: Caller): Promise<Allowance> => allowanceOf(caller.role, await entitlementsOf(caller)),
    async assertAdvancedAnalytics(caller: Caller): Promise<void> {
      if (!canSeeAdvancedAnalytics(caller.role, await entitlementsOf(caller))) {
        throw AppError.forbidden(ADVANCED_ANALYTICS_LOCKED_MESSAGE, CollectionErrorCode.PREMIUM_FEATURE);
      }
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
