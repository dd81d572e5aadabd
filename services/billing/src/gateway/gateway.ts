import type { BillingPeriod, PaidPlan } from '@kicksight/contracts';
import type { Subscription } from '../domain/subscription.ts';
import type { PlanChangeQuote } from '../domain/proration.ts';

export interface CheckoutRequest {
  userId: string;
  email: string;
  name: string;
  plan: PaidPlan;
  period: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
  subscription: Subscription;
}

/** How billing talks to payments: Stripe, or its own database (the local gateway). */
export interface PaymentGateway {
  readonly kind: 'stripe' | 'local';
  /** A page where the member pays for a new subscription. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** What moving a paid subscription to another plan or period would cost, prorated as of `at`; charges nothing. */
  previewChange(subscription: Subscription, plan: PaidPlan, period: BillingPeriod, at: Date): Promise<PlanChangeQuote>;
  /**
   * Moves a paid subscription to the quoted plan and period, prorated as of the quote's moment, and charges the
   * quoted amount, never opening a second subscription; refuses (409) when the quote no longer holds.
   */
  changePlan(subscription: Subscription, quote: PlanChangeQuote): Promise<void>;
  /** A page where the member manages payment details and invoices. */
  /** `browserBinding`: a secret of the browser that asked, which the local gateway's link opens only with. */
  createPortal(subscription: Subscription, returnUrl: string, browserBinding: string): Promise<{ url: string }>;
  /** Stops renewal; access runs to the end of the period. */
  cancelAtPeriodEnd(subscription: Subscription): Promise<void>;
  /** Ends the subscription at once (account deletion). */
  cancelNow(subscription: Subscription): Promise<void>;
}
