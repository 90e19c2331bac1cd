import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './api';
import { currentUserQueryOptions } from './current-user';
import { useSubmitMutation } from './submit-mutation';

/** Every page's footer offers the newsletter: its contracts (and zod) load on first use, not with the first screen. */
const newsletterApi = () => import('@tightlines/core/api/newsletter');

export const getNewsletterStatus = async () => call((await newsletterApi()).newsletterStatus);
export const subscribe = async (email?: string) => call((await newsletterApi()).newsletterSubscribe, { body: email ? { email } : {} });
export const unsubscribe = async () => call((await newsletterApi()).newsletterUnsubscribe);
export const confirm = async (token: string) => call((await newsletterApi()).newsletterConfirm, { body: { token } });
export const unsubscribeByLink = async (token: string) => call((await newsletterApi()).newsletterUnsubscribeByLink, { body: { token } });

export const newsletterStatusQueryOptions = () => queryOptions({ queryKey: ['newsletter', 'status'], queryFn: getNewsletterStatus });

/** Members only: the seed's "unknown first, then the server's" is the query's pending state. */
export const useNewsletterStatus = (enabled: boolean) => useQuery({ ...newsletterStatusQueryOptions(), enabled });

/** Subscribe or unsubscribe; the member's status and the user view (its newsletter field) are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: newsletterStatusQueryOptions().queryKey }),
      client.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
    ]);
}

export function useSubscribe() {
  const refresh = useRefresh();
  return useSubmitMutation({ mutationFn: subscribe, onSuccess: refresh });
}

export function useUnsubscribe() {
  const refresh = useRefresh();
  return useSubmitMutation({ mutationFn: unsubscribe, onSuccess: refresh });
}

export const useConfirm = () => useSubmitMutation({ mutationFn: confirm });
export const useUnsubscribeByLink = () => useSubmitMutation({ mutationFn: unsubscribeByLink });
