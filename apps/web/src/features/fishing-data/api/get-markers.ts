import { queryOptions, useQuery } from '@tanstack/react-query';
import * as analysis from '@tightlines/core/api/analysis';
import { fromMarkerColumns, type MapMarker } from '@tightlines/core/map-markers';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import type { FilterQuery } from './filter-query';

/** The map's markers, asked for packed in columns (some 45 % of the objects' bytes at 20,000 markers). */
export const getMarkers = async (filters: FilterQuery, signal?: AbortSignal): Promise<MapMarker[]> => {
  const answer = await call(analysis.markers, { query: { ...filters, format: 'columns' } }, signal ? { signal } : {});
  return Array.isArray(answer) ? answer : fromMarkerColumns(answer);
};

export const markersQueryOptions = (filters: FilterQuery) =>
  queryOptions({ queryKey: [...myLogsKey, 'markers', filters], queryFn: ({ signal }) => getMarkers(filters, signal) });

export const useMarkers = (filters: FilterQuery) => useQuery(markersQueryOptions(filters));
