import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '../../../session/index.ts';
import { Badge, Button, Card, CardTitle, ErrorState, Muted, PageHeader, Skeleton, formatDate, useToast } from '../../../ui/index.ts';
import { trackEvent } from '../checkout/analytics.ts';
import { BillingToggle } from '../checkout/components/BillingToggle.tsx';
import { PlanCard, PlanGrid } from '../checkout/components/PlanCard.tsx';
import { createCheckoutSession, membershipQueries, planRank, type BillingPeriod, type PaidPlan, type Plan } from '../api.ts';
import { PlanChangeDialog, type PlanChangeTarget } from '../plan-change/PlanChangeDialog.tsx';
import { AdminStatus } from './AdminStatus.tsx';
import { OFFER_TEXTS } from '../checkout/offer-texts.ts';
import { UsageBar } from '../usage/UsageBar.tsx';
import { FeatureComparison } from '../checkout/components/FeatureComparison.tsx';
import { cssVar } from '../../../theme/cssVars.ts';

export const UPGRADE_FAILED = { title: 'Upgrade Failed', description: 'Unable to start the upgrade process. Please try again.' };

const Page = styled.div`
  display: grid;
  gap: 24px;
`;
const UsageGrid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;
const Warning = styled.div`
  border: 1px solid ${cssVar.colors.warning};
  border-radius: ${cssVar.radius.card};
  padding: 12px 16px;
  color: ${cssVar.colors.text};
  background: ${cssVar.colors.surface};
`;
const Guarantee = styled.p`
  text-align: center;
  font-weight: 600;
  margin: 0;
`;
const Row = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  justify-content: space-between;
`;

const cycleName = (cycle: BillingPeriod) => (cycle === 'yearly' ? 'Yearly' : 'Monthly');

/**
 * Upgrade (spec 3 §2.5): the current plan, usage, and the higher plans. A trial member pays on the checkout page;
 * a paid member's change (of plan or of cycle) is confirmed in a dialog that shows its price first. An
 * administrator has no plan and nothing to buy.
 */
export default function UpgradePage() {
  const [chosenCycle, setChosenCycle] = useState<BillingPeriod | null>(null);
  const [change, setChange] = useState<PlanChangeTarget | null>(null);
  const { isAdmin } = useSession();
  const plans = useQuery(membershipQueries.plans());
  const status = useQuery(membershipQueries.status());
  const usage = useQuery(membershipQueries.usage());
  const toast = useToast();
  const checkout = useMutation({
    mutationFn: ({ plan, period }: { plan: PaidPlan; period: BillingPeriod }) => createCheckoutSession(plan, period),
    onSuccess: (url) => window.location.assign(url),
    onError: () => toast.show({ ...UPGRADE_FAILED, variant: 'error', duration: 5_000 }),
  });
  useEffect(() => trackEvent('page_view', { page_title: 'Upgrade', page_path: '/admin/upgrade' }), []);

  const current = status.data?.plan.name ?? 'trial';
  const currentRank = planRank(current);
  const onHighest = currentRank >= planRank('unlimited');
  const isPaid = current !== 'trial';
  const currentCycle = isPaid ? (status.data?.subscription?.billingPeriod ?? null) : null;
  const cancelling = isPaid && status.data?.subscription?.cancelAtPeriodEnd === true;
  // The toggle starts at the member's own cycle.
  const billing = chosenCycle ?? currentCycle ?? 'monthly';
  const choose = (plan: Plan) => {
    if (isPaid) setChange({ plan, billingCycle: billing });
    else checkout.mutate({ plan: plan.name as PaidPlan, period: billing });
  };

  if (isAdmin) {
    return (
      <Page>
        <PageHeader>
          <div>
            <h1>Upgrade Your Plan</h1>
            <p>Your account already has every feature.</p>
          </div>
        </PageHeader>
        <Card aria-label="Current plan">
          <CardTitle>Current Plan</CardTitle>
          <AdminStatus />
        </Card>
        {plans.data && <FeatureComparison plans={plans.data} />}
      </Page>
    );
  }
  const trialEndsAt = usage.data?.trialEndsAt ?? status.data?.subscription?.trialEndsAt ?? null;
  const daysLeft = usage.data?.daysLeftInTrial ?? null;

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>Upgrade Your Plan</h1>
          <p>Unlock historical sales, price predictions and higher limits.</p>
        </div>
        {isPaid && (
          <Button as={Link} to="/settings" $variant="secondary">
            Manage Subscription
          </Button>
        )}
      </PageHeader>

      <Card aria-label="Current plan">
        <Row>
          <div>
            <CardTitle>Current Plan</CardTitle>
            {status.isPending ? (
              <Skeleton $w="160px" />
            ) : (
              <p style={{ margin: 0, fontSize: 20, fontWeight: 700 }}>
                {status.data?.plan.displayName ?? 'Free Trial'}{' '}
                {current === 'trial' ? <Badge $tone="gray">Trial</Badge> : <Badge $tone="green">Active</Badge>}
              </p>
            )}
          </div>
        </Row>
      </Card>

      {current === 'trial' && trialEndsAt && (daysLeft === null || daysLeft <= 3) && (
        <Warning role="alert">
          {usage.data?.isTrialExpired ? `Your free trial ended on ${formatDate(trialEndsAt)}.` : `Your free trial ends on ${formatDate(trialEndsAt)}.`} Upgrade to keep full access.
        </Warning>
      )}

      <section aria-label="Usage">
        {usage.isError && <ErrorState message="Error loading usage data" onRetry={() => void usage.refetch()} />}
        {usage.isPending && <Skeleton $h={96} />}
        {usage.data && (
          <UsageGrid>
            <Card>
              <UsageBar label="Daily Searches" used={usage.data.searchesUsed} limit={usage.data.searchesLimit} />
            </Card>
            <Card>
              <UsageBar label="Product Views" used={usage.data.productViewsUsed} limit={usage.data.productViewsLimit} />
            </Card>
            <Card>
              <UsageBar label="Collection Items" used={usage.data.collectionItemsUsed} limit={usage.data.collectionItemsLimit} />
            </Card>
          </UsageGrid>
        )}
      </section>

      {onHighest && (
        <Card aria-label="Highest plan" style={{ textAlign: 'center' }}>
          <CardTitle>You&apos;re on the highest plan!</CardTitle>
          <p>
            <Muted>Every feature and the highest limits are already yours.</Muted>
          </p>
          <Button as={Link} to="/dashboard">
            Back to Dashboard
          </Button>
        </Card>
      )}
        {/* Plans are offered once the member's own plan and cycle are known: before that a paid member's change would start a new checkout. */}
        <section aria-label="Plans" style={{ display: 'grid', gap: 16, justifyItems: 'center' }}>
          {status.isError && <ErrorState message="Error loading membership data" onRetry={() => void status.refetch()} />}
          {status.data && <BillingToggle value={billing} onChange={setChosenCycle} savingsBadge={OFFER_TEXTS.upgrade.savingsBadge} />}
          {plans.isError && <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />}
          {(plans.isPending || status.isPending) && <Skeleton $h={360} />}
          {plans.data && status.data && (
            <PlanGrid style={{ width: '100%' }}>
              {plans.data
                .filter((plan) => plan.name !== 'trial')
                .map((plan) => {
                  const rank = planRank(plan.name);
                  const isCurrent = rank === currentRank;
                  const lower = rank < currentRank;
                  // The current plan in the other cycle is a change like any other; a cancelled one can be kept.
                  const otherCycle = isCurrent && currentCycle !== null && billing !== currentCycle;
                  const keep = isCurrent && !otherCycle && cancelling;
                  return (
                    <PlanCard
                      key={plan.name}
                      plan={plan}
                      billing={billing}
                      marker={isCurrent ? <Badge $tone="green">Current Plan</Badge> : undefined}
                      action={
                        (isCurrent && !otherCycle && !keep) || lower ? (
                          <Button type="button" $block $variant="secondary" disabled>
                            {isCurrent ? 'Current Plan' : 'Not Available'}
                          </Button>
                        ) : (
                          <Button type="button" $block disabled={checkout.isPending} onClick={() => choose(plan)}>
                            {otherCycle ? `Switch to ${cycleName(billing)}` : keep ? `Keep ${plan.displayName}` : plan.buttonText}
                          </Button>
                        )
                      }
                    />
                  );
                })}
            </PlanGrid>
          )}
        </section>

      {plans.data && <FeatureComparison plans={plans.data} />}
      <Guarantee>{OFFER_TEXTS.upgrade.guarantee}</Guarantee>
      <PlanChangeDialog target={change} onClose={() => setChange(null)} />
    </Page>
  );
}
