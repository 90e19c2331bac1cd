import { queryOptions } from '@tanstack/react-query';
import * as analysis from '@tightlines/core/api/analysis';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';

/** The filter bar's lists change slowly; a new state or lake shows within minutes or after a write. */
const CHOICES_STALE_MS = 5 * 60_000;

export const statesQueryOptions = () =>
  queryOptions({ queryKey: [...myLogsKey, 'states'], queryFn: () => call(analysis.logStates), staleTime: CHOICES_STALE_MS });

export const lakesQueryOptions = () =>
  queryOptions({ queryKey: [...myLogsKey, 'lakes'], queryFn: () => call(analysis.logLakes), staleTime: CHOICES_STALE_MS });
