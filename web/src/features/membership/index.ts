// The membership's public face for other features: its queries, the usage refresh, the tier order, and the plan box of sign-up.
export { isTrialMembership, membershipQueries, openBillingPortal, planRank, refreshUsageSoon } from './api.ts';
export { RegisterPlanBox, startCheckoutAfterSignup } from './checkout/CheckoutOffer.tsx';
