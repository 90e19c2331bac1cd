import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import * as tags from '@tightlines/core/api/tags';
import { call } from '../../../lib/api';

export const findLakes = (query: string, signal?: AbortSignal) => call(logs.findLakes, { body: { query } }, signal ? { signal } : {});
export const findTags = (query: string, signal?: AbortSignal) => call(tags.findTags, { body: { query } }, signal ? { signal } : {});

/** Autofill keeps the last answer on screen while it asks again, and asks nothing for an empty field. */
const autofill = { enabled: true, staleTime: 60_000, placeholderData: keepPreviousData } as const;

export const lakeMatchesQueryOptions = (query: string) =>
  queryOptions({ ...autofill, queryKey: ['find-lakes', query.toLowerCase()], queryFn: ({ signal }) => findLakes(query, signal), enabled: query.length > 0 });

export const tagMatchesQueryOptions = (query: string) =>
  queryOptions({ ...autofill, queryKey: ['find-tag', query.toLowerCase()], queryFn: ({ signal }) => findTags(query, signal), enabled: query.length > 0 });
