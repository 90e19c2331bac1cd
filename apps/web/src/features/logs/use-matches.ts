import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { LakeMatch } from '@tightlines/core/api/logs';
import { AUTOFILL_LIMIT } from '@tightlines/core/logs';
import { lureCategoriesQueryOptions } from '../../lib/lure-categories';
import { lakeMatchesQueryOptions, tagMatchesQueryOptions } from './api/autofill';

/** Autofill asks once the typing pauses. */
function useDebouncedQuery(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), 250);
  return debounced;
}

export function useLakeMatches(text: string): LakeMatch[] {
  const query = useDebouncedQuery(text);
  const result = useQuery(lakeMatchesQueryOptions(query));
  return query ? (result.data ?? []).slice(0, AUTOFILL_LIMIT) : [];
}

export function useTagMatches(text: string): string[] {
  const query = useDebouncedQuery(text);
  const result = useQuery(tagMatchesQueryOptions(query));
  return query ? [...new Set(result.data ?? [])].slice(0, AUTOFILL_LIMIT) : [];
}

export function useLureCategories(): string[] {
  return useQuery(lureCategoriesQueryOptions()).data ?? [];
}
