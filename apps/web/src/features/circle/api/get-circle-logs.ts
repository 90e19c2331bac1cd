import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as circle from '@tightlines/core/api/circle';
import type { CallInput } from '@tightlines/core/api/contract';
import { LOGS_PAGE_SIZE } from '@tightlines/core/logs';
import { call } from '../../../lib/api';
import { circleKey } from './circle-keys';

export type CircleFilterQuery = Pick<CallInput<typeof circle.innerCircleLogs>['query'], 'filterType' | 'filterValue'>;

/** Which page to ask for: `page` numbers it (echoed back), `after` is the last log shown before it. */
type CirclePageParam = { page: number; after?: string };

/**
 * The feed a page at a time, each next page by cursor (`after` = the last log loaded): the server
 * then reads each friend's logs from right behind that log, so "Show more" deep into the feed costs
 * what the first page does, where an offset makes it read every log before the page.
 */
export const circleLogsQueryOptions = (filters: CircleFilterQuery) =>
  infiniteQueryOptions({
    queryKey: [...circleKey, 'logs', filters],
    queryFn: ({ pageParam, signal }) =>
      call(circle.innerCircleLogs, { query: { ...filters, page: pageParam.page, limit: LOGS_PAGE_SIZE, ...(pageParam.after ? { after: pageParam.after } : {}) } }, { signal }),
    initialPageParam: { page: 1 } as CirclePageParam,
    getNextPageParam: (last): CirclePageParam | undefined => {
      const lastShown = last.logs.at(-1);
      return lastShown && last.page * last.limit < last.total ? { page: last.page + 1, after: lastShown._id } : undefined;
    },
  });

export const useCircleLogs = (filters: CircleFilterQuery) => useInfiniteQuery(circleLogsQueryOptions(filters));
