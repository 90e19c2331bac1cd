import { useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@tightlines/core/api/contract';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import { myTagsQueryOptions } from '../../../lib/my-tags';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { editableLogQueryOptions } from './get-editable-log';

/** What the log form sends: the server's log input before its parsing (numbers may still be empty). */
export type LogBody = CallInput<typeof logs.createLog>['body'];

export const createLog = (body: LogBody) => call(logs.createLog, { body });
export const updateLog = ({ id, body }: { id: string; body: LogBody }) => call(logs.updateLog, { params: { id }, body });
export const deleteLog = (id: string) => call(logs.deleteLog, { params: { id } });

/** Every list, chart and view of the angler's logs is out of date after a write, and a log's new tags join the tag list. */
function useRefreshLogs() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: myLogsKey }), client.invalidateQueries({ queryKey: myTagsQueryOptions().queryKey })]);
}

export function useCreateLog() {
  const refresh = useRefreshLogs();
  return useSubmitMutation({ mutationFn: createLog, onSuccess: refresh });
}

export function useUpdateLog() {
  const client = useQueryClient();
  const refresh = useRefreshLogs();
  return useSubmitMutation({
    mutationFn: updateLog,
    onSuccess: async (_log, { id }) => {
      // The form is filled from this once; the next edit starts from what was saved.
      client.removeQueries({ queryKey: editableLogQueryOptions(id).queryKey });
      await refresh();
    },
  });
}

export function useDeleteLog() {
  const client = useQueryClient();
  const refresh = useRefreshLogs();
  return useSubmitMutation({
    mutationFn: deleteLog,
    onSuccess: async (_answer, id) => {
      client.removeQueries({ queryKey: editableLogQueryOptions(id).queryKey });
      await refresh();
    },
  });
}
