import type { MembershipStatus } from '../api.ts';

const CHECKOUT_RETURN_DEADLINE_MS = 30_000;
const CHECKOUT_POLL_MS = 1_000;

export const CHECKOUT_MESSAGES = {
  waiting: 'Confirming your payment...',
  active: (plan: string) => `Payment successful! Your ${plan} plan is active.`,
  slow: 'Your payment went through, but activating your plan is taking longer than usual. Refresh this page in a minute; you have not been charged twice.',
  cancelled: 'Checkout cancelled. Nothing was charged.',
} as const;

export interface CheckoutReturnDeps {
  fetchStatus(): Promise<MembershipStatus>;
  /** Refreshes the token and answers the tier it now carries. */
  refreshTier(): Promise<string | undefined>;
  now(): number;
  sleep(ms: number): Promise<void>;
  deadlineMs?: number;
  pollMs?: number;
  /** The plan the member just chose (a plan change): an older paid plan does not count as done. */
  expectedPlan?: string | null;
}

type CheckoutReturnOutcome = { state: 'active'; plan: MembershipStatus['plan'] } | { state: 'timeout' };

const isActivePaid = (status: MembershipStatus) =>
  status.plan.name !== 'trial' && (status.subscription?.status === 'active' || status.subscription?.status === 'trialing');

/**
 * After the payment page sends the browser back: polls the membership status until the paid plan is
 * active, then refreshes the token until its tier says so (auth's projection follows billing's events),
 * all within one deadline.
 */
export async function awaitPaidPlan(deps: CheckoutReturnDeps): Promise<CheckoutReturnOutcome> {
  const deadline = deps.now() + (deps.deadlineMs ?? CHECKOUT_RETURN_DEADLINE_MS);
  const pollMs = deps.pollMs ?? CHECKOUT_POLL_MS;
  let plan: MembershipStatus['plan'] | null = null;
  while (deps.now() < deadline) {
    try {
      if (!plan) {
        const status = await deps.fetchStatus();
        if (isActivePaid(status) && (!deps.expectedPlan || status.plan.name === deps.expectedPlan)) plan = status.plan;
      }
      if (plan) {
        const tier = await deps.refreshTier();
        if (tier === plan.name || tier === 'admin') return { state: 'active', plan };
      }
    } catch {
      // A failed poll is tried again until the deadline.
    }
    await deps.sleep(pollMs);
  }
  return { state: 'timeout' };
}
