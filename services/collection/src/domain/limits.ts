import { CollectionErrorCode, TRIAL_EXPIRED_ADD_MESSAGE, collectionLimitMessage, collectionRoomMessage, type EntitlementsView } from '@kicksight/contracts';
import { AppError, type Principal } from '@kicksight/platform';

/** How many items a member may hold: none more (an ended plan), up to a limit, or any number. */
export type Allowance = { kind: 'ended' } | { kind: 'limited'; limit: number } | { kind: 'unlimited' };

/** Admins have no limits; everyone else gets billing's limit, and nothing while their plan has ended. */
export function allowanceOf(role: Principal['role'], entitlements: EntitlementsView | undefined): Allowance {
  if (role === 'admin' || entitlements?.plan === 'admin') return { kind: 'unlimited' };
  if (!entitlements) throw new Error('entitlements are needed for a member');
  if (entitlements.expired) return { kind: 'ended' };
  const limit = entitlements.limits.collectionItems;
  return limit === null ? { kind: 'unlimited' } : { kind: 'limited', limit };
}

/** Refuses an add of `adding` items to a collection of `held` when the allowance has no room for them. */
export function assertRoom(allowance: Allowance, held: number, adding: number): void {
  if (allowance.kind === 'ended') throw AppError.forbidden(TRIAL_EXPIRED_ADD_MESSAGE, CollectionErrorCode.TRIAL_EXPIRED);
  if (allowance.kind === 'limited' && held + adding > allowance.limit) {
    const message = held < allowance.limit && adding > 1 ? collectionRoomMessage(allowance.limit, held, adding) : collectionLimitMessage(allowance.limit);
    throw AppError.forbidden(message, CollectionErrorCode.COLLECTION_LIMIT);
  }
}

/** Advanced analytics: Unlimited members and admins. */
export function canSeeAdvancedAnalytics(role: Principal['role'], entitlements: EntitlementsView | undefined): boolean {
  if (role === 'admin') return true;
  return entitlements !== undefined && entitlements.features.advancedAnalytics && !entitlements.expired;
}

/** The reseller ledger (sales, net values): paid plans that have not ended, and admins. */
export function canKeepLedger(role: Principal['role'], entitlements: EntitlementsView | undefined): boolean {
  if (role === 'admin') return true;
  return entitlements !== undefined && !entitlements.expired && (entitlements.plan === 'premium' || entitlements.plan === 'unlimited');
}

/** The tax export and the StockX order import: Unlimited (Expert) members and admins. */
export function canUseExpertLedger(role: Principal['role'], entitlements: EntitlementsView | undefined): boolean {
  if (role === 'admin') return true;
  return entitlements !== undefined && !entitlements.expired && entitlements.plan === 'unlimited';
}
