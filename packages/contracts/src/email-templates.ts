// The product's email templates: plain data without zod.

/** The ten templates of the email testing page, in its order. */
export const TESTED_EMAIL_TEMPLATES = [
  'welcome',
  'daily-digest',
  'trial-expiration-warning',
  'subscription-confirmation',
  'payment-failed',
  'subscription-cancellation',
  'trial-expired-upgrade',
  'usage-limit-warning',
  'usage-limit-reached',
  'reengagement-7days',
] as const;
/** Every email the product sends. */
export const EMAIL_TEMPLATES = [...TESTED_EMAIL_TEMPLATES, 'password-reset', 'email-change-confirm', 'email-changed', 'price-alert', 'plan-changed', 'cancellation-scheduled', 'reselling-month'] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];
