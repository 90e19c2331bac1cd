import type { UserView } from '@tightlines/core/accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { session } from './session';

export const userKeys = { current: ['user', 'full'] as const };

/**
 * The signed-in user, loaded once and shared by every screen. Null for a visitor; a visitor
 * costs no request because there is no token to check.
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: userKeys.current,
    queryFn: async () => (session.token() ? api<UserView>('GET', '/api/user/full') : null),
    staleTime: 60_000,
    retry: (count, error) => (error as { status?: number }).status !== 401 && count < 2,
  });
  return { user: query.data ?? null, isLoading: query.isPending, query };
}

export function useSignIn() {
  const client = useQueryClient();
  return (user: UserView & { token?: string }) => {
    if (user.token) session.set(user.token);
    client.setQueryData(userKeys.current, { ...user, token: undefined });
  };
}
