import { queryOptions, useQuery } from '@tanstack/react-query';
import * as util from '@tightlines/core/api/util';
import { call } from './api';

export const featureFlagsQueryOptions = () =>
  queryOptions({ queryKey: ['featureflags'], queryFn: () => call(util.featureFlags), staleTime: 5 * 60_000 });

export function useFeatureFlags(): string[] {
  return useQuery(featureFlagsQueryOptions()).data ?? [];
}
