import { PREDICTIONS_LOCKED_MESSAGE, PredictionErrorCode } from '@kicksight/contracts';
import { AppError, type BillingClient, type Principal } from '@kicksight/platform';

export interface Caller {
  id: string;
  role: Principal['role'];
  requestId?: string;
}

/**
 * Who may see predictions: administrators, and members whose plan billing says includes them and
 * has not lapsed. Trial members get 403 PREMIUM_FEATURE (billing's answer is cached at most 30 s).
 */
export function createPredictionAccess(billing: Pick<BillingClient, 'entitlements'>) {
  return {
    async assertPredictions(caller: Caller): Promise<void> {
      if (caller.role === 'admin') return;
      const entitlements = await billing.entitlements(caller, caller.requestId);
      if (!entitlements.features.predictions || entitlements.expired) throw AppError.forbidden(PREDICTIONS_LOCKED_MESSAGE, PredictionErrorCode.PREMIUM_FEATURE);
    },
  };
}

export type PredictionAccess = ReturnType<typeof createPredictionAccess>;
