import { describe, expect, it } from 'vitest';
import { PLANS, type EntitlementsView, type PlanName } from '@kicksight/contracts';
import { allowanceOf, assertRoom, canSeeAdvancedAnalytics } from './limits.ts';

const entitlements = (plan: PlanName, expired = false): EntitlementsView => ({
  plan,
  limits: PLANS[plan].limits,
  features: PLANS[plan].entitlements,
  expired,
  trialEndsAt: null,
  periodEndsAt: null,
});

describe('allowanceOf', () => {
  it('gives the plan limits: trial 5, premium 20, unlimited none', () => {
    expect(allowanceOf('member', entitlements('trial'))).toEqual({ kind: 'limited', limit: 5 });
    expect(allowanceOf('member', entitlements('premium'))).toEqual({ kind: 'limited', limit: 20 });
    expect(allowanceOf('member', entitlements('unlimited'))).toEqual({ kind: 'unlimited' });
  });

  it('gives admins no limit without asking billing', () => {
    expect(allowanceOf('admin', undefined)).toEqual({ kind: 'unlimited' });
  });

  it('gives an ended plan no room at all', () => {
    expect(allowanceOf('member', entitlements('trial', true))).toEqual({ kind: 'ended' });
    expect(allowanceOf('member', entitlements('premium', true))).toEqual({ kind: 'ended' });
  });
});

describe('assertRoom', () => {
  it('allows up to the limit and refuses past it with COLLECTION_LIMIT', () => {
    expect(() => assertRoom({ kind: 'limited', limit: 5 }, 4, 1)).not.toThrow();
    expect(() => assertRoom({ kind: 'limited', limit: 5 }, 5, 1)).toThrow(expect.objectContaining({ status: 403, code: 'COLLECTION_LIMIT', message: expect.stringContaining('collection limit') }));
    expect(() => assertRoom({ kind: 'limited', limit: 5 }, 3, 3)).toThrow(/collection limit of 5 items/);
  });

  it('tells a member with room left how much room an add of several items needs, still as a collection-limit refusal', () => {
    expect(() => assertRoom({ kind: 'limited', limit: 5 }, 3, 4)).toThrow(
      expect.objectContaining({ status: 403, code: 'COLLECTION_LIMIT', message: expect.stringMatching(/^Adding 4 items .*collection limit of 5 items: it holds 3, so there is room for 2 more\./) }),
    );
    expect(() => assertRoom({ kind: 'limited', limit: 5 }, 5, 4)).toThrow('You have reached your collection limit of 5 items. Upgrade your plan to add more.');
  });

  it('refuses any add on an ended plan with TRIAL_EXPIRED', () => {
    expect(() => assertRoom({ kind: 'ended' }, 0, 1)).toThrow(expect.objectContaining({ status: 403, code: 'TRIAL_EXPIRED' }));
  });

  it('never refuses an unlimited allowance', () => {
    expect(() => assertRoom({ kind: 'unlimited' }, 10_000, 500)).not.toThrow();
  });
});

describe('canSeeAdvancedAnalytics', () => {
  it('is for Unlimited members and admins', () => {
    expect(canSeeAdvancedAnalytics('member', entitlements('unlimited'))).toBe(true);
    expect(canSeeAdvancedAnalytics('admin', undefined)).toBe(true);
    expect(canSeeAdvancedAnalytics('member', entitlements('premium'))).toBe(false);
    expect(canSeeAdvancedAnalytics('member', entitlements('trial'))).toBe(false);
    expect(canSeeAdvancedAnalytics('member', entitlements('unlimited', true))).toBe(false);
  });
});
