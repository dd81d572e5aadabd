import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Badge } from '../../../ui/Badge.tsx';
import { trackEvent, PLAN_VALUE } from './analytics.ts';
import { createCheckoutSession, isBillingPeriod, isPaidPlan, membershipQueries, type BillingPeriod } from '../api.ts';
import { OFFER_TEXTS } from './offer-texts.ts';
import { planPriceLabel } from './price.ts';
import { cssVar } from '../../../theme/cssVars.ts';

const CHECKOUT_REDIRECT_DELAY_MS = 1000;
const CHECKOUT_RETRY_WARNING = 'Registration successful! Please try selecting your plan again.';
const TRIAL_STARTED_MESSAGE = 'Your 3-day free trial has started! Explore all features.';

const Box = styled.section`
  border: 1px solid ${cssVar.colors.border};
  border-radius: 12px;
  padding: 16px;
  margin-bottom: 16px;
  display: grid;
  gap: 4px;
`;
const Title = styled.h2`
  font-size: 16px;
  margin: 0;
  display: flex;
  gap: 8px;
  align-items: center;
`;
const Muted = styled.p`
  margin: 0;
  font-size: 14px;
  opacity: 0.8;
`;
const Price = styled.p`
  margin: 0;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`;

/** The chosen plan above the register form: its name, description and price ('Save 23%' when yearly). */
export function RegisterPlanBox({ plan, billing }: { plan: string; billing?: string | null }) {
  const plans = useQuery(membershipQueries.plans());
  const period: BillingPeriod = isBillingPeriod(billing) ? billing : 'monthly';
  const chosen = plans.data?.find((p) => p.name === plan);
  if (plans.isPending) return <Box aria-label="Selected plan" aria-busy="true"><Muted>Loading plan...</Muted></Box>;
  if (!chosen) return null;
  return (
    <Box aria-label="Selected plan">
      <Title>
        {chosen.displayName}
        {period === 'yearly' && chosen.price > 0 && <Badge $tone="green">{OFFER_TEXTS.register.savingsBadge}</Badge>}
      </Title>
      <Muted>{chosen.description}</Muted>
      <Price>{chosen.price === 0 ? 'Free for 3 days' : planPriceLabel(chosen, period)}</Price>
    </Box>
  );
}

interface CheckoutAfterSignup {
  plan: string | null | undefined;
  billing?: string | null;
  /** In-app navigation (react-router's navigate). */
  navigate: (to: string) => void;
  /** Shows a toast. */
  notify?: (tone: 'success' | 'warning', message: string) => void;
  /** Sends the browser to the checkout page (defaults to `location.assign`). */
  redirect?: (url: string) => void;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What happens right after sign-up (spec 1 §2): a paid plan creates a checkout session and the browser
 * goes to it after 1 second; if that fails, a warning and /admin/upgrade. The trial, or no plan, goes
 * to the collection (the trial with its toast). Answers where the user was sent.
 */
export async function startCheckoutAfterSignup({ plan, billing, navigate, notify, redirect, wait = sleep }: CheckoutAfterSignup): Promise<'checkout' | 'upgrade' | 'collection'> {
  if (!isPaidPlan(plan)) {
    if (plan === 'trial') notify?.('success', TRIAL_STARTED_MESSAGE);
    navigate('/admin/collection');
    return 'collection';
  }
  const period: BillingPeriod = isBillingPeriod(billing) ? billing : 'monthly';
  try {
    const url = await createCheckoutSession(plan, period);
    trackEvent('begin_checkout', { currency: 'USD', value: PLAN_VALUE[plan][period], items: [{ item_id: plan, item_variant: period }] });
    await wait(CHECKOUT_REDIRECT_DELAY_MS);
    (redirect ?? ((to: string) => window.location.assign(to)))(url);
    return 'checkout';
  } catch {
    notify?.('warning', CHECKOUT_RETRY_WARNING);
    navigate('/admin/upgrade');
    return 'upgrade';
  }
}
