import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { showsUrgency, triggerOf, triggerOfError } from './triggers.ts';
import { promptCopyOf } from './prompt-copy.ts';

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

  it('offers a trial both paid plans, and a Pro member only Expert', () => {
    expect(promptCopyOf('collection_limit', 'trial').unlocks).toEqual(['Pro: up to 20 collection items', 'Expert: an unlimited collection', 'Price history and AI price forecasts']);
    expect(promptCopyOf('collection_limit', 'premium').unlocks).toEqual(['Expert: an unlimited collection']);
    expect(promptCopyOf('search_limit', 'premium').unlocks).toEqual(['Expert: unlimited searches and views', 'Up to 200 results per search']);
    expect(promptCopyOf('premium_feature', 'premium', 'ledger').unlocks).toEqual(['Expert: the tax-year export and StockX order import']);
    expect(promptCopyOf('collection_limit', 'admin').unlocks).toEqual([]);
  });

  it('names what a locked feature needs: the ledger a paid plan, the tax export Expert', () => {
    expect(promptCopyOf('premium_feature', 'trial')).toMatchObject({ title: 'Unlock Premium Features', text: 'Historical sales data and AI price forecasts are part of the paid plans.' });
    expect(promptCopyOf('premium_feature', 'trial', 'ledger').text).toBe('Recording your sales, with each platform’s fees, your net and your realised gain, is part of the paid plans.');
    expect(promptCopyOf('premium_feature', 'premium', 'tax_export')).toEqual({
      title: 'Unlock Expert Features',
      text: 'The tax export and the StockX order import are part of the Expert plan.',
      unlocks: ['Your tax year as a CSV file, one row per sale', 'Your StockX sales imported and matched to your pairs', 'An unlimited collection'],
    });
  });

  it('shows the urgency badge only for medium and high', () => {
    expect(showsUrgency('low')).toBe(false);
    expect(showsUrgency(undefined)).toBe(false);
    expect(showsUrgency('medium')).toBe(true);
    expect(showsUrgency('high')).toBe(true);
  });
});
