import { describe, expect, it } from 'vitest';
import { WEB, continueOnWeb, screenshotBothThemes, uniqueEmail, sharedBrowser } from './part2-support.ts';

const browser = sharedBrowser();

describe('a visitor buys Pro yearly from the pricing page', () => {
  it('registers, pays on the local checkout, lands premium, sees the invoice and cancels to Cancelling', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    await page.goto(`${WEB}/pricing`);
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await page.getByText('3-day free trial included').waitFor();
    expect(await page.getByText('Save up to 23%').count()).toBe(1);
    await page.getByRole('article', { name: 'Pro' }).waitFor();
    await screenshotBothThemes(page, 'pricing', (p) => p.getByRole('article', { name: 'Pro' }).waitFor());

    await page.getByRole('button', { name: 'Yearly' }).click();
    await page.getByRole('article', { name: 'Pro' }).getByText('$99.90').waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${WEB}/register?plan=premium&billing=yearly`);
    const box = page.getByRole('region', { name: 'Selected plan' });
    await box.getByText('Save 23%').waitFor();
    expect(await box.textContent()).toContain('$99.90/year');
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
    const tier = await page.evaluate(() => JSON.parse(localStorage.getItem('kicksight-auth') ?? 'null')?.user?.membershipTier);
    expect(tier).toBe('premium');

    const plan = page.getByRole('region', { name: 'Current Plan' });
    await plan.getByText('Pro').first().waitFor();
    await plan.getByText('$99.90/year').waitFor();
    await plan.getByText('Auto-renew').waitFor();
    const history = page.getByRole('region', { name: 'Billing History' });
    const invoice = history.getByRole('row').filter({ hasText: '$99.90' });
    await invoice.getByText('Paid').waitFor();
    expect(await history.getByRole('columnheader').allTextContents()).toEqual(['Date', 'Description', 'Amount', 'Status', 'Invoice']);
    await screenshotBothThemes(page, 'membership', (p) => p.getByRole('region', { name: 'Billing History' }).getByText('Paid').waitFor());

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel' }).click();
    await plan.getByText('Cancelling').waitFor();
    await page.getByText('Subscription cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);

    await page.goto(`${WEB}/admin/upgrade`);
    await page.getByText('Save up to 25%').waitFor();
    await page.getByText('7-Day Money-Back Guarantee').waitFor();
    await page.getByRole('article', { name: /Pro/ }).getByRole('button', { name: 'Current Plan' }).waitFor();
    await screenshotBothThemes(page, 'upgrade', (p) => p.getByRole('progressbar', { name: 'Product Views' }).waitFor());
    await context.close();
  });
});
