import { queryOptions, useQuery } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';

/** Whether another log fits this month's allowance; asked afresh whenever the create page opens. */
export const allowanceQueryOptions = () =>
  queryOptions({ queryKey: ['logs', 'allowance'], queryFn: () => call(logs.canCreate), staleTime: 0 });

export const useAllowance = () => useQuery(allowanceQueryOptions());
