import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '../../../session/index.ts';
import { ErrorState, Skeleton, useToast } from '../../../ui/index.ts';
import { trackEvent } from '../checkout/analytics.ts';
import { BillingToggle } from '../checkout/components/BillingToggle.tsx';
import { PlanCard, PlanGrid } from '../checkout/components/PlanCard.tsx';
import { ApiError } from '../../../api/errors.ts';
import { createCheckoutSession, membershipQueries, type BillingPeriod, type PaidPlan, type Plan } from '../api.ts';
import { OFFER_TEXTS, TRIAL_INCLUDED } from '../checkout/offer-texts.ts';
import { PRICING_FAQ } from '../checkout/plan-content.ts';
import { FeatureComparison } from '../checkout/components/FeatureComparison.tsx';
import { cssVar } from '../../../theme/cssVars.ts';

export const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

const Page = styled.div`
  max-width: 1120px;
  margin: 0 auto;
  padding: 32px 16px 64px;
  display: grid;
  gap: 32px;
`;
const Hero = styled.header`
  text-align: center;
  display: grid;
  gap: 12px;
  justify-items: center;
  h1 { font-size: 40px; font-weight: 800; margin: 0; }
  p { margin: 0; color: ${cssVar.colors.textMuted}; font-size: 16px; }
`;
const Faq = styled.section`
  display: grid;
  gap: 8px;
  details { border: 1px solid ${cssVar.colors.border}; border-radius: ${cssVar.radius.control}; padding: 12px 16px; background: ${cssVar.colors.surface}; }
  summary { cursor: pointer; font-weight: 600; }
  p { margin: 8px 0 0; color: ${cssVar.colors.textMuted}; }
`;
const SectionTitle = styled.h2`
  font-size: 24px;
  margin: 0 0 12px;
`;

/**
 * The plans (spec 3 §2.4, §6): a visitor's choice goes to /register with plan and billing, the trial
 * with a session goes to the collection, a paid plan with a session goes to checkout.
 */
export default function PricingPage() {
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  const plans = useQuery(membershipQueries.plans());
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const checkout = useMutation({
    mutationFn: ({ plan, period }: { plan: PaidPlan; period: BillingPeriod }) => createCheckoutSession(plan, period),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => {
      // A paid member changes plan on the upgrade page, where the price is confirmed first.
      if (error.cause instanceof ApiError && error.cause.code === 'PLAN_CHANGE_NEEDS_CONFIRMATION') navigate('/admin/upgrade');
      else toast.show({ title: CHECKOUT_FAILED, variant: 'error', duration: 5_000 });
    },
  });

  useEffect(() => trackEvent('page_view', { page_title: 'Pricing', page_path: '/pricing' }), []);

  const choose = (plan: Plan) => {
    if (plan.name === 'trial') {
      navigate(isAuthenticated ? '/admin/collection' : '/register?plan=trial');
      return;
    }
    if (!isAuthenticated) {
      navigate(`/register?plan=${plan.name}&billing=${billing}`);
      return;
    }
    trackEvent('begin_checkout', { items: [{ item_id: plan.name, item_variant: billing }] });
    checkout.mutate({ plan: plan.name, period: billing });
  };

  return (
    <Page>
      <Hero>
        <h1>Choose Your Plan</h1>
        <p>{TRIAL_INCLUDED}</p>
        <BillingToggle value={billing} onChange={setBilling} savingsBadge={OFFER_TEXTS.pricing.savingsBadge} />
      </Hero>
      {plans.isPending && (
        <PlanGrid aria-busy="true" aria-label="Loading plans">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} $h={420} />
          ))}
        </PlanGrid>
      )}
      {plans.isError && <ErrorState title="Plans are unavailable" message={plans.error.message} onRetry={() => void plans.refetch()} />}
      {plans.data && (
        <>
          <PlanGrid>
            {plans.data.map((plan) => (
              <PlanCard key={plan.name} plan={plan} billing={billing} onChoose={() => choose(plan)} busy={checkout.isPending} />
            ))}
          </PlanGrid>
          <FeatureComparison plans={plans.data} />
        </>
      )}
      <Faq aria-labelledby="faq-title">
        <SectionTitle id="faq-title">Frequently Asked Questions</SectionTitle>
        {PRICING_FAQ.map((entry) => (
          <details key={entry.question}>
            <summary>{entry.question}</summary>
            <p>{entry.answer}</p>
          </details>
        ))}
      </Faq>
    </Page>
  );
}
