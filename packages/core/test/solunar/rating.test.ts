import { describe, expect, it } from 'vitest';
import { computeSolunarDay } from '../../src/solunar/engine';
import { formatClock } from '../../src/solunar/format';
import { dayScore, rateLog } from '../../src/solunar/rating';
import type { SolunarDay, SolunarPeriod } from '../../src/solunar/types';

const CHICAGO = { lat: 41.88, lng: -87.63, timeZone: 'America/Chicago' };

function period(peak: string, halfMinutes: number): SolunarPeriod {
  const offset = peak.slice(-6);
  const at = (deltaMinutes: number): string => {
    const local = new Date(Date.parse(`${peak.slice(0, 19)}Z`) + deltaMinutes * 60_000);
    return `${local.toISOString().slice(0, 19)}${offset}`;
  };
  return { start: at(-halfMinutes), end: at(halfMinutes), peak };
}

const major = (peak: string): SolunarPeriod => period(peak, 60);
const minor = (peak: string): SolunarPeriod => period(peak, 30);

function day(overrides: Partial<SolunarDay> & { illumination?: number }): SolunarDay {
  const { illumination = 50, ...rest } = overrides;
  return {
    moon: { rise: null, set: null, above: null, below: null, phase: 'First Quarter', illumination },
    sun: { rise: '2026-06-01T06:00:00-05:00', set: '2026-06-01T20:30:00-05:00' },
    majors: [],
    minors: [],
    ...rest,
  };
}

describe('formatClock', () => {
  it.each([
    ['2026-06-01T05:32:00-05:00', '05:32 AM'],
    ['2026-06-01T00:05:00-05:00', '12:05 AM'],
    ['2026-06-01T12:00:00-05:00', '12:00 PM'],
    ['2026-06-01T13:07:00+05:30', '01:07 PM'],
    ['2026-06-01T23:59:00+00:00', '11:59 PM'],
  ])('%s reads %s, the clock where the event happens', (iso, clock) => {
    expect(formatClock(iso)).toBe(clock);
  });

  it('shows a dash for a missing time', () => {
    expect(formatClock(null)).toBe('-');
  });

  it('rejects something that is not an ISO date-time', () => {
    expect(() => formatClock('5:32')).toThrow(RangeError);
  });
});

describe('rateLog', () => {
  const fishingDay = day({
    majors: [major('2026-06-01T05:32:00-05:00'), major('2026-06-01T17:58:00-05:00')],
    minors: [minor('2026-06-01T11:40:00-05:00'), minor('2026-06-01T19:50:00-05:00')],
  });

  it('gives one star per event, naming Major and Sunrise', () => {
    const rating = rateLog(fishingDay, '2026-06-01T06:10:00-05:00');
    expect(rating).toEqual({
      stars: 2,
      events: [
        { kind: 'Major', time: '2026-06-01T05:32:00-05:00' },
        { kind: 'Sunrise', time: '2026-06-01T06:00:00-05:00' },
      ],
      message: 'Major, Sunrise',
    });
  });

  it('counts an event exactly 60 minutes away', () => {
    expect(rateLog(fishingDay, '2026-06-01T06:32:00-05:00').message).toBe('Major, Sunrise');
    expect(rateLog(fishingDay, '2026-06-01T04:32:00-05:00').events).toEqual([
      { kind: 'Major', time: '2026-06-01T05:32:00-05:00' },
    ]);
  });

  it('does not count an event 61 minutes away', () => {
    const rating = rateLog(fishingDay, '2026-06-01T06:33:00-05:00');
    expect(rating.stars).toBe(1);
    expect(rating.message).toBe('Sunrise');
    expect(rateLog(fishingDay, '2026-06-01T04:31:00-05:00').stars).toBe(0);
  });

  it('compares instants, whatever offset the log time is written with', () => {
    expect(rateLog(fishingDay, '2026-06-01T11:32:00Z').message).toBe('Major, Sunrise');
  });

  it('names Minor and Sunset', () => {
    const rating = rateLog(fishingDay, '2026-06-01T20:00:00-05:00');
    expect(rating.stars).toBe(2);
    expect(rating.message).toBe('Minor, Sunset');
  });

  it('names Major once even when two majors and a minor are in range, but stars each', () => {
    const busy = day({
      majors: [major('2026-06-01T09:00:00-05:00'), major('2026-06-01T09:50:00-05:00')],
      minors: [minor('2026-06-01T09:20:00-05:00')],
    });
    const rating = rateLog(busy, '2026-06-01T09:30:00-05:00');
    expect(rating.stars).toBe(3);
    expect(rating.message).toBe('Major, Minor');
  });

  it('gives no stars and an empty message far from any event', () => {
    expect(rateLog(fishingDay, '2026-06-01T14:45:00-05:00')).toEqual({
      stars: 0,
      events: [],
      message: '',
    });
  });

  it('ignores missing sun events (polar days)', () => {
    const polar = day({
      sun: { rise: null, set: null },
      majors: [major('2026-06-21T03:07:00+00:00')],
    });
    expect(rateLog(polar, '2026-06-21T03:30:00+00:00').message).toBe('Major');
  });

  it('rates a log against a computed day', () => {
    const query = { lat: 29, lng: -81, date: '2019-07-04', timeZone: 'America/New_York' };
    const computed = computeSolunarDay(query);
    const rise = computed.moon.rise;
    expect(rise).not.toBeNull();
    if (rise === null) return;
    expect(rateLog(computed, rise).events).toContainEqual({ kind: 'Minor', time: rise });
  });

  it('rejects an unreadable log time', () => {
    expect(() => rateLog(fishingDay, 'yesterday')).toThrow(RangeError);
  });
});

describe('dayScore', () => {
  it('is 100 at new moon with both majors in the sunrise and sunset windows', () => {
    const best = day({
      illumination: 0,
      majors: [major('2026-06-01T06:45:00-05:00'), major('2026-06-01T19:10:00-05:00')],
    });
    expect(dayScore(best)).toBe(100);
  });

  it('is 0 at a quarter moon with no period near sunrise or sunset', () => {
    expect(dayScore(day({ majors: [major('2026-06-01T12:00:00-05:00')] }))).toBe(0);
  });

  it('adds 25 per major and 15 per minor touching twilight, capped at 50', () => {
    // Sunrise ± 1 h is 05:00–07:00: a minor from 07:20 misses it, one from 06:50 overlaps.
    expect(dayScore(day({ minors: [minor('2026-06-01T07:50:00-05:00')] }))).toBe(0);
    expect(dayScore(day({ minors: [minor('2026-06-01T07:20:00-05:00')] }))).toBe(15);
    expect(
      dayScore(
        day({
          majors: [major('2026-06-01T05:00:00-05:00'), major('2026-06-01T20:00:00-05:00')],
          minors: [minor('2026-06-01T21:00:00-05:00')],
        }),
      ),
    ).toBe(50);
  });

  it('weights the phase by distance from a quarter: full moon 50, 75% lit 25', () => {
    expect(dayScore(day({ illumination: 100 }))).toBe(50);
    expect(dayScore(day({ illumination: 75 }))).toBe(25);
  });

  it('stays a whole number from 0 to 100 through a year of real days', () => {
    for (let month = 1; month <= 12; month++) {
      for (const dayOfMonth of [1, 8, 15, 22]) {
        const date = new Date(Date.UTC(2026, month - 1, dayOfMonth)).toISOString().slice(0, 10);
        const score = dayScore(computeSolunarDay({ ...CHICAGO, date }));
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }
    }
  });
});
