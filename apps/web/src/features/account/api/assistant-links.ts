import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as assistant from '@tightlines/core/api/assistant';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const getLinks = () => call(assistant.assistantTokens);
export const revokeLink = (id: string) => call(assistant.revokeAssistantToken, { params: { id } });

export const linksQueryOptions = () => queryOptions({ queryKey: ['assistant', 'links'], queryFn: getLinks });

export const useLinks = () => useQuery(linksQueryOptions());

export function useRevokeLink() {
  const client = useQueryClient();
  return useSubmitMutation({ mutationFn: revokeLink, onSuccess: () => client.invalidateQueries({ queryKey: linksQueryOptions().queryKey }) });
}
