import { useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@tightlines/core/api/contract';
import * as outings from '@tightlines/core/api/outings';
import type { OutingView } from '@tightlines/core/outings';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { outingQueryOptions } from './get-outing';

export type CreateOutingBody = CallInput<typeof outings.createOuting>['body'];
export type OutingSpan = CallInput<typeof outings.editOuting>['body'];

export const createOuting = (body: CreateOutingBody) => call(outings.createOuting, { body });
export const editOuting = ({ id, span }: { id: string; span: OutingSpan }) => call(outings.editOuting, { params: { id }, body: span });
export const deleteOuting = (id: string) => call(outings.deleteOuting, { params: { id } });

/** An outing is a log and gathers logs: every view of the angler's logs is out of date after a change. */
function useRefreshLogs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: myLogsKey });
}

export function useCreateOuting() {
  const refresh = useRefreshLogs();
  return useSubmitMutation({ mutationFn: createOuting, onSuccess: refresh });
}

export function useEditOuting() {
  const client = useQueryClient();
  const refresh = useRefreshLogs();
  return useSubmitMutation({
    mutationFn: editOuting,
    onSuccess: async (updated: OutingView) => {
      client.setQueryData(outingQueryOptions(updated._id).queryKey, updated);
      await refresh();
    },
  });
}

export function useDeleteOuting() {
  const client = useQueryClient();
  const refresh = useRefreshLogs();
  return useSubmitMutation({
    mutationFn: deleteOuting,
    onSuccess: async (_answer, id) => {
      client.removeQueries({ queryKey: outingQueryOptions(id).queryKey });
      await refresh();
    },
  });
}
