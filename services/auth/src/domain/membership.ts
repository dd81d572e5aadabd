import { isEvent, type Envelope, type MembershipTier } from '@kicksight/contracts';

export type Role = 'member' | 'admin';
export type Tier = 'trial' | 'premium' | 'unlimited';
export type MembershipStatus = 'trial' | 'active' | 'cancelled' | 'expired';

/** What the user object shows: admins read `admin`, everyone else their tier. */
export const membershipTier = (role: Role, tier: Tier): MembershipTier => (role === 'admin' ? 'admin' : tier);

/** Unlimited members and admins may hold personal API keys. */
export const mayUseApiKeys = (role: Role, tier: Tier): boolean => role === 'admin' || tier === 'unlimited';

/** The tier and status a subscription event leaves a user in; undefined when it changes neither. */
export function membershipAfter(event: Envelope): { userId: string; tier?: Tier; status: MembershipStatus } | undefined {
  if (isEvent(event, 'subscription.trial_started@1')) return { userId: event.data.userId, tier: 'trial', status: 'trial' };
  if (isEvent(event, 'subscription.trial_expired@1')) return { userId: event.data.userId, tier: 'trial', status: 'expired' };
  if (isEvent(event, 'subscription.started@1') || isEvent(event, 'subscription.changed@1') || isEvent(event, 'subscription.canceled@1')) {
    const { userId, tier, status } = event.data;
    const mapped: Record<typeof status, MembershipStatus> = {
      trialing: 'trial',
      active: 'active',
      past_due: 'active',
      canceled: 'cancelled',
      expired: 'expired',
    };
    return { userId, tier, status: mapped[status] };
  }
  return undefined;
}
