import { queryOptions, useQuery } from '@tanstack/react-query';
import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';
import type { Point } from '../../../lib/geolocation';
import { near } from './near';

export const getCurrentLunar = (point: Point) => call(forecastApi.lunarCurrent, { body: point });

export const currentLunarQueryOptions = (point: Point) => {
  const at = near(point);
  return queryOptions({ queryKey: ['dashboard', 'lunar', at], queryFn: () => getCurrentLunar(at), staleTime: 30 * 60_000 });
};

export const useCurrentLunar = (point: Point) => useQuery(currentLunarQueryOptions(point));
