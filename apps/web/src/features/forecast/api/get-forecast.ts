import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@tightlines/core/api/contract';
import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';
import { currentUserQueryOptions } from '../../../lib/current-user';

export type Forecast = AnswerOf<typeof forecastApi.forecast>;
export type ForecastLocation = Forecast['location'];

export const getForecast = (term: string, signal?: AbortSignal) =>
  call(forecastApi.forecast, { params: { searchTerm: term } }, signal ? { signal } : {});

/** The answer differs by viewer (premium panels, saved searches), so it is cached per viewer. */
export const forecastQueryOptions = (term: string, viewer: string) =>
  queryOptions({
    queryKey: ['forecast', term.toLowerCase(), viewer],
    queryFn: ({ signal }) => getForecast(term, signal),
    staleTime: 10 * 60_000,
    retry: (count, error) => error.status >= 500 && count < 1,
  });

/** A member's search is saved on the user; the saved searches are refreshed when the answer comes. */
export function useForecast(term: string, viewer: string, { enabled, member }: { enabled: boolean; member: boolean }) {
  const client = useQueryClient();
  return useQuery({
    ...forecastQueryOptions(term, viewer),
    queryFn: async ({ signal }) => {
      const answer = await getForecast(term, signal);
      if (member) void client.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
      return answer;
    },
    enabled,
  });
}
