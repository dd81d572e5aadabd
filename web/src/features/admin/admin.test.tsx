import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import AdminPanelPage from './AdminPanelPage.tsx';

const analytics = {
  health: { activeUsers: 12, newSignups: 4, trialUsers: 9, paidUsers: 3, systemUptime: 99.95, errorRate: 0.4 },
  revenue: { monthlyRecurringRevenue: 4997, averageRevenuePerUser: 1666, revenueByPlan: [{ plan: 'premium', subscribers: 3, revenue: 2997 }], revenueGrowth: [{ month: '2026-11', revenue: 4997, growth: 12 }] },
  trialConversion: { conversionRate: 25, convertedUsers: 3, totalTrialUsers: 12, conversionsByDay: Array.from({ length: 9 }, (_, i) => ({ date: `2026-11-${String(14 + i).padStart(2, '0')}`, conversions: i })) },
  churn: { churnRate: 5, churnedSubscriptions: 1 },
  usage: { byPlan: [{ plan: 'trial', avgSearchesPerUser: 3.25, avgProductViewsPerUser: 2, avgCollectionItems: 1, activeUsers: 9 }], topFeatures: [] },
};
const users = [
  { id: 'u1', name: 'Ann', email: 'ann@example.com', membershipTier: 'premium', membershipStatus: 'active', createdAt: '2026-11-20T00:00:00Z' },
  { id: 'u2', name: 'Bo', email: 'bo@example.com', membershipTier: 'trial', membershipStatus: 'trial', createdAt: '2026-11-21T00:00:00Z' },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin dashboard', () => {
  it('shows four KPI cards, the last 7 days of conversions and the newest 10 users', async () => {
    const calls = stubApi({ 'GET /api/admin/analytics/dashboard': analytics, 'GET /api/admin/users': { users } });
    renderScreen(<AdminPanelPage />);
    expect(await screen.findByText('Monthly Recurring Revenue')).toBeTruthy();
    expect(screen.getByText('$50')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    const chart = screen.getByRole('img', { name: 'Trial conversions by day' });
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/api/admin/users'))?.path).toBe('/api/admin/users?limit=10');
    const query = new URLSearchParams(calls.find((c) => c.path.startsWith('/api/admin/analytics'))!.path.split('?')[1]);
    expect(Date.parse(query.get('endDate')!) - Date.parse(query.get('startDate')!)).toBe(30 * 86_400_000);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Revenue', 'Users', 'Usage', 'System Health']);
    fireEvent.click(screen.getByRole('tab', { name: 'System Health' }));
    expect(within(screen.getByRole('tabpanel')).getByText('99.95%')).toBeTruthy();
  });

  it('groups the thousands of every count, in the cards, the summaries, the table and the chart axes', async () => {
    const large = {
      ...analytics,
      health: { ...analytics.health, activeUsers: 96_352, newSignups: 96_355, trialUsers: 96_298, paidUsers: 57 },
      trialConversion: { ...analytics.trialConversion, convertedUsers: 54, totalTrialUsers: 96_355 },
      churn: { churnRate: 0.1, churnedSubscriptions: 1_204 },
      usage: { ...analytics.usage, byPlan: [{ ...analytics.usage.byPlan[0], activeUsers: 96_298 }] },
    };
    stubApi({ 'GET /api/admin/analytics/dashboard': large, 'GET /api/admin/users': { users } });
    renderScreen(<AdminPanelPage />);
    expect(await screen.findByText('96,352')).toBeTruthy();
    expect(screen.getByText('96,355 new sign-ups')).toBeTruthy();
    expect(screen.getByText('54 of 96,355 trials')).toBeTruthy();
    expect(screen.getByText('1,204 cancelled')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('57 paid and 96,298 trial users; 96,355 new sign-ups in the range')).toBeTruthy();
    const ticks = [...within(panel).getByRole('img', { name: 'Users by kind' }).querySelectorAll('text[text-anchor="end"]')].map((t) => t.textContent);
    expect(ticks).toContain('100,000');
    expect(ticks.every((t) => /^\d{1,3}(,\d{3})*$/.test(t!))).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Usage' }));
    expect(within(screen.getByRole('tabpanel')).getByText('96,298')).toBeTruthy();
  });

  it("says 'Failed to fetch dashboard data' when analytics fail", async () => {
    stubApi({ 'GET /api/admin/analytics/dashboard': () => ({ status: 403, body: { message: 'Forbidden', code: 'FORBIDDEN' } }), 'GET /api/admin/users': { users } });
    renderScreen(<AdminPanelPage />);
    expect(await screen.findByText('Failed to fetch dashboard data')).toBeTruthy();
  });
});
