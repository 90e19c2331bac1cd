import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import { sessionExpired } from '../lib/api';
import { currentUserQueryOptions } from '../lib/current-user';
import { getStyleNonce } from './style-nonce';
import { cssVariablesResolver, theme } from './theme';

/**
 * The app's query cache. `visitor`: there is no session token, so the current user is known to be
 * nobody before any screen renders; the first render is then the visitor's screen rather than a
 * loader, the same as the page prerendered at build time (main.tsx hydrates it).
 */
export function createQueryClient({ visitor }: { visitor: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
  if (visitor) client.setQueryData(currentUserQueryOptions().queryKey, null);
  return client;
}

/** Mantine and the query cache around a router: the browser's (App) or the build's (prerender.tsx). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => {
    const forget = () => queryClient.setQueryData(currentUserQueryOptions().queryKey, null);
    sessionExpired.addEventListener('expired', forget);
    return () => sessionExpired.removeEventListener('expired', forget);
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={getStyleNonce}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function App({ router, queryClient }: { router: ReturnType<typeof createBrowserRouter>; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
