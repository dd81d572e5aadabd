import { describe, expect, it } from 'vitest';
import { thresholdReached, usagePeriod } from './periods.ts';
import { entitlementsOf } from './entitlements.ts';
import type { Subscription } from './subscription.ts';

const base: Subscription = {
  userId: 'u1',
  tier: 'trial',
  status: 'trialing',
  billingPeriod: null,
  amountCents: 0,
  creditCents: 0,
  trialStartedAt: new Date('2026-01-30T12:00:00Z'),
  trialEndsAt: new Date('2026-02-02T12:00:00Z'),
  periodAnchor: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  gateway: null,
  customerId: null,
  gatewaySubscriptionId: null,
  stateAt: null,
  paidSince: null,
};
const premiumYearly: Subscription = {
  ...base,
  tier: 'premium',
  status: 'active',
  billingPeriod: 'yearly',
  periodAnchor: new Date('2026-01-31T09:00:00Z'),
  currentPeriodEnd: new Date('2027-01-31T09:00:00Z'),
};

describe('usagePeriod', () => {
  it('spans the whole trial, across a month end', () => {
    const at = (iso: string) => usagePeriod(base, entitlementsOf(base, 'member', new Date(iso)), new Date(iso)).id;
    expect(at('2026-01-31T00:00:00Z')).toBe(at('2026-02-01T00:00:00Z'));
  });

  it('resets paid views at each monthly anniversary, for yearly plans too', () => {
    const at = (iso: string) => usagePeriod(premiumYearly, entitlementsOf(premiumYearly, 'member', new Date(iso)), new Date(iso));
    expect(at('2026-02-27T09:00:00Z').id).toBe(at('2026-01-31T09:00:00Z').id);
    expect(at('2026-02-28T09:00:00Z').id).not.toBe(at('2026-02-28T08:59:59Z').id);
    expect(at('2026-02-28T08:59:59Z').endsAt.toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(at('2026-12-15T00:00:00Z').id).toBe(`paid-${Date.parse('2026-01-31T09:00:00Z')}-10`);
  });
});

describe('entitlementsOf', () => {
  it('gives admins every feature and no limit', () => {
    expect(entitlementsOf(base, 'admin', new Date('2030-01-01')).limits.searches).toBeNull();
  });

  it('expires a trial at its end', () => {
    expect(entitlementsOf(base, 'member', new Date('2026-02-02T11:59:59Z')).expired).toBe(false);
    expect(entitlementsOf(base, 'member', new Date('2026-02-02T12:00:00Z')).expired).toBe(true);
  });

  it('keeps a cancelled paid plan until its period end, then treats it as an expired trial', () => {
    const cancelling = { ...premiumYearly, cancelAtPeriodEnd: true };
    expect(entitlementsOf(cancelling, 'member', new Date('2027-01-31T08:00:00Z'))).toMatchObject({ plan: 'premium', expired: false });
    expect(entitlementsOf(cancelling, 'member', new Date('2027-01-31T09:00:00Z'))).toMatchObject({ plan: 'trial', expired: true });
  });

  it('gives a renewing paid plan a day of grace for the renewal to arrive', () => {
    expect(entitlementsOf(premiumYearly, 'member', new Date('2027-01-31T20:00:00Z')).expired).toBe(false);
    expect(entitlementsOf(premiumYearly, 'member', new Date('2027-02-01T09:00:01Z')).expired).toBe(true);
  });

  it('unlocks predictions and history for paid plans only', () => {
    expect(entitlementsOf(base, 'member', new Date('2026-01-31')).features.predictions).toBe(false);
    expect(entitlementsOf(premiumYearly, 'member', new Date('2026-06-01')).features.predictions).toBe(true);
    expect(entitlementsOf(premiumYearly, 'member', new Date('2026-06-01')).features.apiAccess).toBe(false);
  });
});

describe('thresholdReached', () => {
  it('fires 80 when crossing 80% and 100 at the limit', () => {
    expect([7, 8, 9, 10].map((n) => thresholdReached(n, 10))).toEqual([undefined, 80, undefined, 100]);
    expect([3, 4, 5].map((n) => thresholdReached(n, 5))).toEqual([undefined, 80, 100]);
    expect(thresholdReached(200, 250)).toBe(80);
    expect(thresholdReached(5, null)).toBeUndefined();
  });
});
