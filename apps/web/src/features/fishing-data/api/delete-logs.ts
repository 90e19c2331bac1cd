import { useQueryClient } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { logListKey } from './get-log-page';

export const deleteLogs = (ids: string[]) => call(logs.deleteLogs, { body: { logs: ids } });

export function useDeleteLogs() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteLogs,
    onSuccess: async () => {
      // The list starts again from its first page rather than refetching every page it had loaded.
      await client.resetQueries({ queryKey: logListKey });
      await client.invalidateQueries({ queryKey: myLogsKey, predicate: (q) => q.queryKey[1] !== logListKey[1] });
    },
  });
}
