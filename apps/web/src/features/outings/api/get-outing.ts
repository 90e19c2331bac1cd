import { queryOptions, useQuery } from '@tanstack/react-query';
import * as outings from '@tightlines/core/api/outings';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';

export const getOuting = (id: string) => call(outings.outing, { params: { id } });

/** Under the angler's logs' key, so a change to any log (one joining the outing) refreshes the outing too. */
export const outingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...myLogsKey, 'outing', id],
    queryFn: () => getOuting(id),
    retry: (count, error) => error.status >= 500 && count < 1,
  });

export const useOuting = (id: string, { live = false } = {}) =>
  useQuery({
    ...outingQueryOptions(id),
    // An outing in progress grows: its end is "now", and new logs join it.
    refetchInterval: live ? (query) => (query.state.data?.outing.active ? 60_000 : false) : false,
  });
