import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as circle from '@tightlines/core/api/circle';
import type { CallInput } from '@tightlines/core/api/contract';
import { LOGS_PAGE_SIZE } from '@tightlines/core/logs';
import { call } from '../../../lib/api';
import { circleKey } from './circle-keys';

export type CircleFilterQuery = Pick<CallInput<typeof circle.innerCircleLogs>['query'], 'filterType' | 'filterValue'>;

export const circleLogsQueryOptions = (filters: CircleFilterQuery) =>
  infiniteQueryOptions({
    queryKey: [...circleKey, 'logs', filters],
    queryFn: ({ pageParam, signal }) => call(circle.innerCircleLogs, { query: { ...filters, page: pageParam, limit: LOGS_PAGE_SIZE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

export const useCircleLogs = (filters: CircleFilterQuery) => useInfiniteQuery(circleLogsQueryOptions(filters));
