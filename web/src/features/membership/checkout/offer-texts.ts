/**
 * The spec gives two readings of the yearly saving and the guarantee; each screen shows its own
 * (spec 1 §9, spec 3 §9).
 */
export const OFFER_TEXTS = {
  pricing: { savingsBadge: 'Save up to 23%', guarantee: '30-day money-back guarantee' },
  register: { savingsBadge: 'Save 23%' },
  upgrade: { savingsBadge: 'Save up to 25%', guarantee: '7-Day Money-Back Guarantee' },
} as const;

export const TRIAL_INCLUDED = '3-day free trial included';
