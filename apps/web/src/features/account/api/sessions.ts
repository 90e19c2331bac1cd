import { queryOptions, useQueryClient } from '@tanstack/react-query';
import * as accounts from '@tightlines/core/api/accounts';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const changePassword = (body: CallInput<typeof accounts.changePassword>['body']) => call(accounts.changePassword, { body });
export const endSession = (id: string) => call(accounts.endSession, { params: { id } });

/** The member's signed-in devices; never cached long, since another device may sign in or out at any time. */
export const mySessionsQueryOptions = () => queryOptions({ queryKey: ['user', 'sessions'], queryFn: () => call(accounts.sessions) });

/** A new password ends every other session, so the list is fetched again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: endSession,
    onSuccess: () => client.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey }),
  });
}

/**
 * "Log out everywhere else": the server's logout-everywhere ends this session too, so the other
 * sessions are ended one by one and this device stays signed in.
 */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await endSession(id);
      return ids.length;
    },
    onSettled: () => client.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey }),
  });
}
