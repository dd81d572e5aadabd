import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { PLANS } from '@kicksight/contracts/plans';
import { renderScreen, signedInForEachTest, stubApi } from '../../../test/test-support.tsx';
import UpgradePage from './UpgradePage.tsx';

const plans = Object.values(PLANS).map(({ entitlements: _e, ...plan }) => plan);
const usage = (over: Record<string, unknown> = {}) => ({
  tier: 'trial',
  searchesUsed: 8,
  searchesLimit: 10,
  productViewsUsed: 1,
  productViewsLimit: 5,
  collectionItemsUsed: 5,
  collectionItemsLimit: 5,
  searchResultsLimit: 20,
  canPerformSearch: true,
  canViewProduct: true,
  canAddToCollection: false,
  trialEndsAt: '2026-11-24T10:00:00.000Z',
  daysLeftInTrial: 2,
  isTrialExpired: false,
  periodEndsAt: null,
  ...over,
});
const status = (name: 'trial' | 'premium' | 'unlimited', billingPeriod: 'monthly' | 'yearly' | null = null) => ({
  plan: { name, displayName: PLANS[name].displayName },
  subscription: { tier: name, status: name === 'trial' ? 'trialing' : 'active', billingPeriod, trialEndsAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, gateway: 'local' },
});
const preview = {
  plan: 'unlimited',
  billingCycle: 'yearly',
  amountDue: 10082,
  lines: [
    { description: 'Unused time on Pro (yearly) after Nov 27, 2026', amount: -9908 },
    { description: 'Expert (yearly) from Nov 27, 2026 to Nov 27, 2027', amount: 19990 },
  ],
  nextBillingDate: '2027-11-27T10:00:00.000Z',
  nextBillingAmount: 19990,
  prorationDate: '2026-11-27T10:00:00.000Z',
};

