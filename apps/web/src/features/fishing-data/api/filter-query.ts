import type * as analysis from '@tightlines/core/api/analysis';
import type { CallInput } from '@tightlines/core/api/contract';
import { filtersToQuery, type Filter } from '@tightlines/core/filters';

/** The filters' part of the list, chart and marker queries. */
export type FilterQuery = Pick<CallInput<typeof analysis.filterLogs>['query'], 'filterType' | 'filterValue'>;

/** The applied filters as the API's query (`filterType`, `filterValue`), in core's encoding. */
export const filterQuery = (filters: readonly Filter[]): FilterQuery => Object.fromEntries(new URLSearchParams(filtersToQuery(filters)));
