import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../../test/test-support.tsx';
import MembershipPage from './MembershipPage.tsx';

const paidPlan = { name: 'premium', status: 'active', amount: 9990, billingCycle: 'yearly', nextBillingDate: '2027-11-22T10:00:00.000Z', cancelAtPeriodEnd: false, periodEnd: '2027-11-22T10:00:00.000Z' };
const usage = { tier: 'premium', searchesUsed: 3, searchesLimit: null, productViewsUsed: 200, productViewsLimit: 250, collectionItemsUsed: 0, collectionItemsLimit: 20, searchResultsLimit: 60, canPerformSearch: true, canViewProduct: true, canAddToCollection: true, trialEndsAt: null, daysLeftInTrial: null, isTrialExpired: false, periodEndsAt: null };
const status = { plan: { name: 'premium', displayName: 'Pro' }, subscription: { tier: 'premium', status: 'active', billingPeriod: 'yearly', trialEndsAt: null, currentPeriodEnd: paidPlan.nextBillingDate, cancelAtPeriodEnd: false, gateway: 'local' } };
const invoice = { id: 'in_1', date: '2026-11-22T10:00:00.000Z', description: 'Pro (yearly)', amount: 9990, status: 'paid', invoiceUrl: 'http://127.0.0.1:8080/api/membership/local/invoices/in_1', lines: [] };

signedInForEachTest();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('membership dashboard', () => {
  it('shows the plan, its cost and renewal, usage against the limits, and the billing history with invoice links', async () => {
    stubApi({ 'GET /api/membership/status': status, 'GET /api/membership/current-plan': paidPlan, 'GET /api/membership/usage': usage, 'GET /api/membership/billing-history': [invoice] });
    renderScreen(<MembershipPage />);
    expect(await screen.findByText('$99.90/year')).toBeTruthy();
    expect(screen.getByText('$99.90/year').previousElementSibling?.textContent).toBe('Yearly Cost');
    expect(screen.queryByText('Monthly Cost')).toBeNull();
    expect(screen.getByText('Auto-renew')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Product Views' }).dataset.tone).toBe('orange');
    expect(screen.getByText('near limit')).toBeTruthy();
    const row = (await screen.findByText('Pro (yearly)')).closest('tr')!;
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe(invoice.invoiceUrl);
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it("cancels only after the confirmation, then reads 'Cancelling' and hides the cancel button", async () => {
    let plan = paidPlan;
    const calls = stubApi({
      'GET /api/membership/status': status,
      'GET /api/membership/current-plan': () => ({ status: 200, body: { data: plan } }),
      'GET /api/membership/usage': usage,
      'GET /api/membership/billing-history': [invoice],
      'POST /api/membership/cancel': () => {
        plan = { ...paidPlan, status: 'cancelling', cancelAtPeriodEnd: true };
        return { status: 200, body: { data: plan } };
      },
    });
    renderScreen(<MembershipPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Cancel' }));
    expect(await screen.findByText('Cancelling')).toBeTruthy();
    expect(await screen.findByText('Subscription cancelled')).toBeTruthy();
    // The period end, where the next bill was: 'Access until Nov 22, 2027', not 'Next Billing —'.
    expect(screen.getByText('Access until').nextElementSibling?.textContent).toBe('Nov 22, 2027');
    expect(screen.queryByText('Next Billing')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('offers a trial user both upgrades and warns when 3 or fewer days are left', async () => {
    stubApi({
      'GET /api/membership/status': { ...status, plan: { name: 'trial', displayName: 'Free Trial' } },
      'GET /api/membership/current-plan': { ...paidPlan, name: 'trial', amount: 0, billingCycle: null },
      'GET /api/membership/usage': { ...usage, tier: 'trial', searchesLimit: 10, daysLeftInTrial: 2, trialEndsAt: '2026-11-24T10:00:00.000Z' },
      'GET /api/membership/billing-history': [],
    });
    renderScreen(<MembershipPage />);
    expect(await screen.findByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Collector' })).toBeTruthy();
    expect((await screen.findByText(/Your free trial ends in 2 days/)).textContent).toContain('Nov 24, 2026');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it("shows a plan change's invoice with the credit for unused time line by line", async () => {
    const change = {
      ...invoice,
      id: 'in_2',
      description: 'Change to Expert (monthly)',
      amount: 0,
      lines: [
        { description: 'Unused time on Pro (yearly) after Nov 27, 2026', amount: -9908 },
        { description: 'Expert (monthly) from Nov 27, 2026 to Dec 27, 2026', amount: 1999 },
      ],
    };
    stubApi({ 'GET /api/membership/status': status, 'GET /api/membership/current-plan': paidPlan, 'GET /api/membership/usage': usage, 'GET /api/membership/billing-history': [change, invoice] });
    renderScreen(<MembershipPage />);
    const lines = await screen.findByRole('list', { name: 'Lines of Change to Expert (monthly)' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Unused time on Pro (yearly) after Nov 27, 2026-$99.08',
      'Expert (monthly) from Nov 27, 2026 to Dec 27, 2026$19.99',
    ]);
  });

  it('says nothing was charged after a cancelled checkout, and shows the load error', async () => {
    stubApi({ 'GET /api/membership/status': () => ({ status: 503, body: { message: 'down', code: 'UNAVAILABLE' } }), 'GET /api/membership/current-plan': paidPlan, 'GET /api/membership/usage': usage, 'GET /api/membership/billing-history': [] });
    renderScreen(<MembershipPage />, { path: '/admin/membership', route: '/admin/membership?checkout=cancel' });
    expect(screen.getByText('Checkout cancelled. Nothing was charged.')).toBeTruthy();
    expect((await screen.findAllByText('Error loading membership data')).length).toBeGreaterThan(0);
  });
});

describe('membership dashboard of the administrator', () => {
  signedInForEachTest('admin');

  it("shows an administrator's status: no plan, no limits, nothing to buy", async () => {
    stubApi({
      'GET /api/membership/status': { plan: { name: 'trial', displayName: 'Free Trial' }, subscription: { ...status.subscription, tier: 'trial', status: 'trialing', trialEndsAt: '2026-11-24T10:00:00.000Z' } },
      'GET /api/membership/current-plan': { ...paidPlan, name: 'trial', status: 'trialing', amount: 0, billingCycle: null, nextBillingDate: null, periodEnd: null },
      'GET /api/membership/usage': { ...usage, tier: 'admin', productViewsLimit: null, collectionItemsLimit: null },
      'GET /api/membership/billing-history': [],
    });
    renderScreen(<MembershipPage />);
    expect(await screen.findByText('Administrator')).toBeTruthy();
    expect(screen.getByText('No limits')).toBeTruthy();
    for (const name of ['Upgrade to Pro', 'Upgrade to Collector', 'Manage Billing', 'Cancel Subscription']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByText(/free trial/i)).toBeNull();
  });
});
