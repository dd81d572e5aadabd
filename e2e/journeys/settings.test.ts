import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { smtpCatcher, waitFor } from '@kicksight/testkit';
import { WEB, allowConsoleErrors, api, expect, newPage, openAs, register, testLogin, uniqueEmail, useBrowser } from '../fixture.ts';
import { screenshotBothThemes } from '../screenshots.ts';

const SMTP_API = process.env.KS_SMTP_API_URL ?? 'http://127.0.0.1:8025/api';

const browser = useBrowser();

const errorOf = async (page: Page, label: string) => {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id.split(' ')[0]}"]`).textContent() : null;
};

describe('settings in a real browser', () => {
  it('validates and saves the profile, mapping a taken email; an account without a password sees the Google notice', async () => {
    const taken = await testLogin(uniqueEmail('taken'));
    const user = await testLogin(uniqueEmail('settings'));
    const page = await newPage(browser());
    await openAs(page, user, '/admin/settings');
    const first = page.getByLabel('First name', { exact: true });
    const handle = user.user.email.split('@')[0];
    await expect.poll(() => first.inputValue(), { timeout: 15_000 }).toBe(handle);
    await page.getByText('Google OAuth Account').waitFor();
    await expect(page.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
    await screenshotBothThemes(page, 'settings', (p) => p.getByRole('button', { name: 'Save Profile' }).waitFor());

    await first.fill('');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => errorOf(page, 'First name')).toBe('First name is required');
    await expect.poll(() => errorOf(page, 'Email')).toBe('Please enter a valid email address');

    await first.fill('Sam');
    await page.getByLabel('Last name', { exact: true }).fill('Settings');
    // The taken email is answered 409, which the browser logs.
    allowConsoleErrors(/status of 409 .*\/api\/user\/profile\)$/);
    await page.getByLabel('Email', { exact: true }).fill(`  ${taken.user.email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('This email is already in use by another account').first().waitFor();

    // A new email takes effect from the link sent to it (this account signed in moments ago, so no password is asked).
    const fresh = `fresh-${Date.now()}@Example.com`;
    await page.getByLabel('Email', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Confirm your new email').first().waitFor();
    await page.getByText(`Waiting for confirmation: open the link we sent to ${fresh.toLowerCase()} to use it.`).waitFor();
    expect((await api('GET', '/api/user/profile', { token: user.tokens.accessToken })).body.data).toMatchObject({ name: 'Sam Settings', email: user.user.email });

    const link = await waitFor(
      async () => {
        const mails = await smtpCatcher(SMTP_API).to(fresh.toLowerCase());
        return mails.map((mail) => mail.text ?? '').join(' ').match(/https?:\/\/[^\s"'<>]+\/confirm-email\?token=[^\s"'<>&]+/)?.[0];
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'the email-change confirmation' },
    );
    await page.goto(`${WEB}/confirm-email?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`);
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByRole('heading', { name: 'Email changed' }).waitFor();
    const profile = await api('GET', '/api/user/profile', { token: user.tokens.accessToken });
    expect(profile.body.data).toMatchObject({ name: 'Sam Settings', email: fresh.toLowerCase() });
    await page.close();
  });

  it('changes the password with the rules and messages of the spec', async () => {
    const user = await register('password');
    const page = await browser().newPage();
    await openAs(page, user, '/admin/settings');
    await page.getByRole('button', { name: 'Change Password' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => errorOf(page, 'Current password')).toBe('Current password is required');
    await expect.poll(() => errorOf(page, 'New password')).toBe('New password is required');

    await page.getByLabel('Current password', { exact: true }).fill('Wrong-Password1!');
    await page.getByLabel('New password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm new password', { exact: true }).fill('weakpassword');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => errorOf(page, 'New password')).toBe('Password must contain uppercase, lowercase, number, and special character');

    // The wrong current password is answered 400, which the browser logs.
    allowConsoleErrors(/status of 400 .*\/api\/user\/password\)$/);
    await page.getByLabel('New password', { exact: true }).fill('Stronger-Pass2!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Stronger-Pass2!');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current password is incorrect').first().waitFor();

    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed').waitFor();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
    const login = await api('POST', '/api/auth/login', { body: { email: user.user.email, password: 'Stronger-Pass2!' } });
    expect(login.status).toBe(200);
    await page.close();
  });
});
