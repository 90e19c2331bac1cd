import { queryOptions } from '@tanstack/react-query';
import * as tags from '@tightlines/core/api/tags';
import { call } from './api';

/** The angler's tag list: My Account manages it, the data page filters by it, logs carry its tags. */
export const myTagsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'tags'], queryFn: () => call(tags.myTags), staleTime: 5 * 60_000 });
