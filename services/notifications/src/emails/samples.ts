import { daysAfter, utcDay, type EmailTemplate } from '@kicksight/contracts';

const mover = (id: string, name: string, brand: string, currentPrice: number, priceChange24h: number) => ({ id, name, brand, imageUrl: null, currentPrice, priceChange24h });

/** Sample data of each template, as the email testing page sends it. */
export function sampleData(template: EmailTemplate, now: Date, webUrl: string): Record<string, unknown> {
  const inDays = (days: number) => daysAfter(now, days).toISOString();
  switch (template) {
    case 'welcome':
    case 'trial-expired-upgrade':
      return { name: 'Sample Collector' };
    case 'daily-digest':
      return {
        name: 'Sample Collector',
        date: utcDay(now),
        collection: { itemCount: 12, totalValue: 482_000, totalGainLoss: 61_500, gainLossPercent: 14.6, change: 4_200, changePercent: 0.9 },
        market: {
          gainers: [mover('000000000000000000000001', 'Air Jordan 1 Retro High OG Chicago', 'Jordan', 42_000, 3_500), mover('000000000000000000000002', 'Yeezy Boost 350 V2 Zebra', 'adidas', 31_000, 1_800)],
          losers: [mover('000000000000000000000003', 'Nike Dunk Low Panda', 'Nike', 11_000, -900)],
        },
      };
    case 'trial-expiration-warning':
      return { name: 'Sample Collector', trialEndsAt: inDays(1) };
    case 'subscription-confirmation':
    case 'subscription-cancellation':
      return { name: 'Sample Collector', tier: 'premium', periodEnd: inDays(30) };
    case 'payment-failed':
      return { name: 'Sample Collector', amount: 999, currency: 'usd' };
    case 'usage-limit-warning':
      return { name: 'Sample Collector', action: 'search', used: 8, limit: 10 };
    case 'usage-limit-reached':
      return { name: 'Sample Collector', action: 'search', used: 10, limit: 10 };
    case 'reengagement-7days':
      return { name: 'Sample Collector', lastActiveDay: inDays(-7).slice(0, 10) };
    case 'password-reset':
      return { name: 'Sample Collector', resetUrl: `${webUrl.replace(/\/$/, '')}/reset-password?token=sample-token`, expiresAt: inDays(1 / 24) };
    case 'email-change-confirm':
      return { name: 'Sample Collector', currentEmail: 'collector@example.com', newEmail: 'new-address@example.com', confirmUrl: `${webUrl.replace(/\/$/, '')}/confirm-email?token=sample-token`, expiresAt: inDays(1) };
    case 'email-changed':
      return { name: 'Sample Collector', previousEmail: 'collector@example.com', newEmail: 'new-address@example.com', undoUrl: `${webUrl.replace(/\/$/, '')}/undo-email-change?token=sample-token`, undoExpiresAt: inDays(7) };
    case 'plan-changed':
      return {
        name: 'Sample Collector',
        fromTier: 'premium',
        fromBillingCycle: 'yearly',
        tier: 'unlimited',
        billingCycle: 'monthly',
        amountDue: 0,
        lines: [
          { description: 'Unused time on Pro (yearly)', amount: -9_580 },
          { description: 'Expert (monthly)', amount: 1_999 },
        ],
        nextBillingDate: inDays(30),
        nextBillingAmount: 0,
      };
    case 'cancellation-scheduled':
      return { name: 'Sample Collector', tier: 'premium', accessUntil: inDays(30) };
    case 'reselling-month':
      return { name: 'Sample Collector', month: '2026-10', monthLabel: 'October 2026', sales: 4, revenue: 118_000, netProceeds: 103_840, realisedGain: 21_340, incomplete: 1 };
    case 'price-alert':
      return { name: 'Sample Collector', sneakerId: '000000000000000000000001', sneakerName: 'Air Jordan 1 Retro High OG Chicago', size: 10, targetPrice: 40_000, price: 39_500, direction: 'below' };
  }
}
