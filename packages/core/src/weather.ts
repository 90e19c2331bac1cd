import { z } from 'zod';

/**
 * Weather shapes shared by the server and the web client, and the pure rules
 * that turn raw readings into what anglers see.
 *
 * Units throughout: temperatures °F, wind mph, barometer/pressure hPa at sea
 * level (pressure_msl), precipitation inches. Numeric readings are nullable
 * because upstream models leave gaps (recent archive days, remote points) and
 * a missing reading must not be confused with zero.
 */

export type WindLabel =
  | 'N'
  | 'N by NE'
  | 'NE'
  | 'E'
  | 'E by SE'
  | 'SE'
  | 'S'
  | 'SW'
  | 'S by SW'
  | 'W'
  | 'W by NW'
  | 'NW';

// Upper bounds are inclusive. 'SW' before 'S by SW' looks swapped against a
// compass rose, but it is how the product spec names the sectors.
const WIND_SECTORS: ReadonlyArray<readonly [upTo: number, label: WindLabel]> = [
  [15, 'N'],
  [50, 'N by NE'],
  [80, 'NE'],
  [110, 'E'],
  [140, 'E by SE'],
  [165, 'SE'],
  [195, 'S'],
  [220, 'SW'],
  [250, 'S by SW'],
  [280, 'W'],
  [310, 'W by NW'],
  [340, 'NW'],
];

export function windLabel(degrees: number | null | undefined): WindLabel {
  if (degrees == null || !Number.isFinite(degrees)) return 'N';
  // Bearings such as 360 or -10 name the same direction as 0 and 350.
  const bearing = ((degrees % 360) + 360) % 360;
  for (const [upTo, label] of WIND_SECTORS) {
    if (bearing <= upTo) return label;
  }
  return 'N';
}

export function barometerInches(hPa: number): number;
export function barometerInches(hPa: null | undefined): null;
export function barometerInches(hPa: number | null | undefined): number | null;
export function barometerInches(hPa: number | null | undefined): number | null {
  if (hPa == null) return null;
  // EPSILON keeps values like x.xx5 from rounding down through float error.
  return Math.round((hPa * 0.02953 + Number.EPSILON) * 100) / 100;
}

export const weatherIconSchema = z.enum([
  'clear-day',
  'partly-cloudy-day',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'sleet',
  'snow',
  'thunderstorm',
]);
export type WeatherIcon = z.infer<typeof weatherIconSchema>;

export const precipTypeSchema = z.enum(['rain', 'snow', 'sleet']).nullable();
export type PrecipType = z.infer<typeof precipTypeSchema>;

export interface WeatherDescription {
  summary: string;
  icon: WeatherIcon;
  precipType: PrecipType;
}

const UNKNOWN_WEATHER: WeatherDescription = { summary: 'Unknown', icon: 'cloudy', precipType: null };

