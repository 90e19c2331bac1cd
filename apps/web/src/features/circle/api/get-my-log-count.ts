import { queryOptions, useQuery } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';

/** 'Your Logs' count of the left panel: one log's page carries the total. */
export const myLogCountQueryOptions = () =>
  queryOptions({ queryKey: [...myLogsKey, 'count'], queryFn: async () => (await call(logs.myLogs, { query: { limit: 1 } })).total });

export const useMyLogCount = () => useQuery(myLogCountQueryOptions());