signedInForEachTest();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('upgrade page', () => {
  it("shows the upgrade page's own savings badge and the 7-day guarantee, not the pricing page's", async () => {
    stubApi({ 'GET /api/membership/plans': plans, 'GET /api/membership/status': status('trial'), 'GET /api/membership/usage': usage() });
    renderScreen(<UpgradePage />);
    expect(await screen.findByText('Save up to 25%')).toBeTruthy();
    expect(screen.getByText('7-Day Money-Back Guarantee')).toBeTruthy();
    expect(screen.queryByText('Save up to 23%')).toBeNull();
    expect(screen.queryByText(/30-day/i)).toBeNull();
  });

  it('shows the trial badge, usage bars by colour, the trial-ending date, and only the paid plans', async () => {
    stubApi({ 'GET /api/membership/plans': plans, 'GET /api/membership/status': status('trial'), 'GET /api/membership/usage': usage() });
    renderScreen(<UpgradePage />);
    expect((await screen.findByRole('progressbar', { name: 'Daily Searches' })).dataset.tone).toBe('orange');
    expect(screen.getByRole('progressbar', { name: 'Product Views' }).dataset.tone).toBe('green');
    expect(screen.getByRole('progressbar', { name: 'Collection Items' }).dataset.tone).toBe('red');
    expect(screen.getByRole('alert').textContent).toContain('Nov 24, 2026');
    expect(await screen.findByRole('article', { name: 'Pro' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Free Trial' })).toBeNull();
    expect(within(screen.getByLabelText('Current plan')).getByText('Trial')).toBeTruthy();
  });

  it("marks the current plan, reads 'Not Available' below it, and links paid users to manage the subscription", async () => {
    stubApi({ 'GET /api/membership/plans': plans, 'GET /api/membership/status': status('premium'), 'GET /api/membership/usage': usage({ tier: 'premium', searchesLimit: null }) });
    renderScreen(<UpgradePage />);
    const pro = await screen.findByRole('article', { name: /Pro/ });
    expect(within(pro).getByRole('button', { name: 'Current Plan' })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('article', { name: /Expert/ })).getByRole('button', { name: 'Upgrade to Expert' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe('/settings');
  });

  it("tells an Expert member they are on the highest plan, with the way back to the dashboard", async () => {
    stubApi({ 'GET /api/membership/plans': plans, 'GET /api/membership/status': status('unlimited'), 'GET /api/membership/usage': usage({ tier: 'unlimited' }) });
    renderScreen(<UpgradePage />);
    expect(await screen.findByText("You're on the highest plan!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(await screen.findByRole('article', { name: 'Pro' })).getByRole('button', { name: 'Not Available' })).toHaveProperty('disabled', true);
  });

  it("says 'Error loading usage data' when usage cannot be read", async () => {
    stubApi({ 'GET /api/membership/plans': plans, 'GET /api/membership/status': status('trial'), 'GET /api/membership/usage': () => ({ status: 503, body: { message: 'down', code: 'UNAVAILABLE' } }) });
    renderScreen(<UpgradePage />);
    expect(await screen.findByText('Error loading usage data')).toBeTruthy();
  });

  it("starts the cycle toggle at a yearly member's cycle, and confirms a change with its price before charging", async () => {
    const calls = stubApi({
      'GET /api/membership/plans': plans,
      'GET /api/membership/status': status('premium', 'yearly'),
      'GET /api/membership/usage': usage({ tier: 'premium', searchesLimit: null }),
      'POST /api/membership/change-plan/preview': preview,
      'POST /api/membership/change-plan': { plan: { name: 'unlimited' }, amountCharged: 10082 },
    });
    renderScreen(<UpgradePage />, { path: '/admin/upgrade', route: '/admin/upgrade' });
    const expert = await screen.findByRole('article', { name: /Expert/ });
    expect(screen.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(expert).getByRole('button', { name: 'Upgrade to Expert' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
    expect(await within(dialog).findByText('Expert · Yearly')).toBeTruthy();
    expect(within(dialog).getByText('Unused time on Pro (yearly) after Nov 27, 2026').nextElementSibling?.textContent).toBe('-$99.08');
    expect(within(dialog).getByText('Due today').nextElementSibling?.textContent).toBe('$100.82');
    expect(within(dialog).getByText('Next billing').nextElementSibling?.textContent).toBe('Nov 27, 2027 · $199.90');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/membership/change-plan/preview']);
    expect(calls.find((c) => c.path === '/api/membership/change-plan/preview')?.body).toEqual({ plan: 'unlimited', billingCycle: 'yearly' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('elsewhere', {}, { timeout: 10_000 })).toHaveProperty('textContent', '/admin/membership?checkout=success&plan=unlimited');
    expect(calls.find((c) => c.path === '/api/membership/change-plan')?.body).toEqual({ plan: 'unlimited', billingCycle: 'yearly', amountDue: 10082, prorationDate: preview.prorationDate });
    expect(calls.some((c) => c.path === '/api/membership/checkout')).toBe(false);
  });

  it("offers no plan while the member's own plan is still loading, so a paid member's click never starts a new checkout", async () => {
    stubApi({ 'GET /api/membership/plans': plans, 'GET /api/membership/usage': usage({ tier: 'premium', searchesLimit: null }) });
    const answered = globalThis.fetch;
    // The status never answers: the page knows the plans but not whose they are.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).includes('/api/membership/status') ? new Promise<Response>(() => {}) : answered(input, init)));
    renderScreen(<UpgradePage />, { path: '/admin/upgrade', route: '/admin/upgrade' });
    // The plans have come (the comparison shows them) and so has the usage.
    expect(await screen.findByRole('region', { name: 'Feature Comparison' })).toBeTruthy();
    expect(await screen.findByText('Daily Searches')).toBeTruthy();
    expect(screen.queryByRole('article', { name: /Expert/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Monthly' })).toBeNull();
  });

  it("says 'Error loading membership data' with a retry, and offers no plan, when the member's plan cannot be read", async () => {
    let down = true;
    stubApi({
      'GET /api/membership/plans': plans,
      'GET /api/membership/status': () => (down ? { status: 503, body: { message: 'down', code: 'SERVICE_UNAVAILABLE' } } : { status: 200, body: { data: status('premium', 'yearly') } }),
      'GET /api/membership/usage': usage({ tier: 'premium', searchesLimit: null }),
    });
    renderScreen(<UpgradePage />, { path: '/admin/upgrade', route: '/admin/upgrade' });
    const plansRegion = await screen.findByRole('region', { name: 'Plans' });
    expect(await within(plansRegion).findByText('Error loading membership data')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    down = false;
    fireEvent.click(within(plansRegion).getByRole('button', { name: 'Retry' }));
    const expert = await screen.findByRole('article', { name: /Expert/ });
    expect(within(expert).getByRole('button', { name: 'Upgrade to Expert' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('cancels a change without charging, offers the other cycle of the current plan, and shows a refused confirmation', async () => {
    const calls = stubApi({
      'GET /api/membership/plans': plans,
      'GET /api/membership/status': status('premium', 'yearly'),
      'GET /api/membership/usage': usage({ tier: 'premium', searchesLimit: null }),
      'POST /api/membership/change-plan/preview': { ...preview, plan: 'premium', billingCycle: 'monthly' },
      'POST /api/membership/change-plan': () => ({ status: 409, body: { code: 'PLAN_CHANGE_STALE', message: 'The amount due is now $1.00, not $100.82. Review it before confirming.' } }),
    });
    renderScreen(<UpgradePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Monthly' }));
    const pro = await screen.findByRole('article', { name: /Pro/ });
    fireEvent.click(within(pro).getByRole('button', { name: 'Switch to Monthly' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
    await within(dialog).findByText('Pro · Monthly');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/api/membership/change-plan')).toBe(false);

    fireEvent.click(within(pro).getByRole('button', { name: 'Switch to Monthly' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Plan change failed: The amount due is now $1.00, not $100.82. Review it before confirming.');
  });

  it('offers a member who cancelled to keep the current plan, through the same confirmation', async () => {
    const cancelled = status('premium', 'monthly');
    cancelled.subscription.cancelAtPeriodEnd = true;
    const calls = stubApi({
      'GET /api/membership/plans': plans,
      'GET /api/membership/status': cancelled,
      'GET /api/membership/usage': usage({ tier: 'premium', searchesLimit: null }),
      'POST /api/membership/change-plan/preview': { ...preview, plan: 'premium', billingCycle: 'monthly', amountDue: 0 },
    });
    renderScreen(<UpgradePage />);
    fireEvent.click(within(await screen.findByRole('article', { name: /Pro/ })).getByRole('button', { name: 'Keep Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
    await within(dialog).findByText('Pro · Monthly');
    expect(calls.find((c) => c.path === '/api/membership/change-plan/preview')?.body).toEqual({ plan: 'premium', billingCycle: 'monthly' });
  });

  it("says what the preview could not work out, with no way to confirm", async () => {
    stubApi({
      'GET /api/membership/plans': plans,
      'GET /api/membership/status': status('premium', 'monthly'),
      'GET /api/membership/usage': usage({ tier: 'premium', searchesLimit: null }),
      'POST /api/membership/change-plan/preview': () => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Payments are unavailable right now. Please try again shortly.' } }),
    });
    renderScreen(<UpgradePage />);
    fireEvent.click(within(await screen.findByRole('article', { name: /Expert/ })).getByRole('button', { name: 'Upgrade to Expert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
    expect(await within(dialog).findByText('Could not work out the price of this change.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});

describe('upgrade page of the administrator', () => {
  signedInForEachTest('admin');

  it("shows the administrator's status with no trial and no purchase buttons", async () => {
    stubApi({ 'GET /api/membership/plans': plans, 'GET /api/membership/status': { ...status('trial'), subscription: { ...status('trial').subscription, trialEndsAt: '2026-11-24T10:00:00.000Z' } }, 'GET /api/membership/usage': usage({ tier: 'admin', trialEndsAt: null, daysLeftInTrial: null }) });
    renderScreen(<UpgradePage />);
    const current = await screen.findByLabelText('Current plan');
    expect(within(current).getByText('Administrator')).toBeTruthy();
    expect(within(current).queryByText('Trial')).toBeNull();
    expect(screen.queryByText(/free trial ends/i)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Upgrade to|^Switch to/ })).toBeNull();
  });
});
