import { describe, it } from 'vitest';
import { adminLogin, expect, newPage, openAs, testLogin, uniqueEmail, useBrowser } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();

describe('admin analytics', () => {
  it('shows the admin the KPIs, the tabs and the newest users, and the email template page', async () => {
    const page = await newPage(browser());
    await openAs(page, await adminLogin(), '/admin/admin-panel');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 15_000 });
    await page.getByText('Monthly Recurring Revenue').waitFor();
    for (const kpi of ['Active Users', 'Trial Conversion', 'Churn Rate']) await page.getByText(kpi, { exact: true }).waitFor();
    await expect(page.getByRole('tab')).toHaveText(['Overview', 'Revenue', 'Users', 'Usage', 'System Health']);
    await expect(page.getByRole('img', { name: 'Trial conversions by day' }).locator('rect')).toHaveCount(7);
    await page.getByRole('tabpanel').getByRole('row').nth(1).waitFor();
    await expect.poll(() => page.getByRole('tabpanel').getByRole('row').count()).toBeLessThanOrEqual(11);
    await page.getByLabel('Range').selectOption('7');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('tab', { name: 'System Health' }).click();
    await page.getByText('System uptime').waitFor();
    await screenshotBothThemes(page, 'admin-panel', (p) => p.getByText('Monthly Recurring Revenue').waitFor());

    await page.goto(page.url().replace('/admin/admin-panel', '/admin/email-templates'));
    await page.getByRole('heading', { name: 'Email Templates' }).waitFor();
    await expect(page.getByRole('button', { name: /^Test [a-z]/ })).toHaveCount(10);
    await screenshotBothThemes(page, 'email-templates', (p) => p.getByRole('button', { name: 'Test All Templates' }).waitFor());
    await page.close();
  });

  it('shows the admin each process’s consumer lag, outbox backlog and job queues on the System Health tab', async () => {
    const page = await newPage(browser());
    await openAs(page, await adminLogin(), '/admin/admin-panel');
    await page.getByRole('tab', { name: 'System Health' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Processes' }).waitFor({ timeout: 15_000 });
    for (const process of ['bff', 'auth', 'catalog', 'collection', 'billing', 'prediction', 'notifications']) {
      await expect(panel.getByRole('row').filter({ has: page.getByRole('cell', { name: process, exact: true }) }).first()).toContainText('ready');
    }
    // Every service with an outbox reports its backlog; consumer groups their lag; notifications its email queue.
    const outboxes = panel.getByRole('region', { name: 'Outbox backlog' });
    for (const process of ['auth', 'catalog', 'collection', 'billing', 'notifications']) await expect(outboxes.getByRole('cell', { name: process, exact: true })).toBeVisible();
    await expect(panel.getByRole('region', { name: 'Consumer lag' }).getByRole('row')).not.toHaveCount(0);
    await expect(panel.getByRole('region', { name: 'Job queues' }).getByRole('row').filter({ hasText: 'email' })).toHaveCount(1);
    await expect(panel.getByText(/warning when the oldest has waited over 60 s/)).toBeVisible();
    await screenshotBothThemes(page, 'admin-system-health', async (p) => {
      await p.getByRole('tab', { name: 'System Health' }).click();
      await p.getByRole('region', { name: 'Outbox backlog' }).waitFor();
    });
    await page.close();
  });

  it("tells a member 'Access Denied' on the admin panel", async () => {
    const page = await browser().newPage();
    await openAs(page, await testLogin(uniqueEmail('member')), '/admin/admin-panel');
    await page.getByText('Access Denied').waitFor({ timeout: 15_000 });
    await page.getByText('You need administrator privileges to access this page.', { exact: false }).waitFor();
    await expect(page.getByText('Monthly Recurring Revenue')).toHaveCount(0);
    await page.close();
  });
});
