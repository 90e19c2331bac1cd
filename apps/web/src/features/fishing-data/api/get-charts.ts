import { queryOptions, useQuery } from '@tanstack/react-query';
import * as analysis from '@tightlines/core/api/analysis';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import type { FilterQuery } from './filter-query';

export const getCharts = (filters: FilterQuery, signal?: AbortSignal) => call(analysis.charts, { query: filters }, signal ? { signal } : {});

export const chartsQueryOptions = (filters: FilterQuery) =>
  queryOptions({ queryKey: [...myLogsKey, 'charts', filters], queryFn: ({ signal }) => getCharts(filters, signal) });

export const useCharts = (filters: FilterQuery) => useQuery(chartsQueryOptions(filters));
