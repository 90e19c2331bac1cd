import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { sessionExpired } from '../lib/api';
import { currentUserQueryOptions } from '../lib/current-user';
import { createRouter } from './router';
import { getStyleNonce } from './style-nonce';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  const [router] = useState(createRouter);

  useEffect(() => {
    const forget = () => queryClient.setQueryData(currentUserQueryOptions().queryKey, null);
    sessionExpired.addEventListener('expired', forget);
    return () => sessionExpired.removeEventListener('expired', forget);
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={getStyleNonce}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
