import { describe, expect, it } from 'vitest';
import {
  barometerInches,
  describeWeatherCode,
  forecastDaySchema,
  historicDaySchema,
  hourlyEntrySchema,
  weatherCurrentSchema,
  windLabel,
} from '../src/weather';

describe('windLabel', () => {
  it.each([
    [0, 'N'],
    [15, 'N'],
    [15.1, 'N by NE'],
    [50, 'N by NE'],
    [50.5, 'NE'],
    [80, 'NE'],
    [95, 'E'],
    [110, 'E'],
    [111, 'E by SE'],
    [140, 'E by SE'],
    [150, 'SE'],
    [165, 'SE'],
    [180, 'S'],
    [195, 'S'],
    [200, 'SW'],
    [220, 'SW'],
    [230, 'S by SW'],
    [250, 'S by SW'],
    [265, 'W'],
    [280, 'W'],
    [300, 'W by NW'],
    [310, 'W by NW'],
    [320, 'NW'],
    [340, 'NW'],
    [340.1, 'N'],
    [359, 'N'],
    [360, 'N'],
  ] as const)('%s° is %s', (degrees, label) => {
    expect(windLabel(degrees)).toBe(label);
  });

  it('is N when there is no value', () => {
    expect(windLabel(null)).toBe('N');
    expect(windLabel(undefined)).toBe('N');
    expect(windLabel(Number.NaN)).toBe('N');
  });

  it('wraps bearings outside 0..360', () => {
    expect(windLabel(370)).toBe('N');
    expect(windLabel(-90)).toBe('W');
    expect(windLabel(405)).toBe('N by NE');
  });
});

describe('barometerInches', () => {
  it('converts hPa to inches of mercury rounded to 2 decimals', () => {
    expect(barometerInches(1013.25)).toBe(29.92);
    expect(barometerInches(1000)).toBe(29.53);
    expect(barometerInches(985.4)).toBe(29.1);
    expect(barometerInches(1040)).toBe(30.71);
  });

  it('passes missing readings through', () => {
    expect(barometerInches(null)).toBeNull();
    expect(barometerInches(undefined)).toBeNull();
  });
});

describe('describeWeatherCode', () => {
  it.each([
    [0, 'clear-day', null],
    [1, 'clear-day', null],
    [2, 'partly-cloudy-day', null],
    [3, 'cloudy', null],
    [45, 'fog', null],
    [48, 'fog', null],
    [51, 'drizzle', 'rain'],
    [55, 'drizzle', 'rain'],
    [56, 'sleet', 'sleet'],
    [57, 'sleet', 'sleet'],
    [61, 'rain', 'rain'],
    [65, 'rain', 'rain'],
    [66, 'sleet', 'sleet'],
    [67, 'sleet', 'sleet'],
    [71, 'snow', 'snow'],
    [77, 'snow', 'snow'],
    [80, 'rain', 'rain'],
    [82, 'rain', 'rain'],
    [85, 'snow', 'snow'],
    [86, 'snow', 'snow'],
    [95, 'thunderstorm', 'rain'],
    [96, 'thunderstorm', 'rain'],
    [99, 'thunderstorm', 'rain'],
  ] as const)('code %s is %s with %s', (code, icon, precipType) => {
    const described = describeWeatherCode(code);
    expect(described.icon).toBe(icon);
    expect(described.precipType).toBe(precipType);
    expect(described.summary).not.toBe('');
  });

  it('names the intensity in the summary', () => {
    expect(describeWeatherCode(0).summary).toBe('Clear');
    expect(describeWeatherCode(2).summary).toBe('Partly cloudy');
    expect(describeWeatherCode(3).summary).toBe('Overcast');
    expect(describeWeatherCode(61).summary).toBe('Light rain');
    expect(describeWeatherCode(75).summary).toBe('Heavy snow');
  });

  it('falls back for missing or unknown codes', () => {
    for (const code of [null, undefined, 4, 100, -1]) {
      expect(describeWeatherCode(code)).toEqual({ summary: 'Unknown', icon: 'cloudy', precipType: null });
    }
  });
});

describe('schemas', () => {
  const current = {
    airTemp: 71.2,
    temperatureHigh: 78,
    temperatureLow: 60.1,
    windDirection: 200,
    windSpeed: 8.4,
    barometer: 1012.3,
    summary: 'Partly cloudy',
    icon: 'partly-cloudy-day',
    time: '2026-06-15T12:30:00-05:00',
    humidity: 0.64,
    dewpoint: 58,
    cloudCover: 0.4,
    precipType: null,
    precipHourly: 0,
  };

  it('accepts a well-formed current reading, with gaps as null', () => {
    expect(weatherCurrentSchema.parse(current)).toEqual(current);
    const gappy = { ...current, airTemp: null, barometer: null, humidity: null };
    expect(weatherCurrentSchema.safeParse(gappy).success).toBe(true);
  });

  it('rejects percentages where a fraction belongs and times without an offset', () => {
    expect(weatherCurrentSchema.safeParse({ ...current, cloudCover: 40 }).success).toBe(false);
    expect(weatherCurrentSchema.safeParse({ ...current, time: '2026-06-15T12:30' }).success).toBe(false);
    expect(weatherCurrentSchema.safeParse({ ...current, icon: 'tornado' }).success).toBe(false);
  });

  it('checks day and hour shapes', () => {
    expect(
      forecastDaySchema.safeParse({
        date: '2026-06-16',
        summary: 'Rain',
        icon: 'rain',
        airTempHigh: 70,
        airTempLow: 55,
        windDirection: 180,
        windSpeed: 10,
        barometer: 1008,
      }).success,
    ).toBe(true);
    expect(
      hourlyEntrySchema.safeParse({
        date: '2026-06-16T05:00:00-05:00',
        icon: 'fog',
        summary: 'Fog',
        airTemp: 55,
        windDirection: 0,
        windSpeed: 2,
        dewpoint: 54,
        barometer: 1015,
        humidity: 0.97,
      }).success,
    ).toBe(true);
    const historic = {
      date: '2026-01-10',
      icon: 'snow',
      summary: 'Snow',
      temperatureHigh: 20,
      temperatureLow: 2,
      windSpeed: 12,
      windBearing: 310,
      pressure: 1025,
    };
    expect(historicDaySchema.safeParse(historic).success).toBe(true);
    expect(historicDaySchema.safeParse({ ...historic, date: '2026-02-30' }).success).toBe(false);
  });
});
