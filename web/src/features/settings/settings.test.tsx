import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import SettingsPage from './SettingsPage.tsx';

const profile = { name: 'Ada King Lovelace', email: 'ada@example.com', hasPassword: true, emailNotifications: true };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('settings: profile', () => {
  it('fills the form from the profile, shows each validation message on its field, and clears it on edit', async () => {
    const calls = stubApi({ 'GET /api/user/profile': profile, 'GET /api/membership/status': { plan: { name: 'trial', displayName: 'Free Trial' } } });
    renderScreen(<SettingsPage />);
    await waitFor(() => expect(field('First name').value).toBe('Ada'));
    expect(field('Last name').value).toBe('King Lovelace');
    type('First name', '');
    type('Email', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(errorOf('First name')).toBe('First name is required');
    expect(errorOf('Email')).toBe('Email is required');
    type('First name', 'A');
    expect(errorOf('First name')).toBeUndefined();
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(errorOf('First name')).toBe('First name must be at least 2 characters');
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('sends the joined name and the lowercased email, and maps a taken email', async () => {
    const calls = stubApi({
      'GET /api/user/profile': profile,
      'PUT /api/user/profile': () => ({ status: 409, body: { message: 'An account with this email already exists.', code: 'EMAIL_EXISTS' } }),
    });
    renderScreen(<SettingsPage />);
    await waitFor(() => expect(field('Email').value).toBe('ada@example.com'));
    type('Email', '  Taken@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(errorOf('Password (to confirm the new email)')).toBe('Current password is required');
    type('Password (to confirm the new email)', 'Sneakers-123!');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(errorOf('Email')).toBe('This email is already in use by another account'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Ada King Lovelace', email: 'taken@example.com', currentPassword: 'Sneakers-123!' });
  });

  it('says a new email waits for the link sent to it, and keeps the saved one meanwhile', async () => {
    stubApi({
      'GET /api/user/profile': profile,
      'PUT /api/user/profile': () => ({ status: 200, body: { data: { name: 'Ada King Lovelace', email: 'ada@example.com', pendingEmail: 'new@example.com' } } }),
    });
    renderScreen(<SettingsPage />);
    await waitFor(() => expect(field('Email').value).toBe('ada@example.com'));
    type('Email', 'new@example.com');
    type('Password (to confirm the new email)', 'Sneakers-123!');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Waiting for confirmation: open the link we sent to new@example.com to use it.');
    expect(await screen.findByText('Confirm your new email')).toBeTruthy();
    expect(field('Email').value).toBe('ada@example.com');
  });

  it('shows the stored address after saving, not the spaces and capitals typed', async () => {
    stubApi({
      'GET /api/user/profile': profile,
      'PUT /api/user/profile': () => ({ status: 200, body: { data: { name: 'Ada King Lovelace', email: 'ada@example.com' } } }),
    });
    renderScreen(<SettingsPage />);
    await waitFor(() => expect(field('Email').value).toBe('ada@example.com'));
    type('Email', '  ADA@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    await waitFor(() => expect(field('Email').value).toBe('ada@example.com'));
  });
});

describe('settings: password', () => {
  it('checks the rules in order and maps a wrong current password', async () => {
    stubApi({ 'GET /api/user/profile': profile, 'PUT /api/user/password': () => ({ status: 400, body: { message: 'Current password is incorrect', code: 'INVALID_CURRENT_PASSWORD' } }) });
    renderScreen(<SettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(errorOf('Current password')).toBe('Current password is required');
    expect(errorOf('New password')).toBe('New password is required');
    expect(errorOf('Confirm new password')).toBe('Please confirm your new password');
    type('Current password', 'old-Password1!');
    type('New password', 'short');
    type('Confirm new password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(errorOf('New password')).toBe('Password must be at least 8 characters long');
    type('New password', 'longenough');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(errorOf('New password')).toBe('Password must contain uppercase, lowercase, number, and special character');
    type('New password', 'Longenough1!');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(errorOf('Confirm new password')).toBe('Passwords do not match');
    type('Confirm new password', 'Longenough1!');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(errorOf('Current password')).toBe('Current password is incorrect'));
  });

  it('clears the fields after a change and shows the Google notice for accounts without a password', async () => {
    stubApi({ 'GET /api/user/profile': profile, 'PUT /api/user/password': { message: 'Password changed' } });
    renderScreen(<SettingsPage />);
    await screen.findByRole('button', { name: 'Change Password' });
    type('Current password', 'old-Password1!');
    type('New password', 'Longenough1!');
    type('Confirm new password', 'Longenough1!');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password Changed')).toBeTruthy();
    expect(field('New password').value).toBe('');
    cleanup();
    stubApi({ 'GET /api/user/profile': { ...profile, hasPassword: false } });
    renderScreen(<SettingsPage />);
    expect(await screen.findByText('Google OAuth Account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
  });

  it("says 'Failed to load user profile' when the profile cannot be read", async () => {
    stubApi({ 'GET /api/user/profile': () => ({ status: 503, body: {} }) });
    renderScreen(<SettingsPage />);
    expect(await screen.findByText('Failed to load user profile')).toBeTruthy();
  });
});

describe('settings: email notifications', () => {
  const checkbox = () => screen.getByRole('checkbox', { name: 'Send me emails about price alerts, my trial and product news' }) as HTMLInputElement;

  it("shows the account's setting from the profile and saves a change to it", async () => {
    const calls = stubApi({
      'GET /api/user/profile': { ...profile, emailNotifications: false },
      'PUT /api/user/email-preferences': () => ({ status: 200, body: { data: { emailNotifications: true } } }),
    });
    renderScreen(<SettingsPage />);
    await waitFor(() => expect(checkbox().checked).toBe(false));
    fireEvent.click(checkbox());
    await waitFor(() => expect(checkbox().checked).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ emailNotifications: true });
    expect(await screen.findByText('Email notifications on')).toBeTruthy();
  });
});
