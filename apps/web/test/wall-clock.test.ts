import { describe, expect, it } from 'vitest';
import { offsetMinutes, wallDay, wallTime, zonedIso } from '../src/lib/wall-clock';

describe('the clock of a place', () => {
  it('reads the day and time a local ISO string writes', () => {
    expect(wallDay('2026-06-01T06:30:00-05:00')).toBe('2026-06-01');
    expect(wallTime('2026-06-01T06:30:00-05:00')).toBe('06:30');
  });

  it('reads the offset at the end of an ISO string', () => {
    expect(offsetMinutes('2026-06-01T06:30:00-05:00')).toBe(-300);
    expect(offsetMinutes('2026-06-01T06:30:00+0530')).toBe(330);
    expect(offsetMinutes('2026-06-01T06:30:00Z')).toBe(0);
  });

  it('turns a day and time typed for a place into the instant, in the place’s zone', () => {
    // Honolulu has no daylight saving: always UTC-10, whatever the browser's zone.
    expect(zonedIso('2026-06-01', '06:30', 'Pacific/Honolulu')).toBe('2026-06-01T16:30:00.000Z');
    expect(zonedIso('2026-01-15', '06:30', 'America/New_York')).toBe('2026-01-15T11:30:00.000Z');
    expect(zonedIso('2026-07-15', '06:30', 'America/New_York')).toBe('2026-07-15T10:30:00.000Z');
  });

  it('settles on the right offset on the days the clocks change', () => {
    // 8 March 2026: New York springs forward at 02:00; 1 November 2026: it falls back at 02:00.
    expect(zonedIso('2026-03-08', '01:30', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(zonedIso('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedIso('2026-11-01', '12:00', 'America/New_York')).toBe('2026-11-01T17:00:00.000Z');
  });

  it('falls back to the browser’s clock without a zone, or with one it does not know', () => {
    // The tests run with TZ=America/Chicago (UTC-5 in June).
    expect(zonedIso('2026-06-01', '06:30', null)).toBe('2026-06-01T11:30:00.000Z');
    expect(zonedIso('2026-06-01', '06:30', 'Not/AZone')).toBe('2026-06-01T11:30:00.000Z');
  });
});
