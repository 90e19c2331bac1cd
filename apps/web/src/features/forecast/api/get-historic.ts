import { queryOptions, useQuery } from '@tanstack/react-query';
import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';

export const getHistoric = (search: string) => call(forecastApi.historic, { body: { search } });

export const historicQueryOptions = (search: string) =>
  queryOptions({ queryKey: ['forecast', 'historic', search.toLowerCase()], queryFn: () => getHistoric(search), staleTime: 30 * 60_000 });

export const useHistoric = (search: string) => useQuery(historicQueryOptions(search));
