import { describe, expect, it } from 'vitest';
import { computeSolunarDay } from '../../src/solunar/engine';
import { illuminationPercent, MOON_PHASE_NAMES, moonPhaseName, type MoonPhaseName } from '../../src/solunar/phase';

// USNO Astronomical Applications Dept., "Phases of the Moon" for 2026, UT.
const FULL_MOONS_2026 = [
  '2026-01-03T10:03Z',
  '2026-02-01T22:09Z',
  '2026-03-03T11:38Z',
  '2026-04-02T02:12Z',
  '2026-05-01T17:23Z',
  '2026-05-31T08:45Z',
  '2026-06-29T23:57Z',
  '2026-07-29T14:36Z',
  '2026-08-28T04:18Z',
  '2026-09-26T16:49Z',
  '2026-10-26T04:12Z',
  '2026-11-24T14:53Z',
  '2026-12-24T01:28Z',
];

// USNO Astronomical Applications Dept., "Phases of the Moon" for 2026, UT.
const NEW_MOONS_2026 = [
  '2026-01-18T19:52Z',
  '2026-02-17T12:01Z',
  '2026-03-19T01:23Z',
  '2026-04-17T11:52Z',
  '2026-05-16T20:01Z',
  '2026-06-15T02:54Z',
  '2026-07-14T09:43Z',
  '2026-08-12T17:37Z',
  '2026-09-11T03:27Z',
  '2026-10-10T15:50Z',
  '2026-11-09T07:02Z',
  '2026-12-09T00:52Z',
];

// USNO Astronomical Applications Dept., "Phases of the Moon" for 2020, UT
// (USNO data service output archived with the astronomy-engine project's test
// data, generate/moonphase/moonphases.txt).
const FIRST_QUARTERS_2020 = [
  '2020-02-02T01:42Z',
  '2020-03-02T19:57Z',
  '2020-04-01T10:21Z',
  '2020-04-30T20:38Z',
  '2020-05-30T03:30Z',
  '2020-06-28T08:16Z',
  '2020-07-27T12:32Z',
  '2020-08-25T17:58Z',
  '2020-09-24T01:55Z',
  '2020-10-23T13:23Z',
  '2020-11-22T04:45Z',
  '2020-12-21T23:41Z',
];

// Same source as FIRST_QUARTERS_2020.
const LAST_QUARTERS_2020 = [
  '2020-02-15T22:17Z',
  '2020-03-16T09:34Z',
  '2020-04-14T22:56Z',
  '2020-05-14T14:03Z',
  '2020-06-13T06:24Z',
  '2020-07-12T23:29Z',
  '2020-08-11T16:45Z',
  '2020-09-10T09:26Z',
  '2020-10-10T00:39Z',
  '2020-11-08T13:46Z',
  '2020-12-08T00:36Z',
];

const DAY_MS = 86_400_000;

function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function phaseOfUtcDay(date: string): MoonPhaseName {
  return computeSolunarDay({ lat: 29, lng: -81, date, timeZone: 'UTC' }).moon.phase;
}

describe.each([
  ['Full Moon', FULL_MOONS_2026, 'Waxing Gibbous', 'Waning Gibbous'],
  ['New Moon', NEW_MOONS_2026, 'Waning Crescent', 'Waxing Crescent'],
  ['First Quarter', FIRST_QUARTERS_2020, 'Waxing Crescent', 'Waxing Gibbous'],
  ['Last Quarter', LAST_QUARTERS_2020, 'Waning Gibbous', 'Waning Crescent'],
] as const)('%s days named from published USNO instants', (name, instants, before, after) => {
  const title = `%s: that UT day is ${name}, the day before ${before}, after ${after}`;
  it.each(instants)(title, (iso) => {
    const ms = Date.parse(iso);
    expect(phaseOfUtcDay(utcDate(ms))).toBe(name);
    expect(phaseOfUtcDay(utcDate(ms - DAY_MS))).toBe(before);
    expect(phaseOfUtcDay(utcDate(ms + DAY_MS))).toBe(after);
  });
});

describe('phase follows the local calendar day', () => {
  // USNO: Full Moon 2026-06-29 23:57 UT, which is 00:57 BST on June 30.
  it('names the full moon of 2026-06-29 23:57 UT on June 30 in London', () => {
    const london = { lat: 51.5, lng: -0.13, timeZone: 'Europe/London' };
    expect(computeSolunarDay({ ...london, date: '2026-06-29' }).moon.phase).toBe('Waxing Gibbous');
    expect(computeSolunarDay({ ...london, date: '2026-06-30' }).moon.phase).toBe('Full Moon');
    expect(phaseOfUtcDay('2026-06-29')).toBe('Full Moon');
  });

  // USNO: New Moon 2026-12-09 00:52 UT, which is 18:52 CST on December 8.
  it('names the new moon of 2026-12-09 00:52 UT on December 8 in Chicago', () => {
    const chicago = { lat: 41.88, lng: -87.63, timeZone: 'America/Chicago' };
    const phaseOn = (date: string): string => computeSolunarDay({ ...chicago, date }).moon.phase;
    expect(phaseOn('2026-12-08')).toBe('New Moon');
    expect(phaseOn('2026-12-09')).toBe('Waxing Crescent');
  });

  it('moonPhaseName agrees with the solunar day that holds the instant', () => {
    const chicago = { lat: 41.88, lng: -87.63, timeZone: 'America/Chicago' };
    const evening = new Date('2026-12-09T00:30:00Z');
    expect(moonPhaseName(evening, 'America/Chicago')).toBe(
      computeSolunarDay({ ...chicago, date: '2026-12-08' }).moon.phase,
    );
    expect(moonPhaseName(evening)).toBe('New Moon');
    expect(moonPhaseName(new Date('2026-12-10T12:00:00Z'))).toBe('Waxing Crescent');
  });

  it('walks through all eight names, in order, over one lunation', () => {
    const seen: MoonPhaseName[] = [];
    for (let day = 0; day <= 30; day++) {
      const phase = phaseOfUtcDay(utcDate(Date.parse('2026-01-18T12:00Z') + day * DAY_MS));
      if (seen.at(-1) !== phase) seen.push(phase);
    }
    expect(seen).toEqual([...MOON_PHASE_NAMES, 'New Moon']);
  });
});

describe('illumination', () => {
  it('is about 100% at the published full moons and about 0% at new moons', () => {
    for (const iso of FULL_MOONS_2026) {
      expect(illuminationPercent(new Date(iso))).toBeGreaterThanOrEqual(99);
    }
    for (const iso of NEW_MOONS_2026) {
      expect(illuminationPercent(new Date(iso))).toBeLessThanOrEqual(1);
    }
  });

  it('is about half at the published quarters', () => {
    for (const iso of [...FIRST_QUARTERS_2020, ...LAST_QUARTERS_2020]) {
      const percent = illuminationPercent(new Date(iso));
      expect(percent).toBeGreaterThanOrEqual(49);
      expect(percent).toBeLessThanOrEqual(51);
    }
  });

  it('is reported for the local noon as a whole percent', () => {
    const chicago = { lat: 41.88, lng: -87.63, timeZone: 'America/Chicago' };
    const day = computeSolunarDay({ ...chicago, date: '2026-06-10' });
    // Noon CDT is 17:00 UT.
    expect(day.moon.illumination).toBe(illuminationPercent(new Date('2026-06-10T17:00:00Z')));
    expect(Number.isInteger(day.moon.illumination)).toBe(true);
  });
});
