import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { showsUrgency, triggerOf, triggerOfError } from './triggers.ts';

describe('upgrade prompt triggers', () => {
  it('keeps the three triggers and maps the legacy reasons', () => {
    expect(triggerOf('collection_limit')).toBe('collection_limit');
    expect(triggerOf('search_limit')).toBe('search_limit');
    expect(triggerOf('product_view_limit')).toBe('search_limit');
    expect(triggerOf('premium_feature')).toBe('premium_feature');
    expect(triggerOf('feature_locked')).toBe('premium_feature');
    expect(triggerOf('trial_expired')).toBe('premium_feature');
    expect(triggerOf('something_else')).toBeNull();
  });

  it('maps the server codes', () => {
    expect(triggerOfError(new ApiError(403, 'SEARCH_LIMIT', 'x'))).toBe('search_limit');
    expect(triggerOfError(new ApiError(403, 'PRODUCT_VIEW_LIMIT', 'x'))).toBe('search_limit');
    expect(triggerOfError(new ApiError(403, 'COLLECTION_LIMIT', 'x'))).toBe('collection_limit');
    expect(triggerOfError(new ApiError(403, 'TRIAL_EXPIRED', 'x'))).toBe('premium_feature');
    expect(triggerOfError(new ApiError(403, 'PREMIUM_FEATURE', 'x'))).toBe('premium_feature');
    expect(triggerOfError(new ApiError(400, 'VALIDATION_ERROR', 'Invalid size'))).toBeNull();
  });

  it("opens the collection-limit prompt for a message naming the collection limit", () => {
    expect(triggerOfError(new Error('You have reached your collection limit of 5 items. Upgrade your plan to add more.'))).toBe('collection_limit');
  });

  it('shows the urgency badge only for medium and high', () => {
    expect(showsUrgency('low')).toBe(false);
    expect(showsUrgency(undefined)).toBe(false);
    expect(showsUrgency('medium')).toBe(true);
    expect(showsUrgency('high')).toBe(true);
  });
});
