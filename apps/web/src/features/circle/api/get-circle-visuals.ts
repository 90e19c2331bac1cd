import { queryOptions, useQuery } from '@tanstack/react-query';
import * as circle from '@tightlines/core/api/circle';
import { call } from '../../../lib/api';
import { circleKey } from './circle-keys';
import type { CircleFilterQuery } from './get-circle-logs';

export const circleMarkersQueryOptions = (filters: CircleFilterQuery) =>
  queryOptions({ queryKey: [...circleKey, 'markers', filters], queryFn: ({ signal }) => call(circle.innerCircleMarkers, { query: filters }, { signal }) });

export const circleChartsQueryOptions = (filters: CircleFilterQuery) =>
  queryOptions({ queryKey: [...circleKey, 'charts', filters], queryFn: ({ signal }) => call(circle.innerCircleCharts, { query: filters }, { signal }) });

export const useCircleMarkers = (filters: CircleFilterQuery) => useQuery(circleMarkersQueryOptions(filters));
export const useCircleCharts = (filters: CircleFilterQuery) => useQuery(circleChartsQueryOptions(filters));
