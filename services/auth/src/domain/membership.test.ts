import { describe, expect, it } from 'vitest';
import { newEvent, fixedClock } from '@kicksight/platform';
import { mayUseApiKeys, membershipAfter, membershipTier } from './membership.ts';

const clock = fixedClock('2026-11-22T00:00:00Z');
const state = { userId: 'u1', periodEnd: null, cancelAtPeriodEnd: false };

describe('membershipTier', () => {
  it('reads admin for admins whatever their tier, else the tier', () => {
    expect(membershipTier('admin', 'trial')).toBe('admin');
    expect(membershipTier('member', 'premium')).toBe('premium');
  });
});

describe('mayUseApiKeys', () => {
  it('allows Unlimited members and admins only', () => {
    expect(mayUseApiKeys('member', 'unlimited')).toBe(true);
    expect(mayUseApiKeys('admin', 'trial')).toBe(true);
    expect(mayUseApiKeys('member', 'premium')).toBe(false);
  });
});

describe('membershipAfter', () => {
  it('maps subscription events to the tier and status auth shows', () => {
    expect(membershipAfter(newEvent('subscription.trial_started@1', { userId: 'u1', trialEndsAt: '2026-11-25T00:00:00.000Z' }, { clock }))).toEqual({ userId: 'u1', tier: 'trial', status: 'trial' });
    expect(membershipAfter(newEvent('subscription.trial_expired@1', { userId: 'u1' }, { clock }))).toEqual({ userId: 'u1', tier: 'trial', status: 'expired' });
    expect(membershipAfter(newEvent('subscription.started@1', { ...state, tier: 'premium', status: 'active' }, { clock }))).toEqual({ userId: 'u1', tier: 'premium', status: 'active' });
    expect(membershipAfter(newEvent('subscription.canceled@1', { ...state, tier: 'premium', status: 'canceled' }, { clock }))).toMatchObject({ status: 'cancelled', tier: 'premium' });
    expect(membershipAfter(newEvent('subscription.changed@1', { ...state, tier: 'unlimited', status: 'past_due' }, { clock }))).toMatchObject({ status: 'active', tier: 'unlimited' });
  });

  it('ignores payment events', () => {
    expect(membershipAfter(newEvent('payment.succeeded@1', { userId: 'u1', invoiceId: 'in_1', amount: 999, currency: 'usd' }, { clock }))).toBeUndefined();
  });
});
