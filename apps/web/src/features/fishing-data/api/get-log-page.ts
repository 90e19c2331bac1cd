import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as analysis from '@tightlines/core/api/analysis';
import { LOGS_PAGE_SIZE } from '@tightlines/core/logs';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import type { FilterQuery } from './filter-query';

export const getLogPage = (filters: FilterQuery, page: number, signal?: AbortSignal) =>
  call(analysis.filterLogs, { query: { ...filters, page, limit: LOGS_PAGE_SIZE } }, signal ? { signal } : {});

/** Every page of the list, under one key per filter set. */
export const logListKey = [...myLogsKey, 'filter'] as const;

export const logPagesQueryOptions = (filters: FilterQuery) =>
  infiniteQueryOptions({
    queryKey: [...logListKey, filters],
    queryFn: ({ pageParam, signal }) => getLogPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

export const useLogPages = (filters: FilterQuery) => useInfiniteQuery(logPagesQueryOptions(filters));
