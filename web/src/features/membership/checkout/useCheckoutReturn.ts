import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { session } from '../../../session/session.ts';
import { trackEvent } from './analytics.ts';
import { CHECKOUT_MESSAGES, awaitPaidPlan } from './checkout-return.ts';
import { fetchMembershipStatus, membershipQueries } from '../api.ts';

type CheckoutReturnState = { tone: 'info' | 'success' | 'warning'; message: string } | null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The return from the payment page (or a confirmed plan change, `&plan=<name>`) to
 * `/admin/membership?checkout=success|cancel`: on success it waits
 * for the plan to be active and the token to carry it, then says so; on cancel it says nothing was charged.
 */
export function useCheckoutReturn(): CheckoutReturnState {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  const expectedPlan = params.get('plan');
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [state, setState] = useState<CheckoutReturnState>(() =>
    outcome === 'success' ? { tone: 'info', message: CHECKOUT_MESSAGES.waiting } : outcome === 'cancel' ? { tone: 'info', message: CHECKOUT_MESSAGES.cancelled } : null,
  );

  useEffect(() => {
    if (started.current || outcome !== 'success') return;
    started.current = true;
    void awaitPaidPlan({
      fetchStatus: fetchMembershipStatus,
      refreshTier: async () => {
        await session.refresh();
        return session.getState().user?.membershipTier;
      },
      now: () => Date.now(),
      sleep,
      expectedPlan,
    }).then((result) => {
      void queryClient.invalidateQueries({ queryKey: membershipQueries.all });
      if (result.state === 'active') {
        setState({ tone: 'success', message: CHECKOUT_MESSAGES.active(result.plan.displayName) });
        trackEvent('purchase', { items: [{ item_id: result.plan.name }] });
        trackEvent('conversion', { plan: result.plan.name });
      } else setState({ tone: 'warning', message: CHECKOUT_MESSAGES.slow });
      setParams({}, { replace: true });
    });
  }, [outcome, expectedPlan, queryClient, setParams]);

  return state;
}
