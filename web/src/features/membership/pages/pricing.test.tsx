import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { PLANS } from '@kicksight/contracts/plans';
import { renderScreen, stubApi } from '../../../test/test-support.tsx';
import PricingPage from './PricingPage.tsx';

const plans = Object.values(PLANS).map(({ entitlements: _e, ...plan }) => plan);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pricing page', () => {
  it("shows the hero, the pricing page's own savings badge and guarantee, and the six FAQ entries", async () => {
    stubApi({ 'GET /api/membership/plans': plans });
    renderScreen(<PricingPage />);
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    expect(screen.getByText('3-day free trial included')).toBeTruthy();
    expect(screen.getByText('Save up to 23%')).toBeTruthy();
    expect(screen.queryByText('Save up to 25%')).toBeNull();
    expect(screen.queryByText(/7-Day Money-Back Guarantee/i)).toBeNull();
    expect(screen.getByText(/30-day money-back guarantee/)).toBeTruthy();
    expect(document.querySelectorAll('details')).toHaveLength(6);
    expect(await screen.findByText('Most Popular')).toBeTruthy();
  });

  it('shows three plan cards with their limits, and the comparison table with Trial, Pro and Expert', async () => {
    stubApi({ 'GET /api/membership/plans': plans });
    renderScreen(<PricingPage />);
    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(pro.textContent).toContain('$9.99');
    expect(pro.textContent).toContain('Product Views250');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Feature', 'Trial', 'Pro', 'Expert']);
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(pro.textContent).toContain('$99.90');
  });

  it('sends a visitor who picks a paid plan yearly to register with plan and billing', async () => {
    stubApi({ 'GET /api/membership/plans': plans });
    renderScreen(<PricingPage />, { path: '/pricing', route: '/pricing' });
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/register?plan=premium&billing=yearly');
  });
});
