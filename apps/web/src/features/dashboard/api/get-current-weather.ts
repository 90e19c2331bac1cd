import { queryOptions, useQuery } from '@tanstack/react-query';
import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';
import type { Point } from '../../../lib/geolocation';
import { near } from './near';

export const getCurrentWeather = (point: Point) => call(forecastApi.currentWeather, { body: point });

export const currentWeatherQueryOptions = (point: Point) => {
  const at = near(point);
  return queryOptions({ queryKey: ['dashboard', 'weather', at], queryFn: () => getCurrentWeather(at), staleTime: 10 * 60_000 });
};

export const useCurrentWeather = (point: Point) => useQuery(currentWeatherQueryOptions(point));
