import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { idempotent } from '../../../api/client.ts';
import { ApiError, messageOf } from '../../../api/errors.ts';
import { Button, DialogActions, ErrorState, Modal, Skeleton, Stack, formatDate, useToast } from '../../../ui/index.ts';
import { confirmPlanChange, membershipQueries, type BillingPeriod, type PaidPlan, type Plan, type PlanChangePreview, type PlanChangeResult } from '../api.ts';
import { formatCharge } from '../checkout/price.ts';
import { cssVar } from '../../../theme/cssVars.ts';

export interface PlanChangeTarget {
  plan: Plan;
  billingCycle: BillingPeriod;
}

export const PLAN_CHANGE_TEXTS = {
  title: 'Confirm plan change',
  previewFailed: 'Could not work out the price of this change.',
  changed: 'Plan changed',
  failed: 'Plan change failed',
} as const;

const cycleName = (cycle: BillingPeriod) => (cycle === 'yearly' ? 'Yearly' : 'Monthly');

const Facts = styled.dl`
  display: grid;
  grid-template-columns: 1fr max-content;
  gap: 8px 16px;
  margin: 0;
  dt { color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
`;
const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  td { padding: 8px 0; border-top: 1px solid ${cssVar.colors.border}; vertical-align: top; }
  td.num { text-align: right; white-space: nowrap; padding-left: 12px; font-variant-numeric: tabular-nums; }
  td.credit { color: ${cssVar.colors.gain}; }
  tfoot td { font-weight: 700; font-size: 16px; }
`;
const Failure = styled.p`
  margin: 0;
  color: ${cssVar.colors.loss};
`;
const Note = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${cssVar.colors.textMuted};
`;

/** The preview of a change: the new plan and cycle, the amount due now line by line, the next bill. */
function PreviewFacts({ plan, preview }: { plan: Plan; preview: PlanChangePreview }) {
  const credited = preview.lines.some((line) => line.amount < 0);
  return (
    <Stack $gap={4}>
      <Facts>
        <dt>New plan</dt>
        <dd>
          {plan.displayName} · {cycleName(preview.billingCycle)}
        </dd>
      </Facts>
      <Lines aria-label="Amount due now">
        <tbody>
          {preview.lines.map((line) => (
            <tr key={line.description}>
              <td>{line.description}</td>
              <td className={line.amount < 0 ? 'num credit' : 'num'}>{formatCharge(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>Due today</td>
            <td className="num">{formatCharge(preview.amountDue)}</td>
          </tr>
        </tfoot>
      </Lines>
      <Facts>
        <dt>Next billing</dt>
        <dd>
          {formatDate(preview.nextBillingDate)} · {formatCharge(preview.nextBillingAmount)}
        </dd>
      </Facts>
      {credited && preview.nextBillingAmount < planPrice(plan, preview.billingCycle) && <Note>Credit left over from your current plan is used on your next bills.</Note>}
      <Note>Nothing is charged until you confirm.</Note>
    </Stack>
  );
}

const planPrice = (plan: Plan, cycle: BillingPeriod) => (cycle === 'yearly' ? plan.yearlyPrice : plan.price);

function PlanChangeBody({ target, onClose }: { target: PlanChangeTarget; onClose(): void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const preview = useQuery(membershipQueries.planChangePreview(target.plan.name as PaidPlan, target.billingCycle));
  const confirm = useMutation({
    mutationFn: idempotent<PlanChangePreview, PlanChangeResult>((shown, key) => confirmPlanChange(shown, key)),
    onSuccess: ({ amountCharged }) => {
      void queryClient.invalidateQueries({ queryKey: membershipQueries.all });
      toast.show({ title: PLAN_CHANGE_TEXTS.changed, description: `You're now on ${target.plan.displayName} (${target.billingCycle}). Charged today: ${formatCharge(amountCharged)}.` });
      onClose();
      navigate(`/admin/membership?checkout=success&plan=${target.plan.name}`);
    },
    // A preview that no longer holds was refused and nothing was charged: show the amount as it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void preview.refetch();
    },
  });

  if (preview.isPending) {
    return (
      <Stack $gap={3} aria-busy="true" aria-label="Working out the amount">
        <Skeleton />
        <Skeleton $h={80} />
        <Skeleton $w="60%" />
      </Stack>
    );
  }
  if (preview.isError) {
    return (
      <Stack $gap={4}>
        <ErrorState title={PLAN_CHANGE_TEXTS.previewFailed} message={messageOf(preview.error)} onRetry={() => void preview.refetch()} />
        <Stack $row $justify="flex-end">
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack $gap={4}>
      <PreviewFacts plan={target.plan} preview={preview.data} />
      {confirm.isError && <Failure role="alert">{`${PLAN_CHANGE_TEXTS.failed}: ${messageOf(confirm.error)}`}</Failure>}
      <DialogActions onCancel={onClose} label="Confirm" busyLabel="Confirming..." busy={confirm.isPending || preview.isFetching} onConfirm={() => confirm.mutate(preview.data)} />
    </Stack>
  );
}

/** Asks before any plan change of a paid member: the preview, then Confirm or Cancel. */
export function PlanChangeDialog({ target, onClose }: { target: PlanChangeTarget | null; onClose(): void }) {
  return (
    <Modal open={target !== null} title={PLAN_CHANGE_TEXTS.title} onClose={onClose}>
      {target && <PlanChangeBody key={`${target.plan.name}-${target.billingCycle}`} target={target} onClose={onClose} />}
    </Modal>
  );
}
