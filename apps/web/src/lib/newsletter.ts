import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirm, getNewsletterStatus, subscribe, unsubscribe, unsubscribeByLink } from './newsletter-api';
import { currentUserQueryOptions } from './current-user';
import { useSubmitMutation } from './submit-mutation';

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
