import { queryOptions, useQuery } from '@tanstack/react-query';
import * as assistant from '@tightlines/core/api/assistant';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export type LinkQuery = CallInput<typeof assistant.assistantLink>['query'];

export const checkLink = (query: LinkQuery) => call(assistant.assistantLink, { query });
export const createToken = (body: LinkQuery) => call(assistant.createAssistantToken, { body });

export const linkCheckQueryOptions = (query: LinkQuery) => queryOptions({ queryKey: ['assistant', 'link', query], queryFn: () => checkLink(query) });

export const useLinkCheck = (query: LinkQuery) => useQuery(linkCheckQueryOptions(query));
export const useCreateToken = () => useSubmitMutation({ mutationFn: createToken });
