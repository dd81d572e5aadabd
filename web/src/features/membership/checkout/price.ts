import type { BillingPeriod } from '../api.ts';

const exact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A price or a charge from cents, to the cent as billed: `$9.99`, `$99.90`; zero reads `$0`. */
export const formatCharge = (cents: number): string => (cents === 0 ? whole.format(0) : exact.format(cents / 100));

/** `$9.99/month` or `$99.90/year`. */
export function planPriceLabel(plan: { price: number; yearlyPrice: number }, billing: BillingPeriod): string {
  return billing === 'yearly' ? `${formatCharge(plan.yearlyPrice)}/year` : `${formatCharge(plan.price)}/month`;
}

/** What a year costs less when paid yearly: 12 × monthly − yearly, in cents. */
export const yearlySavingCents = (plan: { price: number; yearlyPrice: number }): number => Math.max(0, 12 * plan.price - plan.yearlyPrice);
