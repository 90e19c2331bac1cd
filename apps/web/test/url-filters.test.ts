import type { Filter } from '@tightlines/core/filters';
import { describe, expect, it } from 'vitest';
import { filterQuery } from '../src/features/fishing-data/api/filter-query';
import { filtersFromParams, paramsFromFilters } from '../src/features/fishing-data/url-filters';

describe('the data page’s filters in its address', () => {
  it('writes the filters with short names, in one fixed order', () => {
    const filters: Filter[] = [
      { type: 'dateEnd', value: '2026-06-30' },
      { type: 'type', value: 'Catch' },
      { type: 'location.lake', value: 'Gull Lake' },
      { type: 'location.state', value: 'MN' },
      { type: 'dateStart', value: '2026-06-01' },
    ];
    expect(paramsFromFilters(filters).toString()).toBe('state=MN&lake=Gull+Lake&type=Catch&from=2026-06-01&to=2026-06-30');
  });

  it('reads back what it wrote, so a reload or a bookmark shows the same view', () => {
    const filters: Filter[] = [
      { type: 'location.lake', value: 'Lake X, North Arm' },
      { type: 'tag', value: 'opener & night' },
      { type: 'moonPhase', value: 'Waxing Gibbous' },
      { type: 'fishLength', value: '20-29' },
    ];
    const read = filtersFromParams(new URLSearchParams(paramsFromFilters(filters).toString()));
    expect(read).toHaveLength(filters.length);
    expect(read).toEqual(expect.arrayContaining(filters));
  });

  it('ignores empty values and names it does not know', () => {
    const read = filtersFromParams(new URLSearchParams('state=&lake=%20%20&type=Bite&utm_source=mail&location.state=WI'));
    expect(read).toEqual([{ type: 'type', value: 'Bite' }]);
  });

  it('trims what it reads', () => {
    expect(filtersFromParams(new URLSearchParams('lake=%20Gull%20Lake%20'))).toEqual([{ type: 'location.lake', value: 'Gull Lake' }]);
  });

  it('asks the API with filterType and filterValue lists, a comma inside a value escaped', () => {
    expect(filterQuery([])).toEqual({});
    expect(
      filterQuery([
        { type: 'type', value: 'Catch' },
        { type: 'location.lake', value: 'Lake X, North Arm' },
      ]),
    ).toEqual({ filterType: 'type,location.lake', filterValue: 'Catch,Lake X\\, North Arm' });
  });
});
