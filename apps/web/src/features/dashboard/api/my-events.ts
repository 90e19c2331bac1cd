import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@tightlines/core/api/events';
import { call } from '../../../lib/api';

/** Under the events' key (['events', ...]), so creating an event refreshes the widget. */
export const myEventsQueryOptions = () =>
  queryOptions({ queryKey: ['events', 'mine'], queryFn: () => call(api.myEvents, {}) });

export const useMyEvents = () => useQuery(myEventsQueryOptions());
