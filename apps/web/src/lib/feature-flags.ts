import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export function useFeatureFlags(): string[] {
  const query = useQuery({
    queryKey: ['featureflags'],
    queryFn: () => api<string[]>('GET', '/api/util/featureflags'),
    staleTime: 5 * 60_000,
  });
  return query.data ?? [];
}
