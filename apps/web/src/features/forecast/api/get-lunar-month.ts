import { queryOptions, useQuery } from '@tanstack/react-query';
import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';

/** `location` is "lat,lng"; the days are on the clock of `timeZone`. */
export type MonthOf = { location: string; timeZone: string; year: number; month: number };

export const getLunarMonth = ({ location, timeZone, year, month }: MonthOf) =>
  call(forecastApi.lunarMonthly, { query: { location, tz: timeZone, year, month } });

export const lunarMonthQueryOptions = (of: MonthOf) =>
  queryOptions({
    queryKey: ['lunar', 'monthly', of.location, of.timeZone, of.year, of.month],
    queryFn: () => getLunarMonth(of),
    // Moon and sun times of a month never change.
    staleTime: Infinity,
  });

export const useLunarMonth = (of: MonthOf) => useQuery(lunarMonthQueryOptions(of));
