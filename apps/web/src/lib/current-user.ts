import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@tightlines/core/accounts';
import { call } from './api';
import { session } from './session';

/**
 * The signed-in user, loaded once and shared by every screen. Null for a visitor; a visitor
 * costs no request because there is no token to check, nor the download of the account contracts
 * (and zod), which load with the first member's request instead of with the first screen.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'full'],
    queryFn: async () => (session.token() ? call((await import('@tightlines/core/api/accounts')).fullUser) : null),
    staleTime: 60_000,
    retry: (count, error) => error.status !== 401 && count < 2,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending, query };
}

/** Keeps an answer that carries the whole user (profile changes, a removed search term) as the current user. */
export function useKeepUser() {
  const client = useQueryClient();
  return (user: UserView | null) => client.setQueryData(currentUserQueryOptions().queryKey, user);
}
