import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { smtpCatcher, waitFor, type CaughtEmail } from '@kicksight/testkit';
import { adminLogin, api, continueOnWeb, openAs, register, useBrowser, WEB } from '../fixture.ts';
import { SCREENSHOTS } from '../screenshots.ts';

const browser = useBrowser();
const smtp = smtpCatcher(process.env.KS_SMTP_API_URL ?? 'http://127.0.0.1:8025/api');

async function emailTo(address: string, subject: string): Promise<CaughtEmail> {
  return waitFor(async () => (await smtp.to(address)).find((mail) => mail.subject === subject), { timeoutMs: 30_000, message: `"${subject}" to ${address}` });
}

/** Opens the change to monthly Expert from the upgrade page and waits for its amounts. */
async function openChangeToMonthlyExpert(page: Page) {
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await page.getByRole('article', { name: /Expert/ }).getByRole('button', { name: 'Upgrade to Expert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm plan change' });
  await dialog.getByText('Due today').waitFor();
  return dialog;
}

/** The confirmation in the light and dark theme, at 1280 and 390 px: `.stack/screenshots/plan-change-confirmation-<theme>-<width>.png`. */
async function screenshotConfirmation(page: Page) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((value) => localStorage.setItem('kicksight-theme', value), theme);
      await page.reload();
      const dialog = await openChangeToMonthlyExpert(page);
      await page.screenshot({ path: resolve(SCREENSHOTS, `plan-change-confirmation-${theme}-${width}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a yearly Pro member changes to monthly Expert', () => {
  // A long journey: four reloads for the screenshots besides the payment, the change and the cancellation.
  it('sees the price with the credit for the unused year before anything is charged, confirms, gets the email, and finds the credit in the billing history', { timeout: 150_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const member = await register('plan-change');
    const email = member.user.email;
    const checkout = await api('POST', '/api/membership/checkout', { token: member.tokens.accessToken, body: { planName: 'premium', billingPeriod: 'yearly' } });
    expect(checkout.status).toBe(200);
    await openAs(page, member, '/admin/membership');
    await page.goto(checkout.body.data.url);
    await page.getByRole('button', { name: 'Pay $99.90' }).click();
    await page.waitForURL(/\/admin\/membership\?checkout=success/, { timeout: 15_000 });
    await continueOnWeb(page);
    await page.getByText('Payment successful! Your Pro plan is active.').waitFor({ timeout: 30_000 });

    // The cost reads per cycle.
    const plan = page.getByRole('region', { name: 'Current Plan' });
    await plan.getByText('$99.90/year').waitFor();
    expect(await plan.getByText('Yearly Cost').count()).toBe(1);
    expect(await plan.getByText('Monthly Cost').count()).toBe(0);
    const history = page.getByRole('region', { name: 'Billing History' });
    await history.getByRole('row').filter({ hasText: '$99.90' }).waitFor();
    const invoicesBefore = await history.getByRole('row').count();

    await page.goto(`${WEB}/admin/upgrade`);
    await page.getByRole('article', { name: /Expert/ }).waitFor();
    // The cycle toggle starts at the member's own cycle.
    expect(await page.getByRole('button', { name: 'Yearly', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: resolve(SCREENSHOTS, 'plan-change-upgrade-yearly.png') });

    const dialog = await openChangeToMonthlyExpert(page);
    await dialog.getByText('Expert · Monthly').waitFor();
    const credit = dialog.getByRole('row').filter({ hasText: /^Unused time on Pro \(yearly\) after / });
    const creditAmount = (await credit.locator('td').nth(1).textContent())!;
    // Nearly the whole year is unused: about $99.90 comes back.
    expect(creditAmount).toMatch(/^-\$99\.\d\d$/);
    expect(await dialog.getByRole('row').filter({ hasText: /^Expert \(monthly\) from / }).locator('td').nth(1).textContent()).toBe('$19.99');
    // $19.99 less the credit is below zero: nothing is due today and the rest pays the next bills.
    expect(await dialog.getByRole('row').filter({ hasText: 'Due today' }).locator('td').nth(1).textContent()).toBe('$0');
    await dialog.getByText('Credit left over from your current plan is used on your next bills.').waitFor();
    expect(await dialog.getByText('Next billing').locator('xpath=following-sibling::dd[1]').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} · \$0$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Nothing was charged by looking.
    const unchanged = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('kicksight-auth') ?? 'null')?.tokens?.accessToken;
      const answer = await fetch('/api/membership/billing-history', { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { data: unknown[] }).data.length;
    });
    expect(unchanged).toBe(invoicesBefore - 1);

    await screenshotConfirmation(page);

    const confirmDialog = await openChangeToMonthlyExpert(page);
    await confirmDialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/admin\/membership/, { timeout: 15_000 });
    await page.getByText('Payment successful! Your Expert plan is active.').waitFor({ timeout: 30_000 });

    const mail = await emailTo(email, 'Your Kicksight plan is now Expert (monthly)');
    expect(mail.text).toContain('you moved from Pro (yearly) to Expert (monthly)');
    expect(mail.text).toContain(`Unused time on Pro (yearly) after`);
    expect(mail.text).toContain(creditAmount.replace('-', '−'));
    expect(mail.text).toMatch(/- Expert \(monthly\) from .+: \$19\.99/);
    expect(mail.text).toContain('Charged today: $0.00');

    await plan.getByText('$19.99/month').waitFor();
    expect(await plan.getByText('Monthly Cost').count()).toBe(1);
    const change = history.getByRole('row').filter({ hasText: 'Change to Expert (monthly)' });
    await change.waitFor();
    const lines = change.getByRole('list', { name: 'Lines of Change to Expert (monthly)' });
    expect(await lines.getByRole('listitem').first().textContent()).toMatch(new RegExp(`^Unused time on Pro \\(yearly\\) after .+${creditAmount.replace('$', '\\$').replace('.', '\\.')}$`));
    expect(await lines.getByRole('listitem').nth(1).textContent()).toMatch(/^Expert \(monthly\) from .+\$19\.99$/);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'plan-change-billing-history.png'), fullPage: true });

    // Cancelling says until when access runs, and so does the email.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel' }).click();
    await plan.getByText('Cancelling').waitFor();
    const accessUntil = (await plan.getByText('Access until').locator('xpath=following-sibling::dd[1]').textContent())!;
    expect(accessUntil).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await plan.getByText('Next Billing').count()).toBe(0);
    const longDate = new Date(`${accessUntil} UTC`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
    const cancelled = await emailTo(email, `Your Kicksight Expert membership ends on ${longDate}`);
    expect(cancelled.text).toContain(`You keep access until ${longDate}`);
    await context.close();
  });
});

describe("the administrator's own membership pages", () => {
  it('show the administrator status, with no trial, no plan and no purchase buttons', async () => {
    const admin = await adminLogin();
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    await openAs(page, admin, '/admin/upgrade');
    await page.getByLabel('Current plan').getByText('Administrator', { exact: true }).waitFor();
    expect(await page.getByText('Free Trial').count()).toBe(0);
    expect(await page.getByText(/free trial ends/i).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button', { name: /^Upgrade to|^Switch to (Monthly|Yearly)/ }).count()).toBe(0);

    await page.goto(`${WEB}/admin/membership`);
    await page.getByRole('region', { name: 'Current Plan' }).getByText('Administrator', { exact: true }).waitFor();
    for (const name of ['Upgrade to Pro', 'Upgrade to Collector', 'Manage Billing', 'Cancel Subscription']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'plan-change-admin-membership.png'), fullPage: true });
    await context.close();
  });
});
