import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../src/app/theme';
import { featureFlagsQueryOptions } from '../src/lib/feature-flags';

/**
 * Renders UI as the app does (theme, query client, router). The feature flags are given, so nothing
 * asks a server; a test that needs an answer puts it in the client itself.
 */
export function renderApp(ui: ReactNode, { flags = [] as string[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(featureFlagsQueryOptions().queryKey, flags);
  return {
    client,
    ...render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}
