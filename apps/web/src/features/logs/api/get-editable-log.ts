import { queryOptions, useQuery } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';

export const getEditableLog = (id: string) => call(logs.editLog, { params: { id } });

export const editableLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...myLogsKey, 'edit', id],
    queryFn: () => getEditableLog(id),
    retry: (count, error) => error.status >= 500 && count < 1,
    // The form is filled once; a background refetch must not reset what is being typed.
    staleTime: Infinity,
  });

export const useEditableLog = (id: string) => useQuery(editableLogQueryOptions(id));
