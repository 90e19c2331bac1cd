import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@tightlines/core/api/events';
import type { EventsQuery } from '@tightlines/core/api/events';
import { call } from '../../../lib/api';

export const eventsKey = ['events'] as const;

export const eventsQueryOptions = (query: EventsQuery) =>
  queryOptions({
    queryKey: [...eventsKey, 'list', query],
    queryFn: () => call(api.events, { query }),
    placeholderData: keepPreviousData,
  });

export const useEvents = (query: EventsQuery) => useQuery(eventsQueryOptions(query));
