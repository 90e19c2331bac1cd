import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@tightlines/core/api/events';
import { call } from '../../../lib/api';
import { eventsKey } from './get-events';

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...eventsKey, 'one', id],
    queryFn: () => call(api.event, { params: { id } }),
    retry: (count, error) => error.status >= 500 && count < 1,
  });

export const useEvent = (id: string, { enabled = true } = {}) => useQuery({ ...eventQueryOptions(id), enabled });
