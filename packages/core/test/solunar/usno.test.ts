import { describe, expect, it } from 'vitest';
import { computeSolunarDay } from '../../src/solunar/engine';
import type { SolunarDay } from '../../src/solunar/types';
import {
  MOON_2019_N29_W081,
  MOON_2050_S45_E150,
  SUN_2019_N29_W081,
  SUN_2019_N60_E000,
  SUN_2019_N80_E000,
  SUN_2019_S60_W150,
  usnoDays,
  type UsnoYearTable,
} from './usno-tables';

// Accuracy target: every computed event within 2 minutes of USNO.
const TOLERANCE_MINUTES = 2;

function minutesApart(actual: string, expected: string): number {
  return Math.abs(Date.parse(actual) - Date.parse(expected)) / 60_000;
}

describe.each([
  MOON_2019_N29_W081,
  SUN_2019_N29_W081,
  MOON_2050_S45_E150,
  SUN_2019_S60_W150,
  SUN_2019_N60_E000,
  SUN_2019_N80_E000,
])('USNO Rise/Set Table for One Year: $body, $location, $year (UT)', (table: UsnoYearTable) => {
  it('has every published event within 2 minutes, and none where USNO lists none', () => {
    const problems: string[] = [];
    for (const published of usnoDays(table)) {
      const day = computeSolunarDay({
        lat: table.lat,
        lng: table.lng,
        date: published.date,
        timeZone: 'UTC',
      });
      const computed = table.body === 'Moon' ? day.moon : day.sun;
      for (const kind of ['rise', 'set'] as const) {
        const want = published[kind];
        const got = computed[kind];
        if (want === null || got === null) {
          if (want !== got) problems.push(`${published.date} ${kind}: USNO ${want}, got ${got}`);
        } else if (minutesApart(got, `${published.date}T${want}:00Z`) > TOLERANCE_MINUTES) {
          problems.push(`${published.date} ${kind}: USNO ${want}, got ${got}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

interface PublishedCase {
  name: string;
  query: { lat: number; lng: number; date: string; timeZone: string };
  moon?: { rise: string | null; set: string | null };
  sun?: { rise: string | null; set: string | null };
}

function expectEvent(actual: string | null, expected: string | null, label: string): void {
  if (expected === null) {
    expect(actual, label).toBeNull();
    return;
  }
  expect(actual, label).not.toBeNull();
  if (actual === null) return;
  expect(minutesApart(actual, expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    TOLERANCE_MINUTES,
  );
  // Same wall-clock offset as the expected value, i.e. the zone's own.
  expect(actual.slice(-6), label).toBe(expected.slice(-6));
}

function expectCase(day: SolunarDay, published: PublishedCase): void {
  if (published.moon) {
    expectEvent(day.moon.rise, published.moon.rise, 'moonrise');
    expectEvent(day.moon.set, published.moon.set, 'moonset');
  }
  if (published.sun) {
    expectEvent(day.sun.rise, published.sun.rise, 'sunrise');
    expectEvent(day.sun.set, published.sun.set, 'sunset');
  }
}

/*
 * Individual published days. Sources are the USNO one-year tables in
 * ./usno-tables (Universal Time); for a local time zone the expected value is
 * the published UT time with the zone's offset applied, and the UT value it
 * comes from is quoted beside it. A local day spans parts of two UT dates, so
 * each case names which UT rows it draws on.
 */
const PUBLISHED_CASES: PublishedCase[] = [
  {
    // USNO Moon 2019, W081 N29, UT row Jan 7: rise 1327, set blank.
    // Neighbours: Jan 6 set 2323, Jan 8 set 0016 (checked below).
    name: 'no moonset: 29°N 81°W, 2019-01-07 UT',
    query: { lat: 29, lng: -81, date: '2019-01-07', timeZone: 'UTC' },
    moon: { rise: '2019-01-07T13:27:00+00:00', set: null },
  },
  {
    // USNO Moon 2019, W081 N29, UT row Jan 22: rise blank, set 1332.
    // Neighbours: Jan 21 rise 2340, Jan 23 rise 0049 (checked below).
    name: 'no moonrise: 29°N 81°W, 2019-01-22 UT',
    query: { lat: 29, lng: -81, date: '2019-01-22', timeZone: 'UTC' },
    moon: { rise: null, set: '2019-01-22T13:32:00+00:00' },
  },
  {
    // USNO Moon 2019, W081 N29, UT row Jun 15: rise 2257, set 0907.
    // USNO Sun 2019, W081 N29, UT row Jun 15: rise 1025, set 0024.
    name: 'moon and sun: 29°N 81°W, 2019-06-15 UT',
    query: { lat: 29, lng: -81, date: '2019-06-15', timeZone: 'UTC' },
    moon: { rise: '2019-06-15T22:57:00+00:00', set: '2019-06-15T09:07:00+00:00' },
    sun: { rise: '2019-06-15T10:25:00+00:00', set: '2019-06-15T00:24:00+00:00' },
  },
  {
    // USNO Moon 2019, W081 N29, UT row Dec 20: rise 0623, set 1840.
    // USNO Sun 2019, W081 N29, UT row Dec 20: rise 1213, set 2230.
    name: 'moon and sun: 29°N 81°W, 2019-12-20 UT',
    query: { lat: 29, lng: -81, date: '2019-12-20', timeZone: 'UTC' },
    moon: { rise: '2019-12-20T06:23:00+00:00', set: '2019-12-20T18:40:00+00:00' },
    sun: { rise: '2019-12-20T12:13:00+00:00', set: '2019-12-20T22:30:00+00:00' },
  },
  {
    // Local day 2019-07-04 EDT = UT Jul 4 04:00 to Jul 5 04:00.
    // USNO Moon UT: Jul 4 rise 1221 (Jul 4 set 0131 is the evening before);
    // Jul 5 set 0225. USNO Sun UT: Jul 4 rise 1030; Jul 5 set 0027.
    name: 'local summer day: 29°N 81°W, 2019-07-04 America/New_York',
    query: { lat: 29, lng: -81, date: '2019-07-04', timeZone: 'America/New_York' },
    moon: { rise: '2019-07-04T08:21:00-04:00', set: '2019-07-04T22:25:00-04:00' },
    sun: { rise: '2019-07-04T06:30:00-04:00', set: '2019-07-04T20:27:00-04:00' },
  },
  {
    // 23-hour day (DST starts 02:00): UT Mar 10 05:00 to Mar 11 04:00.
    // USNO Moon UT: Mar 10 rise 1407; Mar 11 set 0311 (Mar 10 set 0216 is the
    // evening before). USNO Sun UT: Mar 10 rise 1140, set 2329.
    name: '23-hour day: 29°N 81°W, 2019-03-10 America/New_York',
    query: { lat: 29, lng: -81, date: '2019-03-10', timeZone: 'America/New_York' },
    moon: { rise: '2019-03-10T10:07:00-04:00', set: '2019-03-10T23:11:00-04:00' },
    sun: { rise: '2019-03-10T07:40:00-04:00', set: '2019-03-10T19:29:00-04:00' },
  },
  {
    // 25-hour day (DST ends 02:00): UT Nov 3 04:00 to Nov 4 05:00.
    // USNO Moon UT: Nov 3 rise 1748; Nov 4 set 0431, which falls in the 25th
    // hour and would be missed by a 24-hour search. USNO Sun UT: Nov 3 rise
    // 1138, set 2237.
    name: '25-hour day: 29°N 81°W, 2019-11-03 America/New_York',
    query: { lat: 29, lng: -81, date: '2019-11-03', timeZone: 'America/New_York' },
    moon: { rise: '2019-11-03T12:48:00-05:00', set: '2019-11-03T23:31:00-05:00' },
    sun: { rise: '2019-11-03T06:38:00-05:00', set: '2019-11-03T17:37:00-05:00' },
  },
  {
    // Local day 2019-03-25 EDT = UT Mar 25 04:00 to Mar 26 04:00. USNO Moon
    // UT rises: Mar 25 0341 and Mar 26 0441, both outside it, so the local
    // day has no moonrise; set Mar 25 1447. Neighbours checked below.
    name: 'no local moonrise: 29°N 81°W, 2019-03-25 America/New_York',
    query: { lat: 29, lng: -81, date: '2019-03-25', timeZone: 'America/New_York' },
    moon: { rise: null, set: '2019-03-25T10:47:00-04:00' },
  },
  {
    // Southern summer, DST (+11). Local day = UT Jan 14 13:00 to Jan 15 13:00.
    // USNO Moon 2050, E150 S45, UT: Jan 15 set 0129, Jan 15 rise 1238 (Jan 14
    // rise 1212 is before the local day).
    name: 'southern hemisphere: 45°S 150°E, 2050-01-15 Australia/Hobart',
    query: { lat: -45, lng: 150, date: '2050-01-15', timeZone: 'Australia/Hobart' },
    moon: { rise: '2050-01-15T23:38:00+11:00', set: '2050-01-15T12:29:00+11:00' },
  },
  {
    // Southern winter. Local day = UT Jun 21 10:00 to Jun 22 10:00.
    // USNO Sun 2019, W150 S60, UT: Jun 21 rise 1906; Jun 22 set 0058.
    name: 'southern winter: 60°S 150°W, 2019-06-21 Pacific/Tahiti',
    query: { lat: -60, lng: -150, date: '2019-06-21', timeZone: 'Pacific/Tahiti' },
    sun: { rise: '2019-06-21T09:06:00-10:00', set: '2019-06-21T14:58:00-10:00' },
  },
  {
    // Southern summer. USNO Sun 2019, W150 S60, UT: Dec 21 rise 1232;
    // Dec 22 set 0724.
    name: 'southern summer: 60°S 150°W, 2019-12-21 Pacific/Tahiti',
    query: { lat: -60, lng: -150, date: '2019-12-21', timeZone: 'Pacific/Tahiti' },
    sun: { rise: '2019-12-21T02:32:00-10:00', set: '2019-12-21T21:24:00-10:00' },
  },
  {
    // USNO Sun 2019, 000 N60, UT row Jun 21: rise 0236, set 2128 (BST +1).
    name: 'high-latitude summer: 60°N 0°, 2019-06-21 Europe/London',
    query: { lat: 60, lng: 0, date: '2019-06-21', timeZone: 'Europe/London' },
    sun: { rise: '2019-06-21T03:36:00+01:00', set: '2019-06-21T22:28:00+01:00' },
  },
  {
    // USNO Sun 2019, 000 N60, UT row Dec 21: rise 0902, set 1454 (GMT).
    name: 'high-latitude winter: 60°N 0°, 2019-12-21 Europe/London',
    query: { lat: 60, lng: 0, date: '2019-12-21', timeZone: 'Europe/London' },
    sun: { rise: '2019-12-21T09:02:00+00:00', set: '2019-12-21T14:54:00+00:00' },
  },
  {
    // USNO Sun 2019, 000 N80, UT row Jun 21: '**** ****' (above all day).
    name: 'midnight sun: 80°N 0°, 2019-06-21 UT',
    query: { lat: 80, lng: 0, date: '2019-06-21', timeZone: 'UTC' },
    sun: { rise: null, set: null },
  },
  {
    // USNO Sun 2019, 000 N80, UT row Dec 21: '---- ----' (below all day).
    name: 'polar night: 80°N 0°, 2019-12-21 UT',
    query: { lat: 80, lng: 0, date: '2019-12-21', timeZone: 'UTC' },
    sun: { rise: null, set: null },
  },
  {
    // USNO Sun 2019, 000 N80, UT row Apr 13: rise 0057, set blank. The Sun
    // then stays up until the set listed on Aug 30.
    name: 'midnight sun begins: 80°N 0°, 2019-04-13 UT',
    query: { lat: 80, lng: 0, date: '2019-04-13', timeZone: 'UTC' },
    sun: { rise: '2019-04-13T00:57:00+00:00', set: null },
  },
];

describe('USNO published days', () => {
  it.each(PUBLISHED_CASES)('$name', (published) => {
    expectCase(computeSolunarDay(published.query), published);
  });

  // The days either side of each day without an event above do have it.
  it.each([
    // USNO Moon 2019, W081 N29, UT: Jan 6 set 2323 and Jan 8 set 0016.
    ['UTC', '2019-01-06', 'set', '2019-01-06T23:23:00+00:00'],
    ['UTC', '2019-01-08', 'set', '2019-01-08T00:16:00+00:00'],
    // Same table, UT: Jan 21 rise 2340 and Jan 23 rise 0049.
    ['UTC', '2019-01-21', 'rise', '2019-01-21T23:40:00+00:00'],
    ['UTC', '2019-01-23', 'rise', '2019-01-23T00:49:00+00:00'],
    // Same table, UT: Mar 25 rise 0341 = 23:41 EDT Mar 24; Mar 26 rise 0441.
    ['America/New_York', '2019-03-24', 'rise', '2019-03-24T23:41:00-04:00'],
    ['America/New_York', '2019-03-26', 'rise', '2019-03-26T00:41:00-04:00'],
  ] as const)('neighbouring day %s %s has a moon %s at %s', (timeZone, date, kind, expected) => {
    const day = computeSolunarDay({ lat: 29, lng: -81, date, timeZone });
    expectEvent(day.moon[kind], expected, `${date} ${kind}`);
  });
});
