import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';
import { AuthFailureNotice, SessionProvider } from '../session/index.ts';
import { ThemeModeProvider } from '../theme/index.ts';
import { ToastProvider } from '../ui/index.ts';
import { AppErrorBoundary } from '../features/error-boundary/index.tsx';

/** Providers (theme, queries, session, toasts, error boundary) around the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <ThemeModeProvider>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <ToastProvider>
              <AuthFailureNotice />
              <RouterProvider router={router} />
            </ToastProvider>
          </SessionProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeModeProvider>
  );
}
