import { describe, expect, it } from 'vitest';
import { addDaysToDate, daysInMonth } from '../../src/dates';
import { computeSolunarDay, computeSolunarDays } from '../../src/solunar/engine';

/**
 * Places whose months hold the hard cases: clock changes, a skipped midnight, half-hour zones, the date
 * line, and the high latitudes where the Sun or the Moon stays up or down, or grazes the horizon.
 */
const MONTHS = [
  { name: 'Brainerd, spring forward', lat: 46.3502, lng: -94.1, timeZone: 'America/Chicago', year: 2026, month: 3 },
  { name: 'Brainerd, fall back', lat: 46.3502, lng: -94.1, timeZone: 'America/Chicago', year: 2026, month: 11 },
  { name: 'Santiago, midnight skipped', lat: -33.45, lng: -70.67, timeZone: 'America/Santiago', year: 2026, month: 9 },
  { name: 'Lord Howe Island, half-hour DST', lat: -31.55, lng: 159.08, timeZone: 'Australia/Lord_Howe', year: 2026, month: 4 },
  { name: 'Kolkata, half-hour offset', lat: 22.57, lng: 88.36, timeZone: 'Asia/Kolkata', year: 2025, month: 2 },
  { name: 'Tromsø, polar night', lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo', year: 2025, month: 12 },
  { name: 'Longyearbyen, midnight sun', lat: 78.22, lng: 15.65, timeZone: 'Arctic/Longyearbyen', year: 2026, month: 6 },
  { name: 'McMurdo, polar day and DST', lat: -77.85, lng: 166.67, timeZone: 'Antarctica/McMurdo', year: 2025, month: 9 },
  { name: 'Fairbanks, leap February', lat: 64.84, lng: -147.72, timeZone: 'America/Anchorage', year: 2028, month: 2 },
  { name: 'Utqiagvik, the Moon circling near the horizon', lat: 71.29, lng: -156.79, timeZone: 'America/Anchorage', year: 2025, month: 3 },
  { name: 'Longyearbyen, polar night', lat: 78.22, lng: 15.65, timeZone: 'Arctic/Longyearbyen', year: 2025, month: 1 },
  { name: 'north Greenland, 83 degrees', lat: 83, lng: -40, timeZone: 'America/Nuuk', year: 2025, month: 10 },
  { name: 'near the South Pole', lat: -89.9, lng: 0, timeZone: 'Antarctica/McMurdo', year: 2026, month: 3 },
  { name: 'Apia, east of the date line', lat: -13.83, lng: -171.76, timeZone: 'Pacific/Apia', year: 2025, month: 7 },
  { name: 'Kiritimati, UTC+14', lat: 1.87, lng: -157.4, timeZone: 'Pacific/Kiritimati', year: 2026, month: 1 },
  { name: 'Adak, west of the date line', lat: 52, lng: -179.9, timeZone: 'America/Adak', year: 2025, month: 11 },
  { name: 'Chatham Islands, 45-minute offset and DST', lat: -44, lng: -176.5, timeZone: 'Pacific/Chatham', year: 2026, month: 4 },
  { name: 'London, spring forward', lat: 51.5, lng: -0.12, timeZone: 'Europe/London', year: 2026, month: 3 },
];

describe('a month computed in one pass', () => {
  it.each(MONTHS)('equals its days computed one by one: $name', ({ lat, lng, timeZone, year, month }) => {
    const from = `${year}-${String(month).padStart(2, '0')}-01`;
    const days = daysInMonth(year, month);
    const oneByOne = Array.from({ length: days }, (_, i) => computeSolunarDay({ lat, lng, timeZone, date: addDaysToDate(from, i) }));
    expect(computeSolunarDays({ lat, lng, timeZone, from, days })).toEqual(oneByOne);
  });

  it('keeps the polar cases: no sunrise in the polar night, no sunset under the midnight sun', () => {
    const night = computeSolunarDays({ lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo', from: '2025-12-20', days: 1 })[0]!;
    expect(night.sun).toEqual({ rise: null, set: null });
    const midnightSun = computeSolunarDays({ lat: 78.22, lng: 15.65, timeZone: 'Arctic/Longyearbyen', from: '2026-06-21', days: 1 })[0]!;
    expect(midnightSun.sun).toEqual({ rise: null, set: null });
  });

  it('rejects a span it cannot compute', () => {
    const place = { lat: 46.35, lng: -94.1, timeZone: 'America/Chicago' };
    expect(() => computeSolunarDays({ ...place, from: '2026-02-30', days: 3 })).toThrow();
    expect(() => computeSolunarDays({ ...place, from: '2026-02-01', days: 0 })).toThrow();
  });
});
