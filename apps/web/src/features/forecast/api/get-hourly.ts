import { queryOptions, useQuery } from '@tanstack/react-query';
import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';

export const getHourly = (search: string, date: string) => call(forecastApi.hourly, { body: { search, date } });

export const hourlyQueryOptions = (search: string, date: string) =>
  queryOptions({ queryKey: ['forecast', 'hourly', search.toLowerCase(), date], queryFn: () => getHourly(search, date), staleTime: 15 * 60_000 });

export const useHourly = (search: string, date: string) => useQuery(hourlyQueryOptions(search, date));
