import { filtersToQuery, type Filter } from '@tightlines/core/filters';

/** The applied filters as the API's query (`filterType`, `filterValue`), in core's encoding. */
export type FilterQuery = Partial<Record<'filterType' | 'filterValue', string>>;

export const filterQuery = (filters: readonly Filter[]): FilterQuery => Object.fromEntries(new URLSearchParams(filtersToQuery(filters)));
