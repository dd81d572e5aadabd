import { ApiError } from '../../api/errors.ts';

export type UpgradeTrigger = 'collection_limit' | 'search_limit' | 'premium_feature';
export type Urgency = 'low' | 'medium' | 'high';

/**
 * Reasons, legacy reasons and server error codes to the prompt's three triggers (spec 2 §4):
 * search and product-view limits -> search_limit; locked features, an ended trial -> premium_feature.
 */
const REASONS: Record<string, UpgradeTrigger> = {
  collection_limit: 'collection_limit',
  search_limit: 'search_limit',
  product_view_limit: 'search_limit',
  premium_feature: 'premium_feature',
  feature_locked: 'premium_feature',
  trial_expired: 'premium_feature',
};

export function triggerOf(reason: string | null | undefined): UpgradeTrigger | null {
  return reason ? (REASONS[reason.toLowerCase()] ?? null) : null;
}

/** The prompt an error calls for: by its code, or a message that names the collection limit. */
export function triggerOfError(error: unknown): UpgradeTrigger | null {
  if (error instanceof ApiError) {
    const byCode = triggerOf(error.code);
    if (byCode) return byCode;
  }
  return error instanceof Error && error.message.toLowerCase().includes('collection limit') ? 'collection_limit' : null;
}

/** The urgency badge shows only for medium and high. */
export const showsUrgency = (urgency: Urgency | null | undefined): urgency is 'medium' | 'high' => urgency === 'medium' || urgency === 'high';

export const MONEY_BACK_LINE = 'All plans include a 7-day money-back guarantee.';
