import { FILTER_TYPES, type Filter, type FilterType } from '@tightlines/core/filters';

/** Short, readable query names for the filters (the rest keep their own name). */
const PARAM: Partial<Record<FilterType, string>> = {
  'location.state': 'state',
  'location.lake': 'lake',
  dateStart: 'from',
  dateEnd: 'to',
};

const paramOf = (type: FilterType) => PARAM[type] ?? type;

/**
 * The applied filters live in the page's query string (?type=Catch&lake=Gull%20Lake), so a reload,
 * a bookmark or the back button brings the same view back.
 */
export function filtersFromParams(params: URLSearchParams): Filter[] {
  return FILTER_TYPES.flatMap((type) => {
    const value = params.get(paramOf(type))?.trim();
    return value ? [{ type, value }] : [];
  });
}

export function paramsFromFilters(filters: readonly Filter[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const type of FILTER_TYPES) {
    const filter = filters.find((f) => f.type === type);
    if (filter) params.set(paramOf(type), filter.value);
  }
  return params;
}
