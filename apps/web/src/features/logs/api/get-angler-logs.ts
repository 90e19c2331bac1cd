import { queryOptions, useQuery } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';

/** The logs of one angler that the viewer may see (their own, when it is them). */
export const getAnglerLogs = (username: string) => call(logs.visitorLogs, { params: { username }, query: {} });

export const anglerLogsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: [...myLogsKey, 'visitor', username.toLowerCase()],
    queryFn: () => getAnglerLogs(username),
    retry: (count, error) => error.status >= 500 && count < 1,
  });

export const useAnglerLogs = (username: string) => useQuery(anglerLogsQueryOptions(username));
