import { z } from 'zod';
import { LOG_TYPES } from './logs';
import { MOON_PHASE_NAMES } from './solunar/phase';

export const FILTER_TYPES = [
  'location.state',
  'location.lake',
  'year',
  'username',
  'tag',
  'type',
  'lureCategory',
  'moonPhase',
  'lureColor',
  'waterTemp',
  'fishLength',
  'dateStart',
  'dateEnd',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
export type Filter = { type: FilterType; value: string };

export const ALL = 'All';
export const FIRST_FILTER_YEAR = 2005;

/** Water temperature choices: 34 and under, 35-39 … 75-79, 80 and above. */
export const WATER_TEMP_OPTIONS = ['34 and under', ...range(35, 75, 5).map((t) => `${t}-${t + 4}`), '80 and above'];
/** Fish length choices: 9 and under, 10-19 … 90-99, 100 and above. */
export const FISH_LENGTH_OPTIONS = ['9 and under', ...range(10, 90, 10).map((l) => `${l}-${l + 9}`), '100 and above'];

function range(from: number, to: number, step: number): number[] {
  return Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
}

export function yearOptions(now: Date): string[] {
  return range(FIRST_FILTER_YEAR, now.getFullYear(), 1).map(String).reverse();
}

/** The numeric bounds a bucket label stands for; null for a label that is not one of the options. */
export function bucketBounds(label: string): { min: number | null; max: number | null } | null {
  let m = /^(\d+) and under$/.exec(label);
  if (m) return { min: null, max: Number(m[1]) };
  m = /^(\d+) and above$/.exec(label);
  if (m) return { min: Number(m[1]), max: null };
  m = /^(\d+)-(\d+)$/.exec(label);
  if (m) return { min: Number(m[1]), max: Number(m[2]) };
  return null;
}

/**
 * The filter bar's rules: 'All' removes a type's filter, any other choice adds or replaces it, and
 * picking a start or end date clears the year.
 */
export function chooseFilter(filters: readonly Filter[], type: FilterType, value: string): Filter[] {
  const rest = filters.filter((f) => f.type !== type && !((type === 'dateStart' || type === 'dateEnd') && f.type === 'year'));
  return value === ALL || value === '' ? rest : [...rest, { type, value }];
}

/** Apply does nothing while an end date is set without a start date. */
export function canApplyFilters(filters: readonly Filter[]): boolean {
  const has = (t: FilterType) => filters.some((f) => f.type === t);
  return !has('dateEnd') || has('dateStart');
}

export function filtersToQuery(filters: readonly Filter[]): string {
  if (filters.length === 0) return '';
  const params = new URLSearchParams({
    filterType: filters.map((f) => f.type).join(','),
    filterValue: filters.map((f) => f.value.replaceAll(',', '\\,')).join(','),
  });
  return params.toString();
}

/** Values are comma-separated; a comma inside a value (a lake called "Lake X, North Arm") is written \, */
function splitValues(raw: string): string[] {
  return raw.split(/(?<!\\),/).map((v) => v.replaceAll('\\,', ','));
}

const dateValue = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');

/** The data page's query fields, as sent; toFilters reads them into filters. */
export const filterFields = {
  filterType: z.string().default(''),
  filterValue: z.string().default(''),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  page: z.coerce.number().int().min(1).default(1),
};

export type FilterFields = { filterType: string; filterValue: string; limit: number; page: number };

export function toFilters(q: FilterFields, ctx: z.RefinementCtx): { filters: Filter[]; limit: number; page: number } {
  const types = q.filterType ? q.filterType.split(',') : [];
  const values = q.filterValue ? splitValues(q.filterValue) : [];
  if (types.length !== values.length) {
    ctx.addIssue({ code: 'custom', message: 'filterType and filterValue must list the same number of items.' });
    return z.NEVER;
  }
  const filters: Filter[] = [];
  for (const [i, type] of types.entries()) {
    const value = values[i]!.trim();
    if (!(FILTER_TYPES as readonly string[]).includes(type)) {
      ctx.addIssue({ code: 'custom', message: `Unknown filter "${type}". Filters: ${FILTER_TYPES.join(', ')}.` });
      return z.NEVER;
    }
    const problem = filterProblem(type as FilterType, value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    filters.push({ type: type as FilterType, value: type === 'moonPhase' ? moonPhaseName(value)! : value });
  }
  const start = filters.find((f) => f.type === 'dateStart')?.value;
  const end = filters.find((f) => f.type === 'dateEnd')?.value;
  if (end && !start) {
    ctx.addIssue({ code: 'custom', message: 'An end date needs a start date.' });
    return z.NEVER;
  }
  if (start && end && end < start) {
    ctx.addIssue({ code: 'custom', message: 'The end date must be on or after the start date.' });
    return z.NEVER;
  }
  return { filters, limit: q.limit, page: q.page };
}

export const filterQuery = z.object(filterFields).transform(toFilters);


/** The seed writes phases in lower case ('full moon'), the stored logs in title case: any case names the phase. */
export function moonPhaseName(value: string): string | undefined {
  return MOON_PHASE_NAMES.find((name) => name.toLowerCase() === value.trim().toLowerCase());
}

function filterProblem(type: FilterType, value: string): string | null {
  if (!value) return `The ${type} filter needs a value.`;
  switch (type) {
    case 'year':
      return /^\d{4}$/.test(value) ? null : 'The year filter takes a year such as 2026.';
    case 'type':
      return (LOG_TYPES as readonly string[]).includes(value) ? null : `The type filter takes one of ${LOG_TYPES.join(', ')}.`;
    case 'moonPhase':
      return moonPhaseName(value) ? null : `The moonPhase filter takes one of ${MOON_PHASE_NAMES.join(', ')}.`;
    case 'waterTemp':
      return WATER_TEMP_OPTIONS.includes(value) ? null : `The waterTemp filter takes one of ${WATER_TEMP_OPTIONS.join(', ')}.`;
    case 'fishLength':
      return FISH_LENGTH_OPTIONS.includes(value) ? null : `The fishLength filter takes one of ${FISH_LENGTH_OPTIONS.join(', ')}.`;
    case 'dateStart':
    case 'dateEnd':
      return dateValue.safeParse(value).success ? null : 'Dates are written YYYY-MM-DD.';
    default:
      return null;
  }
}
