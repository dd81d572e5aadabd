import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
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
const status = (name: 'trial' | 'premium' | 'unlimited') => ({
  plan: { name, displayName: PLANS[name].displayName },
  subscription: { tier: name, status: name === 'trial' ? 'trialing' : 'active', billingPeriod: null, trialEndsAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, gateway: 'local' },
});

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
});
