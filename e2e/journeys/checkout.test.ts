import { describe, it } from 'vitest';
import { WEB, continueOnWeb, expect, uniqueEmail, useBrowser } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();

describe('a visitor buys Pro yearly from the pricing page', () => {
  it('registers, pays on the local checkout, lands premium, sees the invoice and cancels to Cancelling', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    await page.goto(`${WEB}/pricing`);
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await page.getByText('3-day free trial included').waitFor();
    await expect(page.getByText('Save up to 23%')).toHaveCount(1);
    await page.getByRole('article', { name: 'Pro' }).waitFor();
    await screenshotBothThemes(page, 'pricing', (p) => p.getByRole('article', { name: 'Pro' }).waitFor());

    await page.getByRole('button', { name: 'Yearly' }).click();
    await page.getByRole('article', { name: 'Pro' }).getByText('$99.90').waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${WEB}/register?plan=premium&billing=yearly`);
    const box = page.getByRole('region', { name: 'Selected plan' });
    await box.getByText('Save 23%').waitFor();
    await expect(box).toContainText('$99.90/year');
    await screenshotBothThemes(page, 'register-with-plan', (p) => p.getByRole('region', { name: 'Selected plan' }).getByText('Save 23%').waitFor());

    await page.getByLabel('Full name').fill('Yara Yearly');
    await page.getByLabel('Email').fill(uniqueEmail('yara'));
    await page.getByLabel('Password', { exact: true }).fill('sneakers-123');
    await page.getByLabel('Confirm password').fill('sneakers-123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account & Continue to Checkout' }).click();

    await page.waitForURL(/\/api\/membership\/local\/checkout\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay $99.90' }).click();

    await page.waitForURL(/\/admin\/membership\?checkout=success/, { timeout: 15_000 });
    await continueOnWeb(page);
    await page.getByText('Payment successful! Your Pro plan is active.').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('kicksight-auth') ?? 'null')?.user?.membershipTier)).toBe('premium');

    const plan = page.getByRole('region', { name: 'Current Plan' });
    await plan.getByText('Pro').first().waitFor();
    await plan.getByText('$99.90/year').waitFor();
    await plan.getByText('Auto-renew').waitFor();
    const history = page.getByRole('region', { name: 'Billing History' });
    const invoice = history.getByRole('row').filter({ hasText: '$99.90' });
    await invoice.getByText('Paid').waitFor();
    await expect(history.getByRole('columnheader')).toHaveText(['Date', 'Description', 'Amount', 'Status', 'Invoice']);
    await screenshotBothThemes(page, 'membership', (p) => p.getByRole('region', { name: 'Billing History' }).getByText('Paid').waitFor());

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel' }).click();
    await plan.getByText('Cancelling').waitFor();
    await page.getByText('Subscription cancelled').waitFor();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

    await page.goto(`${WEB}/admin/upgrade`);
    await page.getByText('Save up to 25%').waitFor();
    await page.getByText('7-Day Money-Back Guarantee').waitFor();
    // A cancelled plan can be kept from its card, through the same confirmation as any plan change.
    const pro = page.getByRole('article', { name: /Pro/ });
    await pro.getByText('Current Plan').waitFor();
    await pro.getByRole('button', { name: 'Keep Pro' }).waitFor();
    await screenshotBothThemes(page, 'upgrade', (p) => p.getByRole('progressbar', { name: 'Product Views' }).waitFor());
    await context.close();
  });
});
