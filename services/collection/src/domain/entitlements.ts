import { ADVANCED_ANALYTICS_LOCKED_MESSAGE, CollectionErrorCode, LEDGER_LOCKED_MESSAGE, SALES_EXPORT_LOCKED_MESSAGE } from '@kicksight/contracts';
import { AppError, type BillingClient } from '@kicksight/platform';
import type { Caller } from './caller.ts';
import { allowanceOf, canKeepLedger, canSeeAdvancedAnalytics, canUseExpertLedger, type Allowance } from './limits.ts';

/** What billing lets a member do here: hold items, see advanced analytics, keep the reseller ledger. Admins never ask. */
export function createEntitlements(billing: Pick<BillingClient, 'entitlements'>) {
  const entitlementsOf = (caller: Caller) => (caller.role === 'admin' ? Promise.resolve(undefined) : billing.entitlements(caller, caller.requestId));
  const assert = async (caller: Caller, allowed: typeof canKeepLedger, message: string): Promise<void> => {
    if (!allowed(caller.role, await entitlementsOf(caller))) throw AppError.forbidden(message, CollectionErrorCode.PREMIUM_FEATURE);
  };
  return {
    allowance: async (caller: Caller): Promise<Allowance> => allowanceOf(caller.role, await entitlementsOf(caller)),
    async assertAdvancedAnalytics(caller: Caller): Promise<void> {
      if (!canSeeAdvancedAnalytics(caller.role, await entitlementsOf(caller))) {
        throw AppError.forbidden(ADVANCED_ANALYTICS_LOCKED_MESSAGE, CollectionErrorCode.PREMIUM_FEATURE);
      }
    },
    /** Sales and net values: Pro and Expert. */
    assertLedger: (caller: Caller) => assert(caller, canKeepLedger, LEDGER_LOCKED_MESSAGE),
    /** The tax export and the StockX order import: Expert. */
    assertExpertLedger: (caller: Caller) => assert(caller, canUseExpertLedger, SALES_EXPORT_LOCKED_MESSAGE),
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
