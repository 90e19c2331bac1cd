import { MantineProvider } from '@mantine/core';
import type { UserView } from '@tightlines/core/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import { LinkComponent } from '../components/link';
import { sessionExpired } from '../lib/api';
import { currentUserQueryOptions } from '../lib/current-user';
import { signedIn } from '../lib/session';
import { getStyleNonce } from './style-nonce';
import { cssVariablesResolver, theme } from './theme';

/**
 * The app's query cache. `visitor`: there is no session token, so the current user is known to be
 * nobody before any screen renders; the first render is then the visitor's screen rather than a
 * loader, the same as the page prerendered at build time (src/prerender.tsx).
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
    const keep = (event: Event) => queryClient.setQueryData(currentUserQueryOptions().queryKey, (event as CustomEvent<UserView>).detail);
    sessionExpired.addEventListener('expired', forget);
    signedIn.addEventListener('signed-in', keep);
    return () => {
      sessionExpired.removeEventListener('expired', forget);
      signedIn.removeEventListener('signed-in', keep);
    };
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={getStyleNonce}>
      <QueryClientProvider client={queryClient}>
        <LinkComponent value={Link}>{children}</LinkComponent>
      </QueryClientProvider>
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
