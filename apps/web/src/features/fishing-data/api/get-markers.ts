import { queryOptions, useQuery } from '@tanstack/react-query';
import * as analysis from '@tightlines/core/api/analysis';
import { fromMarkerBytes, type MapMarker } from '@tightlines/core/map-markers';
import { ApiError, call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import type { FilterQuery } from './filter-query';

/**
 * The map's markers, asked for in the binary layout (about a third of the objects' bytes at 20,000
 * markers, and read without parsing JSON).
 */
export const getMarkers = async (filters: FilterQuery, signal?: AbortSignal): Promise<MapMarker[]> => {
  const answer = await call(analysis.markerBytes, { query: filters }, signal ? { signal } : {});
  try {
    return fromMarkerBytes(new Uint8Array(await answer.arrayBuffer()));
  } catch (error) {
    throw new ApiError(0, `${(error as Error).message} Reload the page to try again.`);
  }
};

export const markersQueryOptions = (filters: FilterQuery) =>
  queryOptions({ queryKey: [...myLogsKey, 'markers', filters], queryFn: ({ signal }) => getMarkers(filters, signal) });

export const useMarkers = (filters: FilterQuery) => useQuery(markersQueryOptions(filters));
