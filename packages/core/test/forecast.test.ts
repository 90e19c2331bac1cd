import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../src/dates';
import { lunarDay, lunarDays } from '../src/forecast';

describe('lunarDays', () => {
  // What the forecast (7 days) and the solunar .ics file (30 days) show: the span searched once must
  // give each day exactly what that day alone gives, across a DST change and at a polar place.
  it.each([
    ['Brainerd over the autumn DST change', 46.3502, -94.1, '2025-10-20', 'America/Chicago'],
    ['Sydney over the spring DST change', -33.87, 151.21, '2025-09-25', 'Australia/Sydney'],
    ['Tromsø in midnight sun', 69.65, 18.96, '2025-06-10', 'Europe/Oslo'],
  ])('gives %s the days lunarDay gives one by one', (_, lat, lng, from, timeZone) => {
    const span = lunarDays(lat, lng, from, 30, timeZone);
    expect(span).toHaveLength(30);
    expect(span).toEqual(Array.from({ length: 30 }, (_, i) => lunarDay(lat, lng, addDaysToDate(from, i), timeZone)));
  });
});
