import { queryOptions, useQuery } from '@tanstack/react-query';
import * as analysis from '@tightlines/core/api/analysis';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';

export const getStats = () => call(analysis.stats);

/** Under the angler's logs' key: a new log changes the stats and the charts. */
export const statsQueryOptions = () => queryOptions({ queryKey: [...myLogsKey, 'stats'], queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());
