import { queryOptions, useQuery } from '@tanstack/react-query';
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
