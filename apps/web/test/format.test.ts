import { describe, expect, it } from 'vitest';
import {
  barometerText,
  clockText,
  coordinates,
  dateTimeLabel,
  dayLabel,
  duration,
  fishBrief,
  fishText,
  hourLabel,
  hourRange,
  longDate,
  percent,
  periodLabel,
  plural,
  reading,
  shortDate,
  text,
  waterflowText,
  windText,
} from '../src/lib/format';

describe('readings', () => {
  it('rounds to the digits asked and drops trailing zeros', () => {
    expect(reading(24.5, ' in', 2)).toBe('24.5 in');
    expect(reading(24.456, ' in', 2)).toBe('24.46 in');
    expect(reading(55.6, '°F')).toBe('56°F');
    expect(reading(0, ' ft')).toBe('0 ft');
  });

  it('shows a missing reading as a dash, never as zero', () => {
    expect(reading(null, ' in')).toBe('-');
    expect(reading(undefined)).toBe('-');
    expect(text(null)).toBe('-');
    expect(text('   ')).toBe('-');
    expect(text('Jig')).toBe('Jig');
    expect(percent(null)).toBe('-');
    expect(barometerText(null)).toBe('-');
    expect(windText(null, 90)).toBe('-');
  });

  it('writes fractions as whole percentages', () => {
    expect(percent(0.4)).toBe('40%');
    expect(percent(0.786)).toBe('79%');
    expect(percent(1)).toBe('100%');
  });

  it('turns hPa into inches of mercury with two decimals', () => {
    expect(barometerText(1013.25)).toBe('29.92 in');
    expect(barometerText(1000)).toBe('29.53 in');
  });

  it('names the wind direction only when the bearing is known', () => {
    expect(windText(11.6, 230)).toBe('12 MPH S by SW');
    expect(windText(4.4, 350)).toBe('4 MPH N');
    expect(windText(0, 0)).toBe('0 MPH N');
    expect(windText(8, null)).toBe('8 MPH N');
  });

  it('writes a river gauge reading with its station', () => {
    expect(waterflowText({ rate: 512, unit: 'ft3/s' }, 'Crow Wing River')).toBe('512 ft3/s at Crow Wing River');
    expect(waterflowText({ rate: 512, unit: 'ft3/s' }, null)).toBe('512 ft3/s');
    expect(waterflowText({ rate: null, unit: 'ft3/s' }, 'Crow Wing River')).toBe('-');
    expect(waterflowText(null)).toBe('-');
  });

  it('puts a fish in one line with what is known of it', () => {
    expect(fishText({ species: 'Walleye', length: 24.5 })).toBe('Walleye · 24.5 in');
    expect(fishText({ species: null, length: 31 })).toBe('31 in');
    expect(fishText({ species: 'Muskie', length: null })).toBe('Muskie');
    expect(fishText({ species: null, length: null })).toBe('');
    expect(fishBrief({ species: 'Walleye', length: 24 })).toBe('24" Walleye');
    expect(fishBrief({ species: null, length: null })).toBe('A fish');
  });

  it('writes a place to three decimals', () => {
    expect(coordinates({ lat: 46.41249, lng: -94.3551 })).toBe('46.412, -94.355');
    expect(coordinates({ lat: 46, lng: -93 })).toBe('46.000, -93.000');
  });

  it('counts in words', () => {
    expect(plural(1, 'log')).toBe('1 log');
    expect(plural(0, 'log')).toBe('0 logs');
    expect(plural(12_040, 'log')).toBe('12,040 logs');
  });
});

describe('dates and times on the place’s clock', () => {
  it('writes a log’s date as MM/DD/YYYY hh:mma from the wall clock in the string', () => {
    // The viewer's zone (America/Chicago here) never shifts the place's time.
    expect(dateTimeLabel('2026-06-01T06:30:00-04:00')).toBe('06/01/2026 06:30am');
    expect(dateTimeLabel('2026-06-01T00:05:00+09:00')).toBe('06/01/2026 12:05am');
    expect(dateTimeLabel('2026-06-01T12:00:00Z')).toBe('06/01/2026 12:00pm');
    expect(dateTimeLabel('2026-06-01T23:59')).toBe('06/01/2026 11:59pm');
  });

  it('writes a day without a time as the day, and anything else as it came', () => {
    expect(dateTimeLabel('2026-06-01')).toBe('06/01/2026');
    expect(dateTimeLabel('last spring')).toBe('last spring');
  });

  it('reads sun and moon times from the string, and shows other text as it came', () => {
    expect(clockText('2026-06-01T05:26:00-05:00')).toBe('05:26 AM');
    expect(clockText('2026-06-01T17:02:00-05:00')).toBe('05:02 PM');
    expect(clockText('5:26 am')).toBe('5:26 am');
    expect(clockText(null)).toBe('-');
    expect(periodLabel({ start: '2026-06-01T05:10:00-05:00', end: '2026-06-01T07:10:00-05:00' })).toBe('05:10 AM – 07:10 AM');
  });

  it('names calendar days without the viewer’s zone moving them', () => {
    expect(dayLabel('2026-06-01')).toBe('Mon, Jun 1');
    expect(dayLabel('2026-06-01T23:30:00+09:00', 'long')).toBe('Monday, June 1');
    expect(dayLabel('2026-11-01', 'weekday')).toBe('Sunday');
    expect(dayLabel('2026-12-01', 'month')).toBe('December 2026');
    expect(longDate('2026-06-01T06:30:00-05:00')).toBe('June 01, 2026');
    expect(shortDate('2026-06-15T12:00:00Z')).toBe('Jun 15, 2026');
  });

  it('names hours on a 12-hour clock', () => {
    expect(hourLabel(0)).toBe('12 AM');
    expect(hourLabel(6)).toBe('6 AM');
    expect(hourLabel(12)).toBe('12 PM');
    expect(hourLabel(23)).toBe('11 PM');
    expect(hourRange(11)).toBe('11 AM – 12 PM');
    expect(hourRange(23)).toBe('11 PM – 12 AM');
  });

  it('says how long an outing lasted', () => {
    const at = Date.UTC(2026, 5, 1, 6, 0);
    expect(duration(at, at + 45 * 60_000)).toBe('45 min');
    expect(duration(at, at + 3 * 3_600_000)).toBe('3 h');
    expect(duration(at, at + 200 * 60_000)).toBe('3 h 20 min');
    expect(duration(at, at - 60_000)).toBe('0 min');
  });
});
