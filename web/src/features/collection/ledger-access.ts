import type { MembershipTier } from '../../session/types.ts';

/** Pro and Expert record sales and see net values; a trial sees the upgrade prompt instead. */
export const recordsSales = (tier: MembershipTier | null): boolean => tier === 'premium' || tier === 'unlimited' || tier === 'admin';

/** Expert alone downloads the tax export and imports StockX orders. */
export const exportsTaxYear = (tier: MembershipTier | null): boolean => tier === 'unlimited' || tier === 'admin';
