import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as outreach from '@tightlines/core/api/outreach';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export type ApplicationBody = CallInput<typeof outreach.ambassadorApplication>['body'];
export type ContactBody = CallInput<typeof outreach.contact>['body'];

export const applyAsAmbassador = (body: ApplicationBody) => call(outreach.ambassadorApplication, { body });
export const sendContact = (body: ContactBody) => call(outreach.contact, { body });
export const getAmbassadors = () => call(outreach.ambassadorDirectory);

export const ambassadorsQueryOptions = () => queryOptions({ queryKey: ['ambassadors'], queryFn: getAmbassadors, staleTime: 5 * 60_000 });

export const useAmbassadors = () => useQuery(ambassadorsQueryOptions());
export const useApplyAsAmbassador = () => useSubmitMutation({ mutationFn: applyAsAmbassador });
export const useSendContact = () => useSubmitMutation({ mutationFn: sendContact });

/** Whether the member is on the team; asked once per session. */
export const adminStandingQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'me'], queryFn: () => call(outreach.adminStanding), staleTime: Infinity });
export const useAdminStanding = (enabled: boolean) => useQuery({ ...adminStandingQueryOptions(), enabled });

export type ReviewStatus = CallInput<typeof outreach.adminApplications>['query']['status'];
export const applicationsQueryOptions = (status: NonNullable<ReviewStatus>) =>
  queryOptions({ queryKey: ['admin', 'ambassador-applications', status], queryFn: () => call(outreach.adminApplications, { query: { status } }) });
export const useApplications = (status: NonNullable<ReviewStatus>) => useQuery(applicationsQueryOptions(status));

export function useReviewApplication() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'declined' }) => call(outreach.adminReview, { params: { id }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'ambassador-applications'] }),
  });
}
