import { Body, HourAngle, Observer } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { computeSolunarDay, computeSunAndMoon } from '../../src/solunar/engine';
import type { SolunarDay } from '../../src/solunar/types';
import { localDayBounds, toLocalIso } from '../../src/time';

const HOUR_MS = 3_600_000;
const CHICAGO = { lat: 41.88, lng: -87.63, timeZone: 'America/Chicago' };
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/;

function allTimes(day: SolunarDay): string[] {
  const { rise, set, above, below } = day.moon;
  const times = [rise, set, above, below, day.sun.rise, day.sun.set];
  return times.filter((time): time is string => time !== null);
}

describe('local day bounds', () => {
  it.each([
    // US DST 2026 starts Sunday March 8 and ends Sunday November 1.
    ['2026-03-08', 23, '2026-03-08T06:00:00.000Z'],
    ['2026-11-01', 25, '2026-11-01T05:00:00.000Z'],
    ['2026-06-01', 24, '2026-06-01T05:00:00.000Z'],
    ['2026-12-01', 24, '2026-12-01T06:00:00.000Z'],
  ])('America/Chicago %s lasts %i hours from local midnight', (date, hours, startUtc) => {
    const { start, end } = localDayBounds(date, 'America/Chicago');
    expect(start.toISOString()).toBe(startUtc);
    expect((end.getTime() - start.getTime()) / HOUR_MS).toBe(hours);
  });

  it('starts at 01:00 where the zone skips midnight (Chile springs forward at 24:00)', () => {
    const { start, end } = localDayBounds('2026-09-06', 'America/Santiago');
    expect(toLocalIso(start, 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
    expect((end.getTime() - start.getTime()) / HOUR_MS).toBe(23);
  });
});

describe('ISO strings carry the zone offset', () => {
  it.each([
    ['2026-03-08T07:59:00Z', 'America/Chicago', '2026-03-08T01:59:00-06:00'],
    ['2026-03-08T08:00:00Z', 'America/Chicago', '2026-03-08T03:00:00-05:00'],
    ['2026-11-01T06:30:00Z', 'America/Chicago', '2026-11-01T01:30:00-05:00'],
    ['2026-11-01T07:30:00Z', 'America/Chicago', '2026-11-01T01:30:00-06:00'],
    ['2026-06-01T10:32:00Z', 'America/Chicago', '2026-06-01T05:32:00-05:00'],
    ['2026-06-01T10:32:00Z', 'Asia/Kolkata', '2026-06-01T16:02:00+05:30'],
    ['2026-06-01T10:32:00Z', 'Pacific/Chatham', '2026-06-01T23:17:00+12:45'],
    ['2026-06-01T10:32:00Z', 'UTC', '2026-06-01T10:32:00+00:00'],
  ])('%s in %s is %s', (utc, timeZone, expected) => {
    expect(toLocalIso(new Date(utc), timeZone)).toBe(expected);
  });

  it('rounds to the nearest minute', () => {
    const inUtc = (iso: string): string => toLocalIso(new Date(iso), 'UTC');
    expect(inUtc('2026-06-01T10:31:29.999Z')).toBe('2026-06-01T10:31:00+00:00');
    expect(inUtc('2026-06-01T10:31:30Z')).toBe('2026-06-01T10:32:00+00:00');
  });
});

describe('DST transition days in America/Chicago', () => {
  const utcDay = (date: string): SolunarDay =>
    computeSolunarDay({ ...CHICAGO, date, timeZone: 'UTC' });

  // Rebuilds the local day from the three UT days around it: the same
  // events must come out, no more and no fewer, however long the day is.
  function expectSameEventsAsUtcDays(date: string, utcDates: string[]): void {
    const local = computeSolunarDay({ ...CHICAGO, date });
    const { start, end } = localDayBounds(date, CHICAGO.timeZone);
    const inDay = (iso: string): boolean =>
      Date.parse(iso) >= start.getTime() && Date.parse(iso) < end.getTime();
    const instants = (isos: string[]): number[] =>
      isos.map((iso) => Date.parse(iso)).sort((a, b) => a - b);
    const days = utcDates.map(utcDay);

    expect(instants(local.majors.map((p) => p.peak))).toEqual(
      instants(days.flatMap((d) => d.majors.map((p) => p.peak)).filter(inDay)),
    );
    expect(instants(local.minors.map((p) => p.peak))).toEqual(
      instants(days.flatMap((d) => d.minors.map((p) => p.peak)).filter(inDay)),
    );
    for (const kind of ['rise', 'set'] as const) {
      const fromUtc = days
        .map((d) => d.sun[kind])
        .filter((time): time is string => time !== null && inDay(time));
      const fromLocal = local.sun[kind];
      expect(fromLocal === null ? [] : instants([fromLocal])).toEqual(instants(fromUtc));
    }
  }

  it('spring forward, 2026-03-08 (23 h): events match the UT days, offsets switch at 02:00', () => {
    expectSameEventsAsUtcDays('2026-03-08', ['2026-03-08', '2026-03-09']);
    const day = computeSolunarDay({ ...CHICAGO, date: '2026-03-08' });
    for (const iso of allTimes(day)) {
      expect(iso).toMatch(ISO_WITH_OFFSET);
      expect(iso.slice(0, 10)).toBe('2026-03-08');
      expect(iso.slice(-6)).toBe(iso.slice(11, 13) < '02' ? '-06:00' : '-05:00');
    }
  });

  it('fall back, 2026-11-01 (25 h): events match the UT days, all dated that day', () => {
    expectSameEventsAsUtcDays('2026-11-01', ['2026-11-01', '2026-11-02']);
    const day = computeSolunarDay({ ...CHICAGO, date: '2026-11-01' });
    for (const iso of allTimes(day)) {
      expect(iso).toMatch(ISO_WITH_OFFSET);
      expect(iso.slice(0, 10)).toBe('2026-11-01');
    }
  });

  it('ordinary days match the UT days too', () => {
    expectSameEventsAsUtcDays('2026-07-15', ['2026-07-15', '2026-07-16']);
    expectSameEventsAsUtcDays('2026-01-15', ['2026-01-15', '2026-01-16']);
  });

  it('the skipped midnight in Santiago still yields events dated that day', () => {
    const santiago = { lat: -33.45, lng: -70.67, timeZone: 'America/Santiago' };
    const day = computeSolunarDay({ ...santiago, date: '2026-09-06' });
    for (const iso of allTimes(day)) expect(iso.slice(0, 10)).toBe('2026-09-06');
  });
});

describe('moon transits and solunar periods', () => {
  const query = { lat: 29, lng: -81, date: '2019-07-04', timeZone: 'America/New_York' };
  const day = computeSolunarDay(query);
  const observer = new Observer(query.lat, query.lng, 0);

  it('"above" is the upper transit and "below" the lower one', () => {
    const { above, below } = day.moon;
    expect(above).not.toBeNull();
    expect(below).not.toBeNull();
    if (above === null || below === null) return;
    // Rounding to the minute moves the Moon at most ~0.01 h of hour angle.
    const hourAngleAbove = HourAngle(Body.Moon, new Date(above), observer);
    expect(Math.min(hourAngleAbove, 24 - hourAngleAbove)).toBeLessThan(0.02);
    expect(Math.abs(HourAngle(Body.Moon, new Date(below), observer) - 12)).toBeLessThan(0.02);
  });

  it('majors are 2 h centred on the transits, minors 1 h centred on rise and set', () => {
    expect(day.majors.map((p) => p.peak).sort()).toEqual([day.moon.above, day.moon.below].sort());
    expect(day.minors.map((p) => p.peak).sort()).toEqual([day.moon.rise, day.moon.set].sort());
    for (const [periods, minutes] of [
      [day.majors, 120],
      [day.minors, 60],
    ] as const) {
      for (const period of periods) {
        expect((Date.parse(period.end) - Date.parse(period.start)) / 60_000).toBe(minutes);
        expect((Date.parse(period.peak) - Date.parse(period.start)) / 60_000).toBe(minutes / 2);
        for (const iso of [period.start, period.end, period.peak]) {
          expect(iso).toMatch(ISO_WITH_OFFSET);
        }
      }
    }
  });

  it('a day without moonrise has one minor period fewer', () => {
    const noRise = computeSolunarDay({ ...query, date: '2019-03-25' });
    expect(noRise.moon.rise).toBeNull();
    expect(noRise.minors.map((p) => p.peak)).toEqual([noRise.moon.set]);
  });
});

describe('the sun and moon alone (what a log keeps)', () => {
  const places = [
    { lat: 46.41, lng: -94.35, timeZone: 'America/Chicago' },
    { lat: -33.45, lng: -70.67, timeZone: 'America/Santiago' },
    { lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo' },
    { lat: 71.29, lng: -156.79, timeZone: 'America/Anchorage' },
  ];
  it("equal the whole day's, every week of a year, on DST days and in the Arctic", () => {
    for (const place of places) {
      for (let d = 0; d < 366; d += 7) {
        const date = new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
        const { moon, sun } = computeSolunarDay({ ...place, date });
        expect(computeSunAndMoon({ ...place, date }), `${place.timeZone} ${date}`).toEqual({ moon, sun });
      }
    }
    for (const date of ['2026-03-08', '2026-11-01']) {
      const chicago = { ...places[0]!, date };
      const { moon, sun } = computeSolunarDay(chicago);
      expect(computeSunAndMoon(chicago)).toEqual({ moon, sun });
    }
  });
});

describe('input validation', () => {
  it.each([
    { lat: 41.88, lng: -87.63, date: '2026-02-30', timeZone: 'America/Chicago' },
    { lat: 41.88, lng: -87.63, date: '2026-6-1', timeZone: 'America/Chicago' },
    { lat: 41.88, lng: -87.63, date: '2026-06-01', timeZone: 'Mars/Olympus_Mons' },
    { lat: 91, lng: -87.63, date: '2026-06-01', timeZone: 'America/Chicago' },
    { lat: 41.88, lng: 181, date: '2026-06-01', timeZone: 'America/Chicago' },
    { lat: Number.NaN, lng: -87.63, date: '2026-06-01', timeZone: 'America/Chicago' },
  ])('rejects %o', (query) => {
    expect(() => computeSolunarDay(query)).toThrow();
  });
});
