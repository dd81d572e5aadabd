import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { stubApi } from '../../test/test-support.tsx';
import { session } from '../../session/session.ts';
import { ThemeModeProvider } from '../../theme/index.ts';
import { ToastProvider } from '../../ui/index.ts';
import LoginPage from './LoginPage.tsx';

const Where = () => {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
};

function renderLogin(from?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const state = from ? { from: { pathname: from.split('?')[0], search: from.includes('?') ? `?${from.split('?')[1]}` : '' } } : null;
  return render(
    <QueryClientProvider client={client}>
      <ThemeModeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana', membershipTier: 'trial', hasPassword: true };
const signedIn = { user, tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 } };

beforeAll(async () => {
  await session.hydrate();
});
afterEach(async () => {
  cleanup();
  vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
  await session.signOut();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('the Sign In page', () => {
  it('asks for both email and password before calling the server', async () => {
    const calls = stubApi({ 'GET /api/config': { testLogin: false } });
    renderLogin();
    fill('Email', 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter both email and password.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);
  });

  it('shows the failed-login message for wrong credentials', async () => {
    stubApi({
      'POST /api/auth/login': () => ({ status: 401, body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } }),
      'GET /api/config': { testLogin: false },
    });
    renderLogin();
    fill('Email', 'ana@example.com');
    fill('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy();
  });

  it("signs in, says 'Welcome back!' and returns to where the guard stopped the member", async () => {
    stubApi({ 'POST /api/auth/login': signedIn, 'GET /api/config': { testLogin: false } });
    renderLogin('/admin/search?q=dunk');
    fill('Email', 'ana@example.com');
    fill('Password', 'sneakers-123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/search?q=dunk');
    expect(session.getState().user?.email).toBe('ana@example.com');
  });

  it('goes to /admin/dashboard when nothing was remembered, and offers test sign-in only when the server does', async () => {
    stubApi({ 'POST /api/auth/login': signedIn, 'GET /api/config': { testLogin: true } });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Test Sign In' })).toBeTruthy();
    fill('Email', 'ana@example.com');
    fill('Password', 'sneakers-123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/dashboard');
  });

  it('learns from the public config that test sign-in is off, and never calls it to find out', async () => {
    const calls = stubApi({ 'GET /api/config': { testLogin: false } });
    renderLogin();
    await vi.waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/config'));
    expect(screen.queryByRole('button', { name: 'Test Sign In' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/auth/test-login'))).toHaveLength(0);
  });

  it('shows or hides the password', () => {
    stubApi({ 'GET /api/config': { testLogin: false } });
    renderLogin();
    const input = screen.getByLabelText('Password', { exact: true }) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
  });
});
