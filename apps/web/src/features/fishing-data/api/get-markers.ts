import { queryOptions, useQuery } from '@tanstack/react-query';
import * as analysis from '@tightlines/core/api/analysis';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import type { FilterQuery } from './filter-query';

export const getMarkers = (filters: FilterQuery, signal?: AbortSignal) => call(analysis.markers, { query: filters }, signal ? { signal } : {});

export const markersQueryOptions = (filters: FilterQuery) =>
  queryOptions({ queryKey: [...myLogsKey, 'markers', filters], queryFn: ({ signal }) => getMarkers(filters, signal) });

export const useMarkers = (filters: FilterQuery) => useQuery(markersQueryOptions(filters));
