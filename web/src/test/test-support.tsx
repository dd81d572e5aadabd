import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { session } from '../session/session.ts';
import type { MembershipTier } from '../session/types.ts';
import { ThemeModeProvider } from '../theme/ThemeModeProvider.tsx';
import { ToastProvider } from '../ui/Toasts.tsx';

/** Answers of a stubbed `fetch`, by method and path (`GET /api/membership/plans`). */
type Handler = (init: RequestInit | undefined, url: URL) => { status: number; body: unknown };
type Routes_ = Record<string, Handler | Record<string, unknown> | unknown[] | null>;

export function stubApi(routes: Routes_) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    calls.push({ method, path: url.pathname + url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const route = routes[key];
    if (route === undefined) return new Response(JSON.stringify({ message: `No route for ${key}`, code: 'NOT_FOUND' }), { status: 404 });
    const { status, body } = typeof route === 'function' ? route(init, url) : { status: 200, body: { data: route } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname + location.search}</p>;
}

function Providers({ children, path = '/', route = '/' }: { children: ReactNode; path?: string; route?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <ThemeModeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={children} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}

/** Renders a screen with the app's providers at a route. */
export const renderScreen = (ui: ReactElement, options: { path?: string; route?: string } = {}) => render(<Providers {...options}>{ui}</Providers>);

/** Signs a member in before each test of the file and out after it. */
export function signedInForEachTest(tier: MembershipTier = 'trial') {
  beforeEach(() => {
    session.signIn({ user: { id: 'u1', email: 'member@example.com', name: 'Member', membershipTier: tier }, tokens: { accessToken: 'access', refreshToken: 'refresh', expiresAt: Date.now() + 3_600_000 } }, false);
  });
  afterEach(async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200 })));
    await session.signOut();
    vi.unstubAllGlobals();
  });
}
