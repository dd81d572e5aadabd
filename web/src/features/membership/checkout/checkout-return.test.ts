import { describe, expect, it } from 'vitest';
import { awaitPaidPlan, type CheckoutReturnDeps } from './checkout-return.ts';
import type { MembershipStatus, Subscription } from '../api.ts';

const status = (name: 'trial' | 'premium' | 'unlimited', state: Subscription['status'] = 'active'): MembershipStatus => ({
  plan: { name, displayName: { trial: 'Free Trial', premium: 'Pro', unlimited: 'Expert' }[name] },
  subscription: { tier: name, status: state, billingPeriod: 'yearly', trialEndsAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, gateway: 'local' },
});

function fakeClock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe('the checkout return', () => {
  it('polls until the plan is active, then refreshes until the token carries the tier', async () => {
    const answers = [status('trial', 'trialing'), status('trial', 'trialing'), status('premium')];
    const tiers = ['trial', 'premium'];
    let refreshes = 0;
    const deps: CheckoutReturnDeps = {
      ...fakeClock(),
      fetchStatus: async () => answers.shift() ?? status('premium'),
      refreshTier: async () => {
        refreshes += 1;
        return tiers.shift();
      },
    };
    await expect(awaitPaidPlan(deps)).resolves.toEqual({ state: 'active', plan: { name: 'premium', displayName: 'Pro' } });
    expect(answers).toHaveLength(0);
    expect(refreshes).toBe(2);
  });

  it('keeps trying through failed calls and gives up at the deadline', async () => {
    const clock = fakeClock();
    let calls = 0;
    const outcome = await awaitPaidPlan({
      ...clock,
      deadlineMs: 5_000,
      pollMs: 1_000,
      fetchStatus: async () => {
        calls += 1;
        if (calls % 2) throw new Error('HTTP 503');
        return status('trial', 'trialing');
      },
      refreshTier: async () => 'trial',
    });
    expect(outcome).toEqual({ state: 'timeout' });
    expect(calls).toBe(5);
    expect(clock.now()).toBe(5_000);
  });

  it('after a plan change, waits for the plan chosen rather than the one before it', async () => {
    const answers = [status('premium'), status('premium'), status('unlimited')];
    const outcome = await awaitPaidPlan({ ...fakeClock(), expectedPlan: 'unlimited', fetchStatus: async () => answers.shift() ?? status('unlimited'), refreshTier: async () => 'unlimited' });
    expect(outcome).toEqual({ state: 'active', plan: { name: 'unlimited', displayName: 'Expert' } });
    expect(answers).toHaveLength(0);
  });
});
