import { queryOptions, useQuery } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';

export const getLog = (id: string) => call(logs.viewLog, { params: { id } });

/** Under the angler's logs' key, so an edit anywhere refreshes an open log too. */
export const logQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...myLogsKey, 'view', id],
    queryFn: () => getLog(id),
    retry: (count, error) => error.status >= 500 && count < 1,
    // The server keeps fetching weather it could not get at first; look again until it arrives.
    refetchInterval: (query) => (query.state.data?.pending.length ? 30_000 : false),
  });

export const useLog = (id: string) => useQuery(logQueryOptions(id));
