import { queryOptions } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from './api';

/** The default lure categories plus the angler's own: the log form offers them, the data page filters by them. */
export const lureCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['lure-categories'],
    queryFn: () => call(logs.lureCategories),
    staleTime: 5 * 60_000,
    select: (categories) => [...new Set(categories.map((c) => c.name))],
  });
