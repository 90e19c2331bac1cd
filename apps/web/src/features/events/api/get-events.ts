import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as api from '@tightlines/core/api/events';
import type { EventListItem, EventsQuery } from '@tightlines/core/api/events';
import { call } from '../../../lib/api';

export const eventsKey = ['events'] as const;

/** The list's page as the server answers it by default. */
export const EVENTS_PAGE = 50;

/**
 * The public list, a page at a time: each further page asks for the events right behind the last
 * one shown (`after`), so a long list costs the server the same per page however deep the reader goes.
 */
export const useEvents = (query: EventsQuery) =>
  useInfiniteQuery({
    queryKey: [...eventsKey, 'list', query],
    queryFn: ({ pageParam }) => call(api.events, { query: { ...query, limit: EVENTS_PAGE, after: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: EventListItem[]) => (last.length < EVENTS_PAGE ? undefined : last[last.length - 1]?._id),
    placeholderData: keepPreviousData,
  });
