import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUTOFILL_LIMIT } from '@tightlines/core/logs';
import { fetchLureCategories, findLakes, findTags, logKeys, type LakeMatch } from './api';

/** Autofill asks once the typing pauses, and keeps the last answer on screen while it asks again. */
function useDebouncedQuery(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), 250);
  return debounced;
}

export function useLakeMatches(text: string): LakeMatch[] {
  const query = useDebouncedQuery(text);
  const result = useQuery({
    queryKey: ['find-lakes', query.toLowerCase()],
    queryFn: ({ signal }) => findLakes(query, signal),
    enabled: query.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return query ? (result.data ?? []).slice(0, AUTOFILL_LIMIT) : [];
}

export function useTagMatches(text: string): string[] {
  const query = useDebouncedQuery(text);
  const result = useQuery({
    queryKey: ['find-tag', query.toLowerCase()],
    queryFn: ({ signal }) => findTags(query, signal),
    enabled: query.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return query ? [...new Set(result.data ?? [])].slice(0, AUTOFILL_LIMIT) : [];
}

export function useLureCategories(): string[] {
  const result = useQuery({ queryKey: logKeys.lureCategories, queryFn: fetchLureCategories, staleTime: 5 * 60_000 });
  return [...new Set((result.data ?? []).map((c) => c.name))];
}
