import { describe, expect, it } from 'vitest';
import { airTempBucket, buildCharts, fishSizeBucket, illuminationBucket, stackedUpperLimit, type ChartRow } from '../src/charts';
import { bucketBounds, canApplyFilters, chooseFilter, FISH_LENGTH_OPTIONS, filterQuery, filtersToQuery, WATER_TEMP_OPTIONS } from '../src/filters';
import { canCreateLog, canViewLog, lureCategories } from '../src/logs';
import { mostProductiveHour } from '../src/outings';

describe('filter rules', () => {
  it("adds or replaces a type's filter, and 'All' removes it", () => {
    let f = chooseFilter([], 'type', 'Catch');
    f = chooseFilter(f, 'type', 'Bite');
    expect(f).toEqual([{ type: 'type', value: 'Bite' }]);
    expect(chooseFilter(f, 'type', 'All')).toEqual([]);
  });

  it('clears the year when a date is picked, and will not apply an end date without a start', () => {
    const f = chooseFilter([{ type: 'year', value: '2025' }], 'dateEnd', '2025-06-01');
    expect(f).toEqual([{ type: 'dateEnd', value: '2025-06-01' }]);
    expect(canApplyFilters(f)).toBe(false);
    expect(canApplyFilters(chooseFilter(f, 'dateStart', '2025-05-01'))).toBe(true);
  });

  it('has the seed option lists', () => {
    expect(WATER_TEMP_OPTIONS[0]).toBe('34 and under');
    expect(WATER_TEMP_OPTIONS).toContain('75-79');
    expect(WATER_TEMP_OPTIONS.at(-1)).toBe('80 and above');
    expect(FISH_LENGTH_OPTIONS).toEqual(['9 and under', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80-89', '90-99', '100 and above']);
    expect(bucketBounds('35-39')).toEqual({ min: 35, max: 39 });
    expect(bucketBounds('80 and above')).toEqual({ min: 80, max: null });
  });

  it('round-trips the query, commas inside values included', () => {
    const filters = [
      { type: 'location.lake' as const, value: 'Lake of the Woods, North Arm' },
      { type: 'type' as const, value: 'Catch' },
    ];
    const parsed = filterQuery.parse(Object.fromEntries(new URLSearchParams(filtersToQuery(filters))));
    expect(parsed.filters).toEqual(filters);
  });
});

describe('chart buckets', () => {
  it('buckets illumination by 10 percent, air temperature by 10 F and fish size by the seed ranges', () => {
    expect([0, 9, 10, 95, 100].map(illuminationBucket)).toEqual(['0-9%', '0-9%', '10-19%', '90-100%', '90-100%']);
    expect([-3, 0, 45.5, 99.9, 100].map(airTempBucket)).toEqual(['Below 0 F', '0-9 F', '40-49 F', '90-99 F', '100 F or more']);
    expect([29.9, 34.9, 35, 42.7, 46, 49.99, 54, 55, 100, 101].map(fishSizeBucket)).toEqual([
      null, '30-34', '35-39', '40-42', '43-46', '47-49', '50-54', '55+', '55+', null,
    ]);
  });

  it('starts the stacked axis at 10 and grows it to the tallest stack plus 30', () => {
    expect(stackedUpperLimit({ labels: ['a'], datasets: [{ label: 'Catch', data: [9] }] })).toBe(10);
    expect(stackedUpperLimit({ labels: ['a', 'b'], datasets: [{ label: 'Catch', data: [8, 1] }, { label: 'Bite', data: [5, 1] }] })).toBe(43);
  });

  it('stacks counts by log type', () => {
    const row = (type: string, lake: string): ChartRow => ({
      type, occurredAt: '2025-06-01T06:00', lake, species: null, fishLength: null, lureCategory: null, lureColor: null,
      tags: [], moonPhase: null, moonIllum: null, windDirection: null, airTemp: null, summary: null,
    });
    const charts = buildCharts([row('Catch', 'Gull'), row('Catch', 'Gull'), row('Bite', 'Gull'), row('Catch', 'Leech')]);
    expect(charts.stacked.Lake).toEqual({
      labels: ['Gull', 'Leech'],
      datasets: [
        { label: 'Bite', data: [1, 0] },
        { label: 'Catch', data: [2, 1] },
      ],
    });
    expect(charts.stacked.Month.labels).toEqual(['Jun']);
  });
});

describe('log rules', () => {
  it('decides who may read a log', () => {
    const owner = { isOwner: true, inOwnersCircle: false };
    const friend = { isOwner: false, inOwnersCircle: true };
    const stranger = { isOwner: false, inOwnersCircle: false };
    expect(['public', 'protected', 'private'].map((p) => canViewLog(p as 'public', owner))).toEqual([true, true, true]);
    expect(['public', 'protected', 'private'].map((p) => canViewLog(p as 'public', friend))).toEqual([true, true, false]);
    expect(['public', 'protected', 'private'].map((p) => canViewLog(p as 'public', stranger))).toEqual([true, false, false]);
  });

  it('allows five logs a month on the free tier', () => {
    expect(canCreateLog(4, false)).toBe(true);
    expect(canCreateLog(5, false)).toBe(false);
    expect(canCreateLog(500, true)).toBe(true);
  });

  it('merges the default lure categories with the angler’s own', () => {
    expect(lureCategories(['spoon', 'Jig', null, ' Spoon '])).toEqual([
      'Bucktail', 'Crankbait', 'Glider', 'Jerkbait', 'Jig', 'Livebait', 'Rubber', 'Spinnerbait', 'spoon', 'Swimbait', 'Topwater',
    ]);
  });

  it("finds an outing's most productive hour", () => {
    expect(mostProductiveHour(['2025-06-01T06:10:00-05:00', '2025-06-01T07:05:00-05:00', '2025-06-01T07:55:00-05:00'])).toEqual({ hour: 7, count: 2 });
    expect(mostProductiveHour([])).toBeNull();
  });
});

describe('the moonPhase filter', () => {
  it('names a phase in any case, and refuses what is not a phase', () => {
    expect(filterQuery.parse({ filterType: 'moonPhase', filterValue: 'full moon' }).filters).toEqual([{ type: 'moonPhase', value: 'Full Moon' }]);
    expect(filterQuery.parse({ filterType: 'moonPhase', filterValue: 'WANING crescent' }).filters[0]!.value).toBe('Waning Crescent');
    expect(filterQuery.safeParse({ filterType: 'moonPhase', filterValue: 'blue moon' }).success).toBe(false);
  });
});
