import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@tightlines/core/api/events';
import { call } from '../../../lib/api';
import { eventsKey } from './get-events';

export const myEventsQueryOptions = () =>
  queryOptions({ queryKey: [...eventsKey, 'mine'], queryFn: () => call(api.myEvents, {}) });

export const useMyEvents = () => useQuery(myEventsQueryOptions());