// WMO 4677 present-weather codes, restricted to the subset Open-Meteo emits.
const WMO_CODES: Readonly<Record<number, WeatherDescription>> = {
  0: { summary: 'Clear', icon: 'clear-day', precipType: null },
  1: { summary: 'Mainly clear', icon: 'clear-day', precipType: null },
  2: { summary: 'Partly cloudy', icon: 'partly-cloudy-day', precipType: null },
  3: { summary: 'Overcast', icon: 'cloudy', precipType: null },
  45: { summary: 'Fog', icon: 'fog', precipType: null },
  48: { summary: 'Freezing fog', icon: 'fog', precipType: null },
  51: { summary: 'Light drizzle', icon: 'drizzle', precipType: 'rain' },
  53: { summary: 'Drizzle', icon: 'drizzle', precipType: 'rain' },
  55: { summary: 'Heavy drizzle', icon: 'drizzle', precipType: 'rain' },
  56: { summary: 'Light freezing drizzle', icon: 'sleet', precipType: 'sleet' },
  57: { summary: 'Freezing drizzle', icon: 'sleet', precipType: 'sleet' },
  61: { summary: 'Light rain', icon: 'rain', precipType: 'rain' },
  63: { summary: 'Rain', icon: 'rain', precipType: 'rain' },
  65: { summary: 'Heavy rain', icon: 'rain', precipType: 'rain' },
  66: { summary: 'Light freezing rain', icon: 'sleet', precipType: 'sleet' },
  67: { summary: 'Freezing rain', icon: 'sleet', precipType: 'sleet' },
  71: { summary: 'Light snow', icon: 'snow', precipType: 'snow' },
  73: { summary: 'Snow', icon: 'snow', precipType: 'snow' },
  75: { summary: 'Heavy snow', icon: 'snow', precipType: 'snow' },
  77: { summary: 'Snow grains', icon: 'snow', precipType: 'snow' },
  80: { summary: 'Light rain showers', icon: 'rain', precipType: 'rain' },
  81: { summary: 'Rain showers', icon: 'rain', precipType: 'rain' },
  82: { summary: 'Heavy rain showers', icon: 'rain', precipType: 'rain' },
  85: { summary: 'Light snow showers', icon: 'snow', precipType: 'snow' },
  86: { summary: 'Heavy snow showers', icon: 'snow', precipType: 'snow' },
  95: { summary: 'Thunderstorm', icon: 'thunderstorm', precipType: 'rain' },
  96: { summary: 'Thunderstorm with hail', icon: 'thunderstorm', precipType: 'rain' },
  99: { summary: 'Thunderstorm with heavy hail', icon: 'thunderstorm', precipType: 'rain' },
};

export function describeWeatherCode(code: number | null | undefined): WeatherDescription {
  if (code == null) return UNKNOWN_WEATHER;
  return WMO_CODES[code] ?? UNKNOWN_WEATHER;
}

const reading = z.number().nullable();
const fraction = z.number().min(0).max(1).nullable();
const bearing = z.number().min(0).max(360).nullable();
const isoDate = z.iso.date();
const isoInstant = z.iso.datetime({ offset: true });

export const weatherCurrentSchema = z.object({
  airTemp: reading,
  temperatureHigh: reading,
  temperatureLow: reading,
  /** Degrees the wind blows from. */
  windDirection: bearing,
  windSpeed: reading,
  /** hPa at sea level. */
  barometer: reading,
  summary: z.string(),
  icon: weatherIconSchema,
  time: isoInstant,
  /** Relative humidity as a 0..1 fraction, like cloudCover. */
  humidity: fraction,
  dewpoint: reading,
  cloudCover: fraction,
  precipType: precipTypeSchema,
  /** Inches of precipitation in the hour ending at `time`'s hour. */
  precipHourly: reading,
});
export type WeatherCurrent = z.infer<typeof weatherCurrentSchema>;

export const forecastDaySchema = z.object({
  date: isoDate,
  summary: z.string(),
  icon: weatherIconSchema,
  airTempHigh: reading,
  airTempLow: reading,
  windDirection: bearing,
  /** Mean over the day's hours. */
  windSpeed: reading,
  /** Mean sea-level hPa over the day's hours. */
  barometer: reading,
});
export type ForecastDay = z.infer<typeof forecastDaySchema>;

export const hourlyEntrySchema = z.object({
  date: isoInstant,
  icon: weatherIconSchema,
  summary: z.string(),
  airTemp: reading,
  windDirection: bearing,
  windSpeed: reading,
  dewpoint: reading,
  barometer: reading,
  humidity: fraction,
});
export type HourlyEntry = z.infer<typeof hourlyEntrySchema>;

export const historicDaySchema = z.object({
  date: isoDate,
  icon: weatherIconSchema,
  summary: z.string(),
  temperatureHigh: reading,
  temperatureLow: reading,
  /** Mean over the day's hours. */
  windSpeed: reading,
  windBearing: bearing,
  /** Mean sea-level hPa over the day's hours. */
  pressure: reading,
});
export type HistoricDay = z.infer<typeof historicDaySchema>;
