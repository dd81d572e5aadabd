import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import RegisterPage from './RegisterPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (route: string) => renderScreen(<RegisterPage />, { path: '/register', route });

describe('the Create Account page', () => {
  it("labels the button for a paid plan and for none, with the 'Min. 8 characters' placeholder", () => {
    stubApi({ 'GET /api/membership/plans': [] });
    render('/register?plan=premium&billing=yearly');
    expect(screen.getByRole('button', { name: 'Create Account & Continue to Checkout' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Min. 8 characters')).toBeTruthy();
    cleanup();
    render('/register?plan=trial');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it('shows the first failing rule and does not call the server', async () => {
    const calls = stubApi({ 'GET /api/membership/plans': [] });
    render('/register');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ana Lima' } });
    fireEvent.change(screen.getByLabelText('Email', { exact: true }), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sneakers-123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'sneakers-124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/register')).toHaveLength(0);
  });

  it('creates a trial account and goes to the collection with the trial toast', async () => {
    stubApi({
      'GET /api/membership/plans': [],
      'POST /api/auth/register': {
        user: { id: 'u', email: 'ana@example.com', name: 'Ana Lima', membershipTier: 'trial', hasPassword: true },
        tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
      },
      'POST /api/auth/logout': {},
    });
    render('/register?plan=trial');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ana Lima' } });
    fireEvent.change(screen.getByLabelText('Email', { exact: true }), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sneakers-123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'sneakers-123' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/admin/collection');
    expect(await screen.findByText('Your 3-day free trial has started! Explore all features.')).toBeTruthy();
  });
});
