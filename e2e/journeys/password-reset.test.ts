import { describe, it } from 'vitest';
import { smtpCatcher, waitFor } from '@kicksight/testkit';
import { WEB, allowConsoleErrors, expect, openPage, signIn, testAccount, useBrowser } from '../fixture.ts';
import { screenshot } from '../screenshots.ts';
import { api } from '../api.ts';

const SMTP_API = process.env.KS_SMTP_API_URL ?? 'http://127.0.0.1:8025/api';
const browser = useBrowser();

describe('forgot password in the browser', () => {
  it("resets the password with the email's link and signs in with the new one, back where the guard stopped", async () => {
    const account = await testAccount('reset');
    const { page, errors } = await openPage(browser());

    await page.goto(`${WEB}/login`);
    await screenshot(page, 'login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${WEB}/forgot-password`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText("If an account with that email exists, we've sent you a password reset link.").waitFor();

    const link = await waitFor(
      async () => {
        const mails = await smtpCatcher(SMTP_API).to(account.email);
        const body = mails.map((mail) => `${mail.text ?? ''} ${mail.html ?? ''}`).join(' ');
        return body.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/)?.[0];
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'the reset email' },
    );
    const token = new URL(link).searchParams.get('token')!;

    await page.goto(`${WEB}/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-1');
    await page.getByLabel('Confirm new password').fill('fresh-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('fresh-pass-1');
    await screenshot(page, 'reset-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password reset successful' }).waitFor();
    await screenshot(page, 'reset-password-success');
    await page.waitForURL(`${WEB}/login`, { timeout: 6_000 });

    // The reset ended every sign-in before it: an access token of one is refused at once, not when it expires.
    const refused = await waitFor(
      async () => {
        const answer = await api('GET', '/api/user/profile', { token: account.token });
        return answer.status === 401 ? answer : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 250, message: 'the access token of a sign-in the reset ended to be refused' },
    );
    expect(refused.body).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'SESSION_ENDED' });

    // The spent link and the old password are refused with a 4xx, which the browser logs.
    allowConsoleErrors(/status of 4\d\d .*\/api\/auth\/(verify-reset-token\?.*|login)\)$/);
    await page.goto(`${WEB}/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Invalid or expired link' }).waitFor();

    await page.goto(`${WEB}/admin/search?q=air%20max`);
    await page.waitForURL(`${WEB}/login`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('sneakers-123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password. Please try again.').waitFor();

    await signIn(page, account.email, 'fresh-pass-1');
    await page.waitForURL(`${WEB}/admin/search?q=air%20max`);
    expect(errors).toEqual([]);
  }, 120_000);
});
