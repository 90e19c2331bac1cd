import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as billing from '@tightlines/core/api/billing';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from '../../../lib/api';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'overview'], queryFn: () => call(billing.billingOverview), staleTime: 30_000 });
export const useBillingOverview = () => useQuery(overviewQueryOptions());

/** A fresh key per submission: a retry of the same request reuses it, a new click gets a new one. */
const newKey = () => crypto.randomUUID();

/** After any change, the overview and the user (premium, stripe ids) are read again. */
function useRefresh() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: overviewQueryOptions().queryKey }),
      client.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
    ]);
  };
}

export function useAddCard() {
  const refresh = useRefresh();
  return useSubmitMutation({
    mutationFn: (token: string) => call(billing.addCard, { body: { token } }, { idempotencyKey: newKey() }),
    onSuccess: refresh,
  });
}

export function useDeleteCard() {
  const refresh = useRefresh();
  return useSubmitMutation({ mutationFn: (cardId: string) => call(billing.deleteCard, { body: { cardId } }), onSuccess: refresh });
}

export function useSubscribe() {
  const refresh = useRefresh();
  return useSubmitMutation({
    mutationFn: (subscription: CallInput<typeof billing.subscribeUpdate>['body']['subscription']) =>
      call(billing.subscribeUpdate, { body: { subscription } }, { idempotencyKey: newKey() }),
    onSuccess: refresh,
  });
}

export function useEndSubscription() {
  const refresh = useRefresh();
  return useSubmitMutation({
    mutationFn: (subscription: string | undefined) => call(billing.subscribeEnd, { body: subscription ? { subscription } : {} }),
    onSuccess: refresh,
  });
}
