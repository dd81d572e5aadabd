import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { Badge, Button, Card, CardTitle, DataTable, ErrorState, Modal, PageHeader, Skeleton, Stack, TableScroll, formatDate, useToast } from '../../../ui/index.ts';
import {
  cancelSubscription,
  membershipQueries,
  createCheckoutSession,
  openBillingPortal,
  type BillingHistoryEntry,
  type CurrentPlan,
  type PaidPlan,
} from '../api.ts';
import { formatCharge } from '../checkout/price.ts';
import { useCheckoutReturn } from '../checkout/useCheckoutReturn.ts';
import { UsageBar } from '../usage/UsageBar.tsx';
import { useSession } from '../../../session/index.ts';
import { AdminStatus } from './AdminStatus.tsx';
import { cssVar } from '../../../theme/cssVars.ts';

export const MEMBERSHIP_MESSAGES = {
  load: 'Error loading membership data',
  upgrade: 'Error starting upgrade',
  portal: 'Error opening billing portal',
  cancel: 'Error cancelling subscription',
  cancelled: 'Subscription cancelled',
} as const;

const Page = styled.div`
  display: grid;
  gap: 20px;
`;
const Grid = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 16px;
  margin: 0 0 16px;
  dt { color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
`;
const Banner = styled.div<{ $tone: 'info' | 'success' | 'warning' | 'error' }>`
  border-radius: ${cssVar.radius.card};
  padding: 12px 16px;
  background: ${cssVar.colors.surface};
  border: 1px solid ${({ $tone }) => ($tone === 'success' ? cssVar.colors.gain : $tone === 'warning' ? cssVar.colors.warning : $tone === 'error' ? cssVar.colors.loss : cssVar.colors.accent)};
`;
const Table = styled(DataTable)`
  th, td { padding: 10px 8px; }
  a { color: ${cssVar.colors.accent}; }
`;

function costLabel(plan: CurrentPlan): string {
  if (plan.amount === 0) return '$0';
  return `${formatCharge(plan.amount)}/${plan.billingCycle === 'yearly' ? 'year' : 'month'}`;
}
/** The cost reads per cycle: 'Yearly Cost $99.90/year'. */
const costTitle = (plan: CurrentPlan) => (plan.billingCycle === 'yearly' ? 'Yearly Cost' : 'Monthly Cost');

const Lines = styled.ul`
  list-style: none;
  margin: 4px 0 0;
  padding: 0;
  font-size: 13px;
  color: ${cssVar.colors.textMuted};
  li { display: flex; justify-content: space-between; gap: 12px; }
  li span:last-child { white-space: nowrap; font-variant-numeric: tabular-nums; }
`;

function BillingHistory({ entries }: { entries: BillingHistoryEntry[] }) {
  if (entries.length === 0) return <p>No invoices yet.</p>;
  return (
    <TableScroll>
      <Table>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Invoice</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDate(entry.date)}</td>
              <td>
                {entry.description}
                {entry.lines.length > 0 && (
                  <Lines aria-label={`Lines of ${entry.description}`}>
                    {entry.lines.map((line) => (
                      <li key={line.description}>
                        <span>{line.description}</span>
                        <span>{formatCharge(line.amount)}</span>
                      </li>
                    ))}
                  </Lines>
                )}
              </td>
              <td className="num">{formatCharge(entry.amount)}</td>
              <td>
                <Badge $tone={entry.status === 'paid' ? 'green' : 'orange'}>{entry.status === 'paid' ? 'Paid' : entry.status}</Badge>
              </td>
              <td>
                {entry.invoiceUrl ? (
                  <a href={entry.invoiceUrl} target="_blank" rel="noreferrer">
                    View invoice
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** The membership dashboard (spec 3 §2.6). */
export default function MembershipPage() {
  const checkoutReturn = useCheckoutReturn();
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery(membershipQueries.status());
  const plan = useQuery(membershipQueries.currentPlan());
  const usage = useQuery(membershipQueries.usage());
  const history = useQuery(membershipQueries.billingHistory());
  const [confirming, setConfirming] = useState(false);
  const { isAdmin } = useSession();

  const upgrade = useMutation({
    mutationFn: (planName: PaidPlan) => createCheckoutSession(planName, 'monthly'),
    onSuccess: (url) => window.location.assign(url),
    onError: () => toast.show({ title: MEMBERSHIP_MESSAGES.upgrade, variant: 'error', duration: 5_000 }),
  });
  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.open(url, '_blank', 'noopener'),
    onError: () => toast.show({ title: MEMBERSHIP_MESSAGES.portal, variant: 'error', duration: 5_000 }),
  });
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (next) => {
      queryClient.setQueryData(membershipQueries.currentPlan().queryKey, next);
      void queryClient.invalidateQueries({ queryKey: membershipQueries.all });
      setConfirming(false);
      toast.show({ title: MEMBERSHIP_MESSAGES.cancelled, description: 'You keep access until the end of the billing period.' });
    },
    onError: () => toast.show({ title: MEMBERSHIP_MESSAGES.cancel, variant: 'error', duration: 5_000 }),
  });

  const failed = status.isError || plan.isError;
  const isTrial = (status.data?.plan.name ?? plan.data?.name) === 'trial';
  const current = plan.data;

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>Membership</h1>
          <p>Your plan, usage and billing.</p>
        </div>
      </PageHeader>
      {checkoutReturn && (
        <Banner $tone={checkoutReturn.tone} role="status" aria-live="polite">
          {checkoutReturn.message}
        </Banner>
      )}
      {usage.data?.isTrialExpired && (
        <Banner $tone="error" role="alert">
          Your free trial has expired. Upgrade to keep searching and tracking your collection.
        </Banner>
      )}
      {usage.data && !isAdmin && !usage.data.isTrialExpired && usage.data.daysLeftInTrial !== null && usage.data.daysLeftInTrial <= 3 && isTrial && (
        <Banner $tone="warning" role="alert">
          Your free trial ends in {usage.data.daysLeftInTrial} {usage.data.daysLeftInTrial === 1 ? 'day' : 'days'}
          {usage.data.trialEndsAt ? ` (${formatDate(usage.data.trialEndsAt)})` : ''}. Upgrade to keep full access.
        </Banner>
      )}
      {failed && <ErrorState message={MEMBERSHIP_MESSAGES.load} onRetry={() => void queryClient.invalidateQueries({ queryKey: membershipQueries.all })} />}
      <Grid>
        <Card aria-labelledby="current-plan-title">
          <CardTitle id="current-plan-title">Current Plan</CardTitle>
          {isAdmin ? (
            <AdminStatus />
          ) : plan.isPending || status.isPending ? (
            <Stack>
              <Skeleton />
              <Skeleton $w="60%" />
            </Stack>
          ) : current ? (
            <>
              <Facts>
                <dt>Plan</dt>
                <dd>{status.data?.plan.displayName ?? current.name}</dd>
                <dt>{costTitle(current)}</dt>
                <dd>{costLabel(current)}</dd>
                {!isTrial && current.cancelAtPeriodEnd ? (
                  <>
                    <dt>Access until</dt>
                    <dd>{formatDate(current.periodEnd)}</dd>
                  </>
                ) : (
                  <>
                    <dt>Next Billing</dt>
                    <dd>{isTrial ? '—' : formatDate(current.nextBillingDate)}</dd>
                  </>
                )}
                {!isTrial && (
                  <>
                    <dt>Subscription</dt>
                    <dd>{current.cancelAtPeriodEnd ? <Badge $tone="orange">Cancelling</Badge> : <Badge $tone="green">Auto-renew</Badge>}</dd>
                  </>
                )}
              </Facts>
              <Stack $row $wrap $gap={2}>
                {isTrial ? (
                  <>
                    <Button type="button" disabled={upgrade.isPending} onClick={() => upgrade.mutate('premium')}>
                      Upgrade to Pro
                    </Button>
                    <Button type="button" $variant="secondary" disabled={upgrade.isPending} onClick={() => upgrade.mutate('unlimited')}>
                      Upgrade to Collector
                    </Button>
                  </>
                ) : (
                  <>
                    <Button type="button" $variant="secondary" disabled={portal.isPending} onClick={() => portal.mutate()}>
                      Manage Billing
                    </Button>
                    {!current.cancelAtPeriodEnd && (
                      <Button type="button" $variant="danger" onClick={() => setConfirming(true)}>
                        Cancel Subscription
                      </Button>
                    )}
                  </>
                )}
              </Stack>
            </>
          ) : null}
        </Card>
        <Card aria-labelledby="usage-title">
          <CardTitle id="usage-title">Usage Statistics</CardTitle>
          {usage.isPending && <Skeleton $h={60} />}
          {usage.isError && <p role="alert">{MEMBERSHIP_MESSAGES.load}</p>}
          {usage.data && (
            <Stack $gap={4}>
              <UsageBar label="Searches" used={usage.data.searchesUsed} limit={usage.data.searchesLimit} />
              <UsageBar label="Product Views" used={usage.data.productViewsUsed} limit={usage.data.productViewsLimit} />
            </Stack>
          )}
        </Card>
      </Grid>
      <Card aria-labelledby="billing-title">
        <CardTitle id="billing-title">Billing History</CardTitle>
        {history.isPending && <Skeleton $h={80} />}
        {history.isError && <ErrorState message={MEMBERSHIP_MESSAGES.load} onRetry={() => void history.refetch()} />}
        {history.data && <BillingHistory entries={history.data} />}
      </Card>
      <Modal open={confirming} title="Cancel Subscription" onClose={() => setConfirming(false)}>
        <Stack $gap={4}>
          <p style={{ margin: 0 }}>
            Cancel your subscription? You keep access until {formatDate(current?.nextBillingDate)}, and you will not be charged again.
          </p>
          <Stack $row $gap={2} $justify="flex-end">
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              Keep Subscription
            </Button>
            <Button type="button" $variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              Yes, Cancel
            </Button>
          </Stack>
        </Stack>
      </Modal>
    </Page>
  );
}
